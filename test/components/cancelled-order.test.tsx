// Issue 23: a cancelled order owes nothing. The customer's order list and order page say so ("Nichts offen",
// "No payout" for a sale), never "payment pending"; an order that was paid before it was cancelled still
// says paid. The back office shows the same (test/backoffice/orders.test.ts).
import './render.tsx';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import type { Order } from '../../src/contracts/order.ts';
import { pathFor } from '../../src/screens.ts';
import AccountOrderPage from '../../views/pages/account-order/Page.tsx';
import AccountOrdersPage from '../../views/pages/account-orders/Page.tsx';
import { renderInShop } from './render.tsx';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const eur = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' as const });
const address = { title: null, firstName: 'Anna', lastName: 'Muster', company: null, streetName: 'Hauptstraße', streetNumber: '1', apartment: null, zipCode: '10115', city: 'Berlin', state: null, country: 'DE', phone: null };

function order(over: Partial<Order> = {}): Order {
  return {
    id: '44444444-4444-4444-8444-444444444444', orderNumber: 'DE-B-2026-000042', createdAt: '2026-12-02T08:15:00Z', type: 'buy', orderState: 'Cancelled', paymentState: 'Pending',
    paymentMethod: 'bank-transfer', paymentDate: null, amount: eur(712_345), deliveryMethod: 'standard-shipping',
    shippingInfo: { shippingMethodId: 'm', key: 'shippingBuy', name: 'Versand', deliveryMethod: 'standard-shipping', price: eur(0), totalGrossPrice: eur(0) },
    pickupStore: null, billingAddress: address, shippingAddress: address,
    lineItems: [{ id: 'l1', kind: 'product', sku: 'AU-KRUG-1OZ', productId: 'p1', name: 'Krügerrand 1 Unze Gold', slug: null, imageUrl: null, quantity: 2, scrap: null, price: { type: 'buy', centAmount: 356_172, minQuantity: 1, taxCentAmount: 0 }, totalPrice: eur(712_345) }],
    itemCount: 2, totalPrice: eur(712_345), discount: null, totalTaxPrice: eur(0), totalGrossPrice: eur(712_345), customerEmail: 'anna@example.de', locale: 'de-DE',
    country: 'DE', currency: 'EUR', comment: null, optInTrustedShops: false, priceSetId: 'ps', paymentInstructions: null, payoutAccount: null,
    identityDocumentRecorded: false, cashReport: null, paymentDueBy: '2026-12-09', ...over,
  } as Order;
}

t.test('the orders list: a cancelled purchase owes nothing, a cancelled sale pays nothing out, a paid one stays paid', async (t) => {
  const results = [
    order(),
    order({ id: '55555555-5555-4555-8555-555555555555', orderNumber: 'DE-S-2026-000007', type: 'sell', paymentState: 'Pending' }),
    order({ id: '66666666-6666-4666-8666-666666666666', orderNumber: 'DE-B-2026-000043', paymentState: 'Paid' }),
  ];
  for (const [lang, expected] of [
    ['de', [['Storniert', 'Nichts offen'], ['Storniert', 'Keine Auszahlung'], ['Storniert', 'Bezahlt']]],
    ['en', [['Cancelled', 'Nothing owed'], ['Cancelled', 'No payout'], ['Cancelled', 'Paid']]],
  ] as const) {
    renderInShop(<AccountOrdersPage />, { path: pathFor('accountOrders', lang), store: 'de', session: { level: 'user' }, loaderData: { orders: { results, total: 3, limit: 10, offset: 0 }, page: 1, pages: 1, type: 'all', meta: {} } });
    const rows = within(await screen.findByTestId('orders-table')).getAllByRole('row').slice(1);
    t.same(rows.map((r) => within(r).getAllByRole('cell').slice(2, 4).map(text)), expected, lang);
    t.notOk(rows[0].querySelector('.status-tag.status-pending'), `${lang}: no "waiting" badge`);
    cleanup();
  }
});

t.test('the order page of a cancelled purchase: nothing owed, no pay-by line', async (t) => {
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'en', { slug: order().id }), store: 'de', session: { level: 'user' }, loaderData: { order: order(), meta: {} } });
  t.equal(text(await screen.findByTestId('order-state')), 'Cancelled');
  t.equal(text(screen.getByTestId('order-payment-state')), 'Nothing owed');
  t.equal(screen.queryByTestId('order-pay-by'), null);
});
