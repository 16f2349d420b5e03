// Issue 28: order numbers count per store, type and year (CH-B-2026-000001 is the Swiss store's first buy
// order of 2026), not across the whole shop, so two orders no longer reveal the shop's volume. The counter
// is gapless (an order that rolls back gives its number back) and never hands out a number twice, also to
// many orders placed at once (on PostgreSQL with `npm run test:pg` the requests really run side by side).
import t from 'tap';
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
