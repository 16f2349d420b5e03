// The checkout's steps cannot be skipped (spec 2: only completed steps can be revisited), UTM parameters of
// the landing URL reach the order (spec 3), and the scrap estimate is the service's own calculation.
import 'global-jsdom/register';
import t from 'tap';
import { allowedStep, completedSteps, completeStep, resetProgress } from '../../views/state/checkout-progress.ts';
import { captureUtm, readUtm } from '../../client/state/utm.ts';
import { scrapEstimateCents, ouncesToGrams } from '../../src/contracts/scrap.ts';
import { checkoutBlocker } from '../../views/components/cart/checkout-blocker.ts';
import { cart, productLine, swissAddress } from './ui.tsx';

t.beforeEach(() => sessionStorage.clear());

t.test('a step counts as completed only when it was submitted and the cart still holds its data', async (t) => {
  const c = cart();
  t.same(completedSteps(c), []);
  t.equal(allowedStep('review', []), 'data', 'a URL asking for the review lands on My data');
  completeStep(c, 'cart');
  completeStep(c, 'data');
  t.same(completedSteps(c), ['cart'], 'My data was submitted, but the cart has no addresses');
  const withData = { ...c, customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress };
  t.same(completedSteps(withData), ['cart', 'data']);
  t.equal(allowedStep('review', completedSteps(withData)), 'delivery');
  t.equal(allowedStep('data', completedSteps(withData)), 'data', 'a completed step can be revisited');
  t.equal(allowedStep(null, completedSteps(withData)), 'delivery', 'without a step: where the customer left off');
  t.equal(allowedStep('nonsense', completedSteps(withData)), 'delivery');

  const full = { ...withData, paymentMethod: 'bank-transfer' as const, shippingInfo: { shippingMethodId: 'm', key: 'shipping' as const, name: 'Shipping', deliveryMethod: null, price: { centAmount: 0, currencyCode: 'CHF' as const }, totalGrossPrice: { centAmount: 0, currencyCode: 'CHF' as const } } };
  completeStep(full, 'delivery');
  t.equal(allowedStep('review', completedSteps(full)), 'review');
  t.same(completedSteps({ ...full, id: '99999999-9999-4999-8999-999999999999' }), [], 'another cart (recreated, merged) starts over');
  t.same(completedSteps({ ...full, shippingAddress: null }), ['cart'], 'a gap ends the run');
  resetProgress('buy');
  t.same(completedSteps(full), [], 'after the order nothing is kept');
});

t.test('the cart may go to the checkout only within spec 5 and 9 limits', async (t) => {
  t.equal(checkoutBlocker(null), 'no_cart_items');
  t.equal(checkoutBlocker(cart({ lineItems: [] })), 'no_cart_items');
  t.equal(checkoutBlocker({ ...cart(), pending: true }), 'pending', 'not while a line waits for the server');
  t.equal(checkoutBlocker(cart({ lineItems: [productLine({ price: null, totalPrice: null })], totalPrice: null })), 'prices_unavailable');
  t.equal(checkoutBlocker(cart({ totalPrice: { centAmount: 99, currencyCode: 'CHF' } })), 'below_minimum_order_value', 'spec 9: minimum 1.00');
  t.equal(checkoutBlocker(cart({ totalPrice: { centAmount: 100, currencyCode: 'CHF' } })), null);
  t.equal(checkoutBlocker(cart({ totalPrice: { centAmount: 50_000_001, currencyCode: 'CHF' } })), 'cart_limit_exceeded', 'spec 9: maximum 500,000');
  t.equal(checkoutBlocker(cart({ totalPrice: { centAmount: 0, currencyCode: 'CHF' } })), 'cart_total_zero');
});

t.test('UTM parameters of the landing URL are kept for the visit; a later landing with its own replaces them', async (t) => {
  captureUtm('?utm_source=newsletter&utm_medium=email&utm_campaign=gold&other=1&utm_term=');
  t.same(readUtm(), { utm_campaign: 'gold', utm_source: 'newsletter', utm_medium: 'email' });
  captureUtm('?page=2');
  t.same(readUtm(), { utm_campaign: 'gold', utm_source: 'newsletter', utm_medium: 'email' }, 'a page without any keeps them');
  captureUtm(`?utm_id=${'x'.repeat(300)}`);
  t.same(readUtm(), { utm_id: 'x'.repeat(200) }, 'at most the service\'s 200 characters');
  sessionStorage.setItem('utmParams', '{"utm_source":42,"evil":"<script>"}');
  t.same(readUtm(), {}, 'only the known keys, only strings');
  sessionStorage.setItem('utmParams', 'not json');
  t.same(readUtm(), {});
});

t.test('the scrap estimate: fine metal at the bid price less the refining deduction, rounded down; ounces to grams', async (t) => {
  // 31.1034768 g of fine gold is one troy ounce: at a bid of 2,000.00 less 5 %
  t.equal(scrapEstimateCents({ metal: 'gold', fineness: 1000, weightGrams: 31.1034768 }, 200_000), 190_000);
  t.equal(scrapEstimateCents({ metal: 'gold', fineness: 585, weightGrams: 10 }, 200_000), Math.floor(((10 * 0.585) / 31.1034768) * 200_000 * 0.95));
  t.equal(scrapEstimateCents({ metal: 'dental-gold', fineness: 750, weightGrams: 5 }, 200_000), Math.floor(((5 * 0.75) / 31.1034768) * 200_000 * 0.9));
  t.equal(scrapEstimateCents({ metal: 'silver', fineness: 925, weightGrams: 0 }, 3_000), 0);
  t.equal(scrapEstimateCents({ metal: 'silver', fineness: 925, weightGrams: Number.NaN }, 3_000), 0);
  t.equal(ouncesToGrams(1), 31.1);
  t.equal(ouncesToGrams(2.5), 77.76);
});
