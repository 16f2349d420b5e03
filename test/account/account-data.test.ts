// The account's data as a whole: the orders list with its type filter (purchase and sell orders), only the
// customer's own, and account deletion (spec 6) taking everything the account features keep: limit
// orders, the deposit and its lots, availability alerts, the newsletter subscription and contact messages,
// also those given under the account's e-mail before signing in; other customers' data stays.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { recordPayment } from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness, PASSWORD, uniqueEmail } from '../commerce/helpers.ts';
import { customer, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { customerWithAddress, giveLimitOrder, inDays, openAccountShop, restoreProducts, setAvailability } from './helpers.ts';

const h = await commerceHarness(t);

async function ordered(s: Shopper, opts: Parameters<typeof readyCart>[1]): Promise<Order> {
  const res = await placeOrder(s, (await readyCart(s, opts)).id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

t.test('the orders list answers purchase or sell orders with type, newest first, and only the customer\'s own', async (t) => {
  const { api } = await openAccountShop(h, t);
  const c = await customer(api);
  const buy = await ordered(c, {});
  api.clock.advance(1);
  const sell = await ordered(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity: 1 }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'zuerich' });
  const all = (await c.call('GET', '/orders')).json();
  t.equal(all.total, 2);
  t.same(all.results.map((o: Order) => o.orderNumber), [sell.orderNumber, buy.orderNumber], 'newest first');
  t.same((await c.call('GET', '/orders?type=buy')).json().results.map((o: Order) => o.orderNumber), [buy.orderNumber]);
  const sells = (await c.call('GET', '/orders?type=sell')).json();
  t.equal(sells.total, 1);
  t.equal(sells.results[0].orderNumber, sell.orderNumber);
  t.equal((await c.call('GET', '/orders?type=gift')).statusCode, 400);
  const other = await customer(api);
  t.equal((await other.call('GET', '/orders')).json().total, 0);
  t.equal((await other.call('GET', `/orders/${buy.id}`)).statusCode, 404);
});

t.test('account deletion removes limit orders, deposit, alerts, newsletter and contact messages; others\' stay', async (t) => {
  const { api } = await openAccountShop(h, t);
  await restoreProducts(t, h.db, ['AG-PHIL-1OZ']);
  t.teardown(async () => {
    for (const table of ['deposits', 'availability_alerts', 'newsletter_subscriptions', 'contact_messages']) await h.db.query(`delete from ${table}`);
  });
  // a limit order needs a default address (issue 17)
  const keep = await customerWithAddress(api, 'de');
  const gone = await customerWithAddress(api, 'de');
  await setAvailability(api, 'AG-PHIL-1OZ', { availability: 'soldOut' });
  for (const c of [keep, gone]) {
    const bought = await ordered(c, { lines: [{ sku: 'AU-BAR-HERAEUS-100G', quantity: 1 }], shippingMethodId: 'deposit' });
    // issue 15: the metal enters the deposit when paid
    await recordPayment(api.app.commerce, bought.id, { centAmount: bought.totalGrossPrice.centAmount, currency: bought.currency, reference: bought.orderNumber, valueDate: '2026-11-23' },
      { type: 'operator', id: 'finance-test', email: 'finance@aurum.example' }, ['finance']);
    const lo = await giveLimitOrder(c, { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: 100_000, expiresAt: inDays(api, 5) });
    await c.call('DELETE', `/limit-orders/${lo.id}`);
    t.equal((await c.call('POST', '/availability-alerts', { sku: 'AG-PHIL-1OZ' })).statusCode, 201);
    t.equal((await c.call('POST', '/newsletters/subscriptions', { email: c.email })).statusCode, 201);
    t.equal((await c.call('POST', '/application/contact', { firstName: 'Anna', lastName: 'Muster', email: c.email, message: 'Frage', consent: true })).statusCode, 201);
    // before the account: a guest's alert and message under the same address
    await h.db.query(
      `insert into availability_alerts (id, store_key, email, email_lower, sku, language, confirmed_at, created_at, updated_at)
       values (gen_random_uuid(), 'de', $1, lower($1), 'AU-KRUG-1OZ', 'de', $2, $2, $2)`,
      [c.email, api.clock()],
    );
    await api.call('POST', '/application/contact', { store: 'de', body: { firstName: 'A', lastName: 'M', email: c.email.toUpperCase(), message: 'Vorher', consent: true } });
  }
  const stranger = uniqueEmail('fremd');
  await api.call('POST', '/application/contact', { store: 'de', body: { firstName: 'F', lastName: 'R', email: stranger, message: 'Andere', consent: true } });

  const count = async (sql: string, params: unknown[]) => (await h.db.query<{ n: number }>(sql, params))[0].n;
  const personal = async (c: { ownerId: string; email: string }) => ({
    limitOrders: await count('select count(*)::int as n from limit_orders where customer_id = $1', [c.ownerId]),
    deposits: await count('select count(*)::int as n from deposits where customer_id = $1', [c.ownerId]),
    lots: await count('select count(*)::int as n from deposit_lots l join deposits d on d.id = l.deposit_id where d.customer_id = $1', [c.ownerId]),
    alerts: await count('select count(*)::int as n from availability_alerts where customer_id = $1 or email_lower = lower($2)', [c.ownerId, c.email]),
    newsletter: await count('select count(*)::int as n from newsletter_subscriptions where email_lower = lower($1)', [c.email]),
    contact: await count('select count(*)::int as n from contact_messages where customer_id = $1 or email_lower = lower($2)', [c.ownerId, c.email]),
  });
  const before = { limitOrders: 1, deposits: 1, lots: 1, alerts: 2, newsletter: 1, contact: 2 };
  t.same(await personal(gone), before);

  // metal still in the depot blocks the deletion; once it is sold (the lot's remaining 0) the depot goes too
  const held = await gone.call('DELETE', `/customers/${gone.ownerId}`, { password: PASSWORD });
  t.equal(held.statusCode, 409);
  t.equal(held.json().code, 'deposit_not_empty');
  t.same(await personal(gone), before, 'a refused deletion changes nothing');
  await h.db.query('update deposit_lots set remaining = 0 where deposit_id in (select id from deposits where customer_id = $1)', [gone.ownerId]);
  const res = await gone.call('DELETE', `/customers/${gone.ownerId}`, { password: PASSWORD });
  t.equal(res.statusCode, 200, res.body);
  t.same(await personal(gone), { limitOrders: 0, deposits: 0, lots: 0, alerts: 0, newsletter: 0, contact: 0 }, 'nothing of the account is left');
  t.same(await personal(keep), before, 'the other customer\'s data stays');
  t.equal(await count('select count(*)::int as n from contact_messages where email_lower = $1', [stranger]), 1);
});
