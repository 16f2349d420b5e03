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
import { orderFixture } from './order-fixture.ts';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());


const order = (over: Partial<Order> = {}): Order => orderFixture({ orderState: 'Cancelled', paymentDueBy: '2026-12-09', ...over });

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
