// Issue 15: a bank transfer is due within 5 working days; after 3 the customer is reminded once, after the
// 5th the order is cancelled by the payment-deadline job (the service's clock; two instances at once do
// each thing once). A partly paid order is not cancelled automatically; a paid one never.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness, T0, testClock } from '../commerce/helpers.ts';
import { customer, pricesNow, teardownData } from '../orders/helpers.ts';
import { auditActions, finance, mailsTo, order } from './helpers.ts';

const h = await commerceHarness(t);
const DAY = 86_400;
const LONG = { ACCESS_TOKEN_TTL_S: 30 * DAY, REFRESH_TOKEN_TTL_S: 60 * DAY };

t.test('reminder after 3 working days, once; cancelled after the 5th; two instances do each once', async (t) => {
  const api = await h.api(t, { config: LONG });
  await teardownData(t, h.db);
  await pricesNow(api);
  const other = await h.api(t, { clock: api.clock, config: LONG });
  const c = await customer(api, 'de');
  // placed on Sunday 22 November 2026 (T0): due Friday 27
  const unpaid = await order(c);
  const partly = await order(c);
  const paid = await order(c);
  const fin = finance();
  await life.recordPayment(api.app.commerce, partly.id, { centAmount: 1000, currency: 'EUR', reference: 'x', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  await life.recordPayment(api.app.commerce, paid.id, { centAmount: paid.totalGrossPrice.centAmount, currency: 'EUR', reference: 'x', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  const run = async () => {
    const [a, b] = await Promise.all([api.app.commerce.jobs.get(life.DEADLINE_JOB)!.run(), other.app.commerce.jobs.get(life.DEADLINE_JOB)!.run()]);
    return [a, b] as { reminded: number; cancelled: number }[];
  };
  const reminders = async (o: Order) => (await mailsTo(h.db, o.customerEmail, o.orderNumber)).filter((m) => /Erinnerung/.test(m.subject)).length;

  // Wednesday 25, 23:00 in Berlin: the 3rd working day has not passed
  api.clock.set(Date.parse('2026-11-25T21:59:00Z'));
  await run();
  t.equal(await reminders(unpaid), 0, 'no reminder on the 3rd working day');
  // Thursday 26 in Berlin
  api.clock.set(Date.parse('2026-11-25T23:01:00Z'));
  const [a, b] = await run();
  t.equal(a.reminded + b.reminded, 2, 'the two open orders are reminded, by one instance or the other');
  t.equal(await reminders(unpaid), 1);
  t.equal(await reminders(partly), 1);
  t.equal(await reminders(paid), 0, 'a paid order is not reminded');
  const text = (await mailsTo(h.db, unpaid.customerEmail, unpaid.orderNumber)).find((m) => /Erinnerung/.test(m.subject))!.text;
  t.match(text, /bis 27\/11\/2026/);
  t.match(text, /IBAN/);
  api.clock.advance(3600);
  await run();
  t.equal(await reminders(unpaid), 1, 'reminded once');
  t.match((await c.call('GET', `/orders/${unpaid.id}`)).json(), { orderState: 'Open', paymentDueBy: '2026-11-27' });

  // Friday 27, late: still due
  api.clock.set(Date.parse('2026-11-27T22:30:00Z'));
  await run();
  t.equal((await c.call('GET', `/orders/${unpaid.id}`)).json().orderState, 'Open', 'the due day counts in full');
  // Saturday 28 in Berlin
  api.clock.set(Date.parse('2026-11-27T23:30:00Z'));
  const results = await run();
  t.equal(results[0].cancelled + results[1].cancelled, 1, 'cancelled once');
  const mine = (await c.call('GET', `/orders/${unpaid.id}`)).json() as Order;
  t.match(mine, { orderState: 'Cancelled', paymentState: 'Pending', paymentDueBy: null });
  t.match(mine.timeline?.map((e) => e.kind), ['placed', 'payment_reminder', 'cancelled']);
  t.match((await mailsTo(h.db, unpaid.customerEmail, unpaid.orderNumber)).at(-1), { subject: /storniert/, text: /nicht innerhalb von 5 Werktagen \(bis 27\/11\/2026\)/ /* the German store: standard German */ });
  const detail = await life.opsOrderDetail(api.app.commerce, unpaid.id, ['support']);
  t.match(detail.timeline.at(-1), { action: 'cancelled', actor: { type: 'system', id: 'payment-deadline', email: null } });

  const p = await life.opsOrderDetail(api.app.commerce, partly.id, ['finance']);
  t.match(p.summary, { orderState: 'Open', overdue: true }, 'a partly paid order waits for finance');
  t.ok(p.summary.queues.includes('overdue'));
  t.equal((await c.call('GET', `/orders/${paid.id}`)).json().orderState, 'Confirmed', 'a paid order is never cancelled');
  t.same(await auditActions(h.db, paid.id), ['placed', 'payment_recorded', 'invoice_issued', 'confirmed']);

  await run();
  t.equal((await h.db.query(`select 1 from order_audit where order_id = $1 and action = 'cancelled'`, [unpaid.id])).length, 1, 'and stays cancelled once');
});

t.test('the job runs with the service: at start, and it is stopped with it', async (t) => {
  const clock = testClock(T0);
  const api = await h.api(t, { clock });
  const job = api.app.commerce.jobs.get(life.DEADLINE_JOB);
  t.ok(job, 'registered');
  await api.app.ready();
  await job!.idle();
  t.pass('ran at start without error');
});

t.test('one order the job cannot handle does not stop it for the others (each run would stop at it again)', async (t) => {
  const api = await h.api(t, { config: LONG });
  await teardownData(t, h.db);
  await pricesNow(api);
  const c = await customer(api, 'de');
  const broken = await order(c);
  const fine = await order(c);
  // an order whose mail cannot be written (no address to send it to), due first
  await h.db.query(`update orders set data = data - 'customerEmail', payment_due_by = payment_due_by - 1 where id = $1`, [broken.id]);
  api.clock.set(Date.parse('2026-12-01T10:00:00Z'));
  const job = api.app.commerce.jobs.get(life.DEADLINE_JOB)!;
  await t.rejects(job.run(), /1 order\(s\) could not be handled/, 'the run reports the order it could not handle');
  const states = await h.db.query<{ id: string; order_state: string }>('select id, order_state from orders where id = any($1::uuid[])', [[broken.id, fine.id]]);
  t.same(Object.fromEntries(states.map((r) => [r.id, r.order_state])), { [broken.id]: 'Open', [fine.id]: 'Cancelled' }, 'the other order is cancelled');
});
