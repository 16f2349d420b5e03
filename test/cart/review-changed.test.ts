// Issue 14 at the review step (component, by role and label): the order goes out with the cart version the
// step showed; when the cart changed since (another tab), the step shows what changed in a translated
// notice that takes the focus, and the next click sends the version now shown. A new version in which
// nothing the customer reviewed differs is placed at once. The review says where the confirmation goes.
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { cartChanges } from '../../views/state/cart-changes.ts';
import type { ShopCart } from '../../src/contracts/shop-api.ts';
import { ReviewStep, type PlaceInput, type PlaceOutcome } from '../../views/pages/checkout/ReviewStep.tsx';
import { cart, productLine, renderInShop, swissAddress, text } from './ui.tsx';

t.afterEach(() => cleanup());

const shipping = {
  shippingMethodId: 'm', key: 'shipping', name: 'Shipping', deliveryMethod: 'standard-shipping',
  price: { centAmount: 0, currencyCode: 'CHF' }, totalGrossPrice: { centAmount: 0, currencyCode: 'CHF' },
} as const;
const reviewedCart = cart({ version: 5, customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress, paymentMethod: 'bank-transfer', shippingInfo: shipping });

/** The same cart after a second tab set 7 pieces and another street. */
function changedCart(): ShopCart {
  const line = reviewedCart.lineItems[0];
  const { totalPrice: _g, totalGrossPrice: _t, ...rest } = reviewedCart;
  return cart({
    ...rest, version: 7, shippingAddress: { ...swissAddress, streetName: 'Seestrasse', streetNumber: '3' },
    lineItems: [productLine({ ...line, quantity: 7, totalPrice: { centAmount: line.price!.centAmount * 7, currencyCode: 'CHF' } })],
  });
}

async function acceptAll(user: ReturnType<typeof userEvent.setup>) {
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
}

t.test('a cart changed after the review: the step shows what changed, moves focus there, and places the shown version only when asked again', async (t) => {
  const user = userEvent.setup();
  const sent: PlaceInput[] = [];
  const current = changedCart();
  const answers: PlaceOutcome[] = [
    { kind: 'cart-changed', current, error: { code: 'cart_version_conflict', status: 409, message: 'The cart has changed in the meantime. Please check it and try again.' } },
    { kind: 'placed' },
  ];
  const props = {
    pickupStore: null, refreshing: false, stepHref: (s: string) => `?step=${s}`, onTakeNewPrices: async () => {},
    onPlace: async (input: PlaceInput): Promise<PlaceOutcome> => (sent.push(input), answers.shift()!),
  };
  const view = renderInShop(h(ReviewStep, { ...props, cart: reviewedCart }));
  await acceptAll(user);
  await user.click(screen.getByRole('button', { name: 'Place binding order' }));
  t.equal(sent.length, 1, 'one request: nothing is placed for the changed cart by itself');
  t.equal(sent[0].cartVersion, 5, 'the order names the version the customer reviewed');

  // the page has read the cart again
  view.update(h(ReviewStep, { ...props, cart: current }));
  const notice = screen.getByRole('region', { name: 'Your cart has changed since you reviewed it' });
  t.equal(document.activeElement, notice, 'focus moves to the notice');
  const items = within(notice).getAllByRole('listitem').map(text);
  t.match(items.join('\n'), /Krugerrand 1 oz Gold: 7 pieces instead of 2/);
  t.match(items.join('\n'), /Delivery address: Anna Muster, Seestrasse 3, 8001 Zürich, Switzerland instead of Anna Muster, Bahnhofstrasse 12, 8001 Zürich, Switzerland/);
  t.match(items.join('\n'), /Total: CHF 24,180\.38 instead of CHF 6,908\.68/);
  t.match(text(notice), /Nothing has been ordered yet/);
  t.ok((screen.getByRole('checkbox', { name: /cancellation policy/ }) as HTMLInputElement).checked, 'the acceptances stay');

  await user.click(screen.getByRole('button', { name: 'Place binding order' }));
  t.equal(sent.length, 2);
  t.equal(sent[1].cartVersion, 7, 'asked again: the version now shown');
});

t.test('a new version with nothing the customer reviewed changed (a recalculation at the same prices) is placed without asking again', async (t) => {
  const user = userEvent.setup();
  const sent: PlaceInput[] = [];
  const same = { ...reviewedCart, version: 6, priceSetId: 'ps-2' };
  const answers: PlaceOutcome[] = [
    { kind: 'cart-changed', current: same, error: { code: 'cart_version_conflict', status: 409, message: 'changed' } },
    { kind: 'placed' },
  ];
  renderInShop(h(ReviewStep, {
    cart: reviewedCart, pickupStore: null, refreshing: false, stepHref: () => '', onTakeNewPrices: async () => {},
    onPlace: async (input: PlaceInput): Promise<PlaceOutcome> => (sent.push(input), answers.shift()!),
  }));
  await acceptAll(user);
  await user.click(screen.getByRole('button', { name: 'Place binding order' }));
  t.same(sent.map((s) => s.cartVersion), [5, 6]);
  t.notOk(screen.queryByRole('region', { name: /has changed/ }), 'no notice: nothing to tell');
});

t.test('the review says where the confirmation goes: a signed-in customer\'s account address', async (t) => {
  renderInShop(h(ReviewStep, {
    cart: reviewedCart, pickupStore: null, refreshing: false, stepHref: () => '', onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => ({ kind: 'placed' }), confirmationEmail: 'konto@example.ch',
  }));
  const data = screen.getByRole('region', { name: 'My data' });
  t.match(text(data), /The order confirmation goes to konto@example\.ch\./);
  t.notMatch(text(data), /anna@example\.ch/, 'not the address the cart was given as a guest');
});

t.test('German: the notice and the confirmation address in the customer\'s language', async (t) => {
  const user = userEvent.setup();
  const current = changedCart();
  renderInShop(h(ReviewStep, {
    cart: reviewedCart, pickupStore: null, refreshing: false, stepHref: () => '', onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => ({ kind: 'cart-changed', current, error: { code: 'cart_version_conflict', status: 409, message: 'geändert' } }),
  }), { lang: 'de' });
  t.match(text(screen.getByTestId('confirmation-email')), /Die Bestellbestätigung geht an anna@example\.ch\./);
  for (const name of [/Datenschutzerklärung/, /Geschäftsbedingungen/, /Stornobedingungen/]) await user.click(screen.getByRole('checkbox', { name }));
  await user.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
  const notice = screen.getByRole('region', { name: 'Ihr Warenkorb hat sich seit Ihrer Prüfung geändert' });
  t.match(text(notice), /Krugerrand 1 oz Gold: 7 Stück statt 2/);
});

t.test('cartChanges: lines added and removed, e-mail, method and payment; prices left out when the price modal covers them', async (t) => {
  const a = reviewedCart;
  const b = cart({
    ...a, customerEmail: 'b@example.ch', paymentMethod: 'cash', shippingInfo: { ...shipping, key: 'pickup', name: 'Pickup' },
    lineItems: [productLine({ sku: 'AG-PHIL-1OZ', name: 'Philharmoniker 1 oz Silver', quantity: 3 })],
  });
  t.same(cartChanges(a, b, { prices: false }).map((c) => c.kind), ['removed', 'added', 'email', 'shippingMethod', 'paymentMethod']);
  t.same(cartChanges(a, { ...a, version: 9, priceSetId: 'ps-9' }), [], 'a new version alone is no change');
  t.same(cartChanges(a, { ...a, totalGrossPrice: { centAmount: 1, currencyCode: 'CHF' } }).map((c) => c.kind), ['total']);
  t.same(cartChanges(a, { ...a, totalGrossPrice: { centAmount: 1, currencyCode: 'CHF' } }, { prices: false }), []);
  // a coupon swapped for another of the same value, or an identity document added: same total, still a change,
  // so the step asks again instead of placing by itself
  t.same(cartChanges(a, { ...a, discountCodes: [{ discountCodeId: 'd-2', code: 'VERSAND50' }] }).map((c) => c.kind), ['other']);
  t.same(cartChanges(a, { ...a, identityDocument: { documentType: 'passport', expiryDate: '2030-01-01' } }).map((c) => c.kind), ['other']);
});
