// Issue 23 (spec 4 and 8): when finance records a failed payment (or the bank returns the transfer), the
// customer's order page shows the spec's "payment error" message, the payment state Failed, and the
// timeline entry with the reason finance gave (a returned transfer has none). The order's data here is what
// commerce answers after the step (test/lifecycle/payment-failed.test.ts asserts that answer).
import './render.tsx';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import type { Order, OrderTimelineEntry } from '../../src/contracts/order.ts';
import { pathFor } from '../../src/screens.ts';
import AccountOrderPage from '../../views/pages/account-order/Page.tsx';
import { renderInShop } from './render.tsx';
import { eur, orderFixture, ORDER_ID } from './order-fixture.ts';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const REASON = 'Ihre Bank hat die Überweisung abgelehnt.';

const failedOrder = (timeline: OrderTimelineEntry[]): Order => orderFixture({ paymentState: 'Failed', paymentDueBy: null, timeline });

const placed: OrderTimelineEntry = { at: '2026-12-02T08:15:00Z', kind: 'placed', orderState: 'Open', paymentState: 'Pending', details: {} };
const failed = (details: Record<string, unknown>): OrderTimelineEntry => ({ at: '2026-12-04T09:30:00Z', kind: 'payment_failed', orderState: 'Open', paymentState: 'Failed', details });

function show(o: Order, lang: 'de' | 'en') {
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', lang, { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: o, meta: {} } });
}

const timelineTexts = () => within(screen.getByTestId('order-timeline')).getAllByRole('listitem')
  .filter((li) => li.parentElement === screen.getByTestId('order-timeline'))
  .map((li) => text(li.querySelector('.order-timeline-text')));

t.test('finance marked the payment failed: the payment error, the state, the timeline with the reason (de and en)', async (t) => {
  show(failedOrder([placed, failed({ reason: REASON })]), 'de');
  t.equal(text(await screen.findByTestId('order-payment-state')), 'Fehlgeschlagen');
  const page = text(screen.getByRole('main'));
  t.match(page, 'Fehler bei der Zahlung');
  t.match(page, 'Die Zahlung für die Bestellung DE-B-2026-000042 ist nicht durchgegangen.');
  t.same(timelineTexts(), ['Sie haben die Bestellung aufgegeben.', `Die Zahlung ist fehlgeschlagen: ${REASON}`]);
  t.equal(screen.queryByTestId('order-pay-by'), null, 'no due date once failed');
  cleanup();

  show(failedOrder([placed, failed({ reason: 'The bank refused the transfer.' })]), 'en');
  t.equal(text(await screen.findByTestId('order-payment-state')), 'Failed');
  t.match(text(screen.getByRole('main')), 'The payment for order DE-B-2026-000042 did not go through.');
  t.same(timelineTexts().at(-1), 'The payment failed: The bank refused the transfer.');
});

t.test('a returned transfer: the payment error, the timeline without a reason', async (t) => {
  show(failedOrder([placed, failed({ amount: eur(712_345) })]), 'en');
  await screen.findByTestId('order-payment-state');
  t.match(text(screen.getByRole('main')), 'Payment error');
  t.same(timelineTexts().at(-1), 'The payment failed.');
});
