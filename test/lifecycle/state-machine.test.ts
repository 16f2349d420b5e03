// Issue 24: the order state machine is data (src/commerce/lifecycle/transitions.ts). Every change goes through
// its one table: a planted table (a row left out, a row that leads elsewhere) is refused the same way by every
// path, a back-office step, the camt.053 import, the jobs and the customer's answer to a counter-offer; and the
// work queues (SQL and per order) and the `actions` of the /ops answer follow the table. Time: the fake clock.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { OpsAction } from '../../src/contracts/ops.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import {
  orderMachine, queueStates, useMachine, type Machine, type Transition,
} from '../../src/commerce/lifecycle/transitions.ts';
import { messageTemplate } from '../../src/i18n.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, pricesNow, teardownData, type Shopper } from '../orders/helpers.ts';
import { auditActions, finance, order, scrapSale, support, warehouse } from './helpers.ts';

const h = await commerceHarness(t);
const DAY = 86_400;
const LONG = { ACCESS_TOKEN_TTL_S: 30 * DAY, REFRESH_TOKEN_TTL_S: 60 * DAY };
const sample = readFileSync(new URL('../fixtures/camt053-ch-sample.xml', import.meta.url), 'utf8');
const chf = (cents: number) => (cents / 100).toFixed(2);

async function shop(t: Test) {
  const api = await h.api(t, { config: LONG });
  await teardownData(t, h.db);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  await pricesNow(api);
  return api;
}

/** Plants a machine for the rest of the test; the shop's own comes back at its end. */
function plant(t: Test, m: Partial<Machine>): void {
  t.teardown(useMachine({ transitions: orderMachine, queues: queueStates, ...m }));
}
const without = (pred: (r: Transition) => boolean) => orderMachine.filter((r) => !pred(r));

/** The sample statement paying exactly the first order (the others: no match). */
const statementPaying = (o: Order) => sample
  .replaceAll('CH-B-2026-000101', o.orderNumber).replaceAll('3488.90', chf(o.totalGrossPrice.centAmount));

const states = async (id: string) =>
  (await h.db.query<{ order_state: string; payment_state: string }>('select order_state, payment_state from orders where id = $1', [id]))[0];

t.test('a table without the row of money for an Open order: the back-office step and the camt.053 import are refused alike, nothing changes', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'ch');
  const o = await order(c);
  const fin = finance();
  // the other payment rows stay (a returned payment paid again, cash at the counter): finance keeps the step's role
  const restore = useMachine({ transitions: without((r) => r.event === 'payment_recorded' && !!r.from.orderStates?.includes('Open')), queues: queueStates });
  t.teardown(restore);

  t.notOk((await life.opsOrderDetail(ctx, o.id, fin.roles)).actions.includes('payment'), 'finance is not offered the step');
  t.match(await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23' }, fin.actor, fin.roles).catch((e) => e),
    { statusCode: 409, code: 'invalid_transition', details: { orderState: 'Open', paymentState: 'Pending', action: 'payment' } }, 'the step: 409 invalid_transition');
  const imported = await life.importBankStatement(ctx, statementPaying(o), fin.actor, fin.roles);
  t.equal(imported.applied, 0, 'the statement applies nothing');
  t.equal(imported.entries.find((e) => e.orderNumber === o.orderNumber)?.result, 'not_awaiting_payment', 'its line for the order is flagged');
  t.same(await states(o.id), { order_state: 'Open', payment_state: 'Pending' });
  t.same((await life.opsOrderDetail(ctx, o.id, fin.roles)).payments, [], 'no payment recorded');
  t.same(await auditActions(h.db, o.id), ['placed', 'payment_flagged'], 'only the flag (its own row) is written');

  restore();
  await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: 'CHF', reference: o.orderNumber, valueDate: '2026-11-23' }, fin.actor, fin.roles);
  t.same(await states(o.id), { order_state: 'Confirmed', payment_state: 'Paid' }, 'with the shop\'s table the step takes the money');
});

t.test('a row that leads elsewhere than the step goes: move() refuses it and the whole step rolls back', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c);
  const fin = finance();
  await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: 'EUR', reference: 'x', valueDate: '2026-11-23' }, fin.actor, fin.roles);
  // planted: shipping would cancel the order (the step still asks to complete it)
  plant(t, { transitions: orderMachine.map((r) => (r.event === 'shipped' ? { ...r, to: { orderState: ['Cancelled'] } } : r)) });
  const wh = warehouse();
  t.ok((await life.opsOrderDetail(ctx, o.id, wh.roles)).actions.includes('shipment'), 'the step is offered (its row starts here)');
  t.match(await life.recordShipment(ctx, o.id, { carrier: 'DHL', trackingNumber: '123456' }, wh.actor, wh.roles).catch((e) => e),
    { statusCode: 409, code: 'invalid_transition', details: { action: 'shipped' } });
  t.same(await states(o.id), { order_state: 'Confirmed', payment_state: 'Paid' }, 'still Confirmed');
  t.same((await life.opsOrderDetail(ctx, o.id, wh.roles)).shipments, [], 'the shipment the step wrote first is rolled back');
  t.notOk((await auditActions(h.db, o.id)).includes('shipped'));
});

t.test('the jobs ask the table: without its row the deadline job neither reminds nor cancels; with it, it does', async (t) => {
  const api = await shop(t);
  const c = await customer(api, 'de');
  const o = await order(c); // placed Sunday 22 November 2026, due Friday 27
  const run = () => api.app.commerce.jobs.get(life.DEADLINE_JOB)!.run() as Promise<{ reminded: number; cancelled: number }>;
  const restore = useMachine({ transitions: without((r) => r.event === 'cancelled' || r.event === 'payment_reminder'), queues: queueStates });
  t.teardown(restore);
  api.clock.set(Date.parse('2026-11-28T09:00:00Z')); // Saturday 28: past due
  t.same(await run(), { reminded: 0, cancelled: 0 }, 'the job leaves it (and fails on nothing)');
  t.same(await states(o.id), { order_state: 'Open', payment_state: 'Pending' });
  restore();
  t.match(await run(), { cancelled: 1 }, 'the shop\'s table: cancelled');
  t.same(await states(o.id), { order_state: 'Cancelled', payment_state: 'Pending' });
  t.same(await auditActions(h.db, o.id), ['placed', 'cancelled'], 'the audit names the change once');
});

/** A scrap sale assayed far below its estimate: a counter-offer open for 14 days. */
async function offered(api: Awaited<ReturnType<typeof shop>>, c: Shopper) {
  const ctx = api.app.commerce;
  const o = await scrapSale(c, [{ metal: 'gold', fineness: 750, weightGrams: 10 }]);
  const wh = warehouse();
  await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
  await life.recordAssay(ctx, o.id, { lines: [{ lineId: o.lineItems[0].id, finalFineWeightMg: 6_000 }], confirmDeviation: true }, wh.actor, wh.roles);
  return o;
}

t.test('the customer\'s answer and the offer deadline job are refused without their rows; the offer stays open', async (t) => {
  const api = await shop(t);
  const c = await customer(api, 'de');
  const o = await offered(api, c);
  const offer = () => h.db.query<{ s: string }>(`select data->'counterOffer'->>'status' as s from orders where id = $1`, [o.id]).then((r) => r[0].s);
  t.equal(await offer(), 'open');
  const restore = useMachine({ transitions: without((r) => r.event.startsWith('offer_')), queues: queueStates });
  t.teardown(restore);
  const answer = await c.call('POST', `/orders/${o.id}/counter-offer`, { decision: 'decline' });
  t.match({ status: answer.statusCode, body: answer.json() }, { status: 409, body: { code: 'invalid_transition' } }, 'the storefront\'s answer: 409');
  api.clock.advance(15 * DAY);
  t.same(await api.app.commerce.jobs.get(life.OFFER_JOB)!.run(), { expired: 0 }, 'the job leaves it');
  t.equal(await offer(), 'open', 'the offer is still open');
  restore();
  t.same(await api.app.commerce.jobs.get(life.OFFER_JOB)!.run(), { expired: 1 }, 'the shop\'s table: it expires');
  t.equal(await offer(), 'expired');
});

t.test('the queues follow the table, in SQL and per order', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c);
  const before = await life.listOpsOrders(ctx, { queue: 'to_ship' });
  t.equal(before.total, 0, 'an unpaid purchase is not to ship');
  t.equal(before.counts.to_pay, 1);
  // planted: orders awaiting money by transfer are (also) to ship, nothing is to pay
  plant(t, { queues: { ...queueStates, to_ship: [{ type: 'buy', orderStates: ['Open'], paymentStates: ['Pending'], when: ['bankTransfer'] }], to_pay: [] } });
  const after = await life.listOpsOrders(ctx, { queue: 'to_ship' });
  t.same(after.results.map((r) => r.id), [o.id], 'the queue\'s SQL follows');
  t.match(after.counts, { to_ship: 1, to_pay: 0 }, 'the counts too');
  t.same(after.results[0].queues, ['to_ship'], 'the order\'s own queues too');
  t.equal((await life.listOpsOrders(ctx, { queue: 'to_pay' })).total, 0);
});

t.test('the actions and roles of the /ops answer follow the table', async (t) => {
  const api = await shop(t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c);
  const wh = warehouse();
  t.same((await life.opsOrderDetail(ctx, o.id, wh.roles)).actions, [], 'the warehouse has nothing to do on an unpaid order');
  const asSupport = await life.opsOrderDetail(ctx, o.id, support().roles);
  t.same(asSupport.actions, ['cancel']);
  t.same(asSupport.actionForms, [{
    action: 'cancel', path: 'cancel', roles: ['support', 'finance', 'admin'], fields: [{ name: 'reasonCode', required: false }, { name: 'reason', required: false }],
  }], 'with what its form needs: the call, the roles, the fields');
  t.same((await life.opsOrderDetail(ctx, o.id, finance().roles)).actionForms.map((f) => [f.action, f.path, f.fields.filter((x) => x.required).map((x) => x.name)]),
    [['payment', 'payments', ['centAmount', 'currency', 'reference', 'valueDate']], ['cancel', 'cancel', []], ['payment-failed', 'payment-failed', ['reason']]]);
  // planted: the warehouse may cancel too, support no more
  plant(t, { transitions: orderMachine.map((r) => (r.step === 'cancel' ? { ...r, by: ['warehouse', 'admin', 'system'] } : r)) });
  const asWarehouse = await life.opsOrderDetail(ctx, o.id, wh.roles);
  t.same(asWarehouse.actions, ['cancel'], 'the warehouse is offered it');
  t.same(asWarehouse.actionForms[0].roles, ['warehouse', 'admin'], 'its form names the roles of the table');
  t.same((await life.opsOrderDetail(ctx, o.id, support().roles)).actions, [], 'support is not');
  const sup = support();
  t.match(await life.cancelOrder(ctx, o.id, { reason: 'customer asked' }, sup.actor, sup.roles).catch((e) => e), { statusCode: 403, code: 'operator_role_required', details: { roles: ['warehouse', 'admin'] } });
  const detail = await life.cancelOrder(ctx, o.id, { reason: 'customer asked' }, wh.actor, wh.roles);
  t.equal(detail.summary.orderState, 'Cancelled', 'the warehouse cancels it');
});

t.test('the shop\'s table: every step has a row, every mail a text, every audit kind a name, in both languages', async (t) => {
  const steps = OpsAction.anyOf.map((s) => s.const as string);
  for (const s of steps) t.ok(orderMachine.some((r) => r.step === s), `a row starts ${s}`);
  for (const lang of ['en', 'de'] as const) {
    for (const kind of new Set(orderMachine.flatMap((r) => r.mail))) t.ok(messageTemplate(lang, `mail.lifecycle.${kind}.subject`), `${lang}: mail.lifecycle.${kind}`);
    for (const event of new Set(orderMachine.map((r) => r.event))) t.ok(messageTemplate(lang, `backoffice.event.${event}`), `${lang}: backoffice.event.${event}`);
  }
});

t.test('one writer of order states: only move() (the gate) writes them, no other statement of the code', async (t) => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.includes('/migrations/')) files.push(p);
    }
  };
  walk('src');
  const writers = files.filter((f) => /update\s+orders\s+set[^'`]*\b(order_state|payment_state)\s*=/i.test(readFileSync(f, 'utf8')));
  t.same(writers, ['src/commerce/lifecycle/repository.ts'], 'one statement writes the states (updateOrderStates)');
  const callers = files.filter((f) => !f.endsWith('lifecycle/repository.ts') && readFileSync(f, 'utf8').includes('updateOrderStates('));
  t.same(callers, ['src/commerce/lifecycle/model.ts'], 'called by move() alone');
  t.equal(readFileSync('src/commerce/lifecycle/model.ts', 'utf8').match(/updateOrderStates\(/g)?.length, 1, 'once');
});
