// Issue 28: order numbers count per store, type and year (CH-B-2026-000001 is the Swiss store's first buy
// order of 2026), not across the whole shop, so two orders no longer reveal the shop's volume. The counter
// is gapless (an order that rolls back gives its number back) and never hands out a number twice, also to
// many orders placed at once (on PostgreSQL with `npm run test:pg` the requests really run side by side).
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { migrate, migrationsDir, openDb } from '../../src/commerce/db/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { nextOrderNumber } from '../../src/commerce/orders/numbers.ts';
import { customer, openShop, placeOrder, readyCart } from './helpers.ts';

const h = await commerceHarness(t);

t.beforeEach(async () => {
  await h.db.query('delete from order_number_counters');
});

/** The running number of an order number (CH-B-2026-000042 -> 42). */
const runningNumber = (n: string) => Number(n.split('-')[3]);

t.test('each store counts its own orders: the first order of CH and of DE are both number 1', async (t) => {
  const { api } = await openShop(h, t);
  const year = api.clock().getUTCFullYear();
  const ch = await customer(api, 'ch');
  const de = await customer(api, 'de');
  const chFirst = (await placeOrder(ch, (await readyCart(ch)).id)).json();
  const deFirst = (await placeOrder(de, (await readyCart(de)).id)).json();
  const chSecond = (await placeOrder(ch, (await readyCart(ch)).id)).json();
  t.equal(chFirst.orderNumber, `CH-B-${year}-000001`);
  t.equal(deFirst.orderNumber, `DE-B-${year}-000001`, 'the German store does not see the Swiss order in its number');
  t.equal(chSecond.orderNumber, `CH-B-${year}-000002`);
  const sell = await readyCart(ch, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'zuerich' });
  const soldRes = await placeOrder(ch, sell.id);
  t.equal(soldRes.statusCode, 201, soldRes.body.slice(0, 300));
  const sold = soldRes.json();
  t.equal(sold.orderNumber, `CH-S-${year}-000001`, 'sell orders count apart from buy orders');
  // the numbers camt matching reads from payment references
  for (const n of [chFirst, deFirst, chSecond, sold].map((o) => o.orderNumber)) t.match(n, /^(AT|CH|DE|LI|US)-[BS]-20\d\d-\d{6}$/);
});

t.test('a new year starts at 1; a rolled-back order gives its number back (no gap)', async (t) => {
  await h.db.transaction((tx) => nextOrderNumber(tx, 'at', 'buy', new Date('2026-12-31T23:00:00Z')));
  await h.db.transaction((tx) => nextOrderNumber(tx, 'at', 'buy', new Date('2026-12-31T23:30:00Z')));
  t.equal(await h.db.transaction((tx) => nextOrderNumber(tx, 'at', 'buy', new Date('2027-01-01T08:00:00Z'))), 'AT-B-2027-000001');
  await t.rejects(h.db.transaction(async (tx) => {
    t.equal(await nextOrderNumber(tx, 'at', 'buy', new Date('2026-12-31T23:45:00Z')), 'AT-B-2026-000003');
    throw new Error('the order insert failed');
  }));
  t.equal(await h.db.transaction((tx) => nextOrderNumber(tx, 'at', 'buy', new Date('2026-12-31T23:50:00Z'))), 'AT-B-2026-000003', 'the number of the rolled-back order is handed out again');
});

t.test('twelve orders placed at once in one store get the numbers 1 to 12, each once', async (t) => {
  const { api } = await openShop(h, t);
  const shoppers = await Promise.all(Array.from({ length: 12 }, () => customer(api, 'li')));
  const carts = await Promise.all(shoppers.map((s) => readyCart(s)));
  const placed = await Promise.all(shoppers.map((s, i) => placeOrder(s, carts[i].id)));
  for (const res of placed) t.equal(res.statusCode, 201, res.body.slice(0, 200));
  const numbers = placed.map((r) => runningNumber(r.json().orderNumber as string)).sort((a, b) => a - b);
  t.same(numbers, Array.from({ length: 12 }, (_, i) => i + 1));
});

t.test('migration 0038 on a shop with orders: each counter goes on after its highest number, none is handed out twice', async (t) => {
  const db = await openDb('memory');
  t.teardown(() => db.close());
  const before = mkdtempSync(join(tmpdir(), 'mig-'));
  for (const f of readdirSync(migrationsDir).filter((f) => f < '0038')) cpSync(join(migrationsDir, f), join(before, f));
  await migrate(db, before);
  const customerId = randomUUID();
  const placed = new Date('2026-09-01T10:00:00Z');
  await db.query(`insert into customers (id, store_key, kind, created_at, updated_at) values ($1, 'ch', 'anonymous', $2, $2)`, [customerId, placed]);
  // numbered by the old shop-wide sequence: 41 (CH buy), 42 (DE buy), 43 (CH sell), 44 (CH buy)
  for (const [store, n] of [['ch', 'CH-B-2026-000041'], ['de', 'DE-B-2026-000042'], ['ch', 'CH-S-2026-000043'], ['ch', 'CH-B-2026-000044']]) {
    await db.query(
      `insert into orders (id, customer_id, store_key, order_number, created_at, type, order_state, payment_state, currency, total_gross_cents, data)
       values ($1, $2, $3, $4, $5, $6, 'Open', 'Pending', 'CHF', 350000, '{}'::jsonb)`,
      [randomUUID(), customerId, store, n, placed, n.includes('-S-') ? 'sell' : 'buy'],
    );
  }
  await migrate(db);
  const next = (store: 'ch' | 'de' | 'at', type: 'buy' | 'sell') => db.transaction((tx) => nextOrderNumber(tx, store, type, new Date('2026-11-25T10:00:00Z')));
  t.equal(await next('ch', 'buy'), 'CH-B-2026-000045');
  t.equal(await next('de', 'buy'), 'DE-B-2026-000043');
  t.equal(await next('ch', 'sell'), 'CH-S-2026-000044');
  t.equal(await next('at', 'buy'), 'AT-B-2026-000001', 'a store without orders starts at 1');
});
