// Issue 23 in the checkout: a cash cart below the identification threshold whose placement the service
// refuses with identity_document_required (the customer's linked cash orders count together) makes the
// delivery step ask for the identity document, with a notice that says the orders count together.
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ShippingMethodsResponse } from '../../src/contracts/order.ts';
import type { Result } from '../../src/contracts/result.ts';
import { DeliveryStep, type DeliverySubmit } from '../../views/pages/checkout/DeliveryStep.tsx';
import { ReviewStep, type PlaceOutcome } from '../../views/pages/checkout/ReviewStep.tsx';
import { amlThresholdFor } from '../../views/components/cart/AmlNotice.tsx';
import { cashIdentificationThresholds } from '../../src/contracts/aml.ts';
import { cart, renderInShop, swissAddress, text } from './ui.tsx';

t.afterEach(() => cleanup());

const pickup = { shippingMethodId: 'p', key: 'pickup' as const, name: 'Pick up in store', deliveryMethod: 'pickup', price: { centAmount: 0, currencyCode: 'CHF' as const }, totalGrossPrice: { centAmount: 0, currencyCode: 'CHF' as const } };

t.test('a refusal for linked cash orders brings the identity document into the delivery step', async (t) => {
  const user = userEvent.setup();
  const below = cart({
    id: '44444444-4444-4444-8444-444444444444', customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress,
    paymentMethod: 'cash', pickupStore: 'zuerich', shippingInfo: pickup, totalGrossPrice: { centAmount: 1_386_100, currencyCode: 'CHF' },
  });
  t.equal(amlThresholdFor('ch', below, 'cash'), null, 'CHF 13,861 alone is below the threshold');

  renderInShop(h(ReviewStep, {
    cart: below, pickupStore: null, refreshing: false, stepHref: (s: string) => `/en/checkout/buy?step=${s}`, onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => ({ kind: 'error', error: { code: 'identity_document_required', status: 409, message: 'For cash payments of this amount the law requires us to record your identity document. Your cash orders placed shortly before count together with this one.' } }),
  }));
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
  await act(async () => user.click(screen.getByRole('button', { name: 'Place binding order' })));
  t.match(text(screen.getByRole('alert')), /count together/, 'the refusal says the linked orders count');
  t.equal(screen.getByRole('link', { name: 'Go to delivery and payment' }).getAttribute('href'), '/en/checkout/buy?step=delivery');
  cleanup();

  t.match(amlThresholdFor('ch', below, 'cash'), { ...cashIdentificationThresholds.ch, linked: true }, 'from now on the cart needs the document');
  t.equal(amlThresholdFor('ch', { ...below, id: 'another-cart' }, 'cash'), null, 'only this cart');

  const sent: DeliverySubmit[] = [];
  const methods: ShippingMethodsResponse = {
    cartId: below.id, currency: 'CHF',
    methods: [{ id: 'p', key: 'pickup', name: 'Pick up in store', description: 'Collect it.', transactionType: 'buy', deliveryMethod: 'pickup', requiresPickupStore: true, price: { centAmount: 0, currencyCode: 'CHF' }, available: true, reason: null }],
    pickupStores: [{ slug: 'zuerich', name: 'Aurum Zurich', streetAddress: 'Barrengasse 7', postalCode: '8001', city: 'Zürich', country: 'CH', openingHours: [] }],
  };
  const ok: Result<unknown> = { data: {}, error: null };
  renderInShop(h(DeliveryStep, { cart: below, methods, refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }));
  const notice = screen.getByTestId('aml-notice');
  t.match(text(notice), /Your cash orders in this shop within the last 30 days count together with this one\./);
  t.match(text(notice), /GwV-FINMA Art\. 51 Abs\. 1 \(CH\): transactions that appear linked/);
  t.ok(screen.getByRole('group', { name: 'Identity document' }), 'the document\'s fields are asked for');
});

t.test('a refusal for the cash payout cap with linked sales shows cash ruled out in the delivery step', async (t) => {
  const user = userEvent.setup();
  const sale = cart({
    id: '55555555-5555-4555-8555-555555555555', transactionType: 'sell', customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress,
    paymentMethod: 'cash', pickupStore: 'zuerich', totalGrossPrice: { centAmount: 330_000, currencyCode: 'CHF' },
    shippingInfo: { ...pickup, key: 'leave-in-store', name: 'Bring to a store', deliveryMethod: 'leave-in-store' },
  });
  renderInShop(h(ReviewStep, {
    cart: sale, pickupStore: null, refreshing: false, stepHref: (s: string) => `/en/checkout/sell?step=${s}`, onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => ({ kind: 'error', error: { code: 'cash_payout_limit', status: 409, message: 'Cash payouts in store are limited to CHF 15,000.00, together with your cash sales placed shortly before. Please choose a bank transfer.' } }),
  }));
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
  await act(async () => user.click(screen.getByRole('button', { name: /^(Place binding order|Sell now|Submit binding sale)/ })));
  t.match(text(screen.getByRole('alert')), /together with your cash sales/);
  cleanup();

  const methods: ShippingMethodsResponse = {
    cartId: sale.id, currency: 'CHF',
    methods: [{ id: 's', key: 'leave-in-store', name: 'Bring to a store', description: 'At the counter.', transactionType: 'sell', deliveryMethod: 'leave-in-store', requiresPickupStore: true, price: { centAmount: 0, currencyCode: 'CHF' }, available: true, reason: null }],
    pickupStores: [{ slug: 'zuerich', name: 'Aurum Zurich', streetAddress: 'Barrengasse 7', postalCode: '8001', city: 'Zürich', country: 'CH', openingHours: [] }],
  };
  renderInShop(h(DeliveryStep, { cart: sale, methods, refreshing: false, onSubmit: async () => ({ data: {}, error: null }) }));
  const cash = screen.getAllByRole('radio').find((r) => (r as HTMLInputElement).value === 'cash') as HTMLInputElement;
  t.ok(cash.disabled, 'a cash payout is ruled out for this cart');
  t.match(text(cash.closest('label')!), /together with your cash sales placed shortly before/);
});
