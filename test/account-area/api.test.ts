// The account area's /api calls and pages between real services (issue 10): a customer never sees another
// customer's order or limit order: the API forwards the service's 404, the account page is the 404 page.
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { signedIn, startShop, swissAddress, type Shop } from '../api/helpers.ts';
import { priceSetAt } from '../orders/helpers.ts';

async function pricesNow(shop: Shop) {
  const set = await priceSetAt(shop.db, shop.clock().getTime());
  const res = await shop.commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200) throw new Error(`hand-over ${res.statusCode} ${res.body}`);
}

t.test('orders and limit orders of another customer answer 404, on /api and as account pages', async (t) => {
  const shop = await startShop(t);
  await pricesNow(shop);
  const { b: anna, account: annaAccount } = await signedIn(shop);
  const { b: ben, account: benAccount } = await signedIn(shop);

  // Anna orders a Krugerrand and gives a limit order
  const added = await anna.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const cartId = added.json.cart.id as string;
  await anna.put(`/api/carts/${cartId}/addresses`, { shippingAddress: swissAddress(), billingAddress: swissAddress() });
  await anna.put(`/api/carts/${cartId}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  const placed = await anna.post('/api/orders', { cartId, idempotencyKey: 'account-area-test-1' });
  t.equal(placed.status, 201, placed.text);
  const orderId = placed.json.order.id as string;
  const expiresAt = new Date(shop.clock().getTime() + 7 * 86_400_000).toISOString();
  // a limit order needs a default address (issue 17): her first address becomes it
  t.equal((await anna.post('/api/me/addresses', swissAddress())).status, 201);
  const given = await anna.post('/api/limit-orders', { sku: 'AU-KRUG-1OZ', quantity: 2, targetCentAmount: 100_00, expiresAt });
  t.equal(given.status, 201, given.text);
  const lo = given.json.limitOrder;
  t.equal(lo.status, 'active');

  // her own lists
  const orders = await anna.get('/api/orders');
  t.equal(orders.status, 200);
  t.equal(orders.json.total, 1);
  t.equal(orders.json.results[0].id, orderId);
  const list = await anna.get('/api/limit-orders?status=active,inactive');
  t.same(list.json.results.map((x: { id: string }) => x.id), [lo.id]);

  // spec 5: over 500,000.00 and an expiry in the past are refused with field messages in her language
  const bad = await anna.post('/api/limit-orders', { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: 50_000_001, expiresAt: '2001-01-01T00:00:00Z' });
  t.equal(bad.status, 400);
  t.match(JSON.stringify(bad.json.details), /höchstens CHF.500'000 betragen/, 'the limit with its currency, Swiss grouping');

  // Ben sees none of it
  t.same((await ben.get('/api/orders')).json.results, []);
  for (const [path, code] of [[`/api/orders/${orderId}`, 'order_not_found'], [`/api/limit-orders/${lo.id}`, 'limit_order_not_found']] as const) {
    const r = await ben.get(path);
    t.equal(r.status, 404, path);
    t.equal(r.json.code, code);
  }
  t.equal((await ben.put(`/api/limit-orders/${lo.id}`, { quantity: 5 })).status, 404);
  t.equal((await ben.delete(`/api/limit-orders/${lo.id}`)).status, 404);
  t.equal((await ben.get('/api/deposit')).json.deposit, null, 'no deposit yet');

  // the account pages: Anna's render, Ben gets the shop's 404 page
  t.equal((await anna.get(`/kundenkonto/bestelluebersicht/${orderId}`)).status, 200);
  t.equal((await anna.get(`/kundenkonto/limit-order/${lo.id}`)).status, 200);
  t.equal((await ben.get(`/kundenkonto/bestelluebersicht/${orderId}`)).status, 404);
  t.equal((await ben.get(`/kundenkonto/limit-order/${lo.id}`)).status, 404);
  t.equal((await ben.get('/kundenkonto/limit-order/not-an-id')).status, 404);

  // the overview (one commerce call, issue 16): Anna's newest order and open limit order, none of Ben's;
  // a cancelled limit order is not open and leaves it
  const annaOverview = await anna.get('/__data/kundenkonto');
  t.equal(annaOverview.status, 200, annaOverview.text);
  t.equal(annaOverview.json.data.customer.email, annaAccount.email);
  t.same(annaOverview.json.data.latestOrders.map((o: { id: string }) => o.id), [orderId]);
  t.same(annaOverview.json.data.openLimitOrders.map((x: { id: string }) => x.id), [lo.id]);
  const benOverview = await ben.get('/__data/kundenkonto');
  t.same([benOverview.json.data.latestOrders, benOverview.json.data.openLimitOrders], [[], []]);
  t.equal(benOverview.json.data.customer.email, benAccount.email);
  const page = await anna.get('/kundenkonto');
  t.equal(page.status, 200);
  t.match(page.text, placed.json.order.orderNumber, 'the page lists her order');

  // a guest has no orders: 401 on /api, login (and back) for the pages
  const guest = shop.browser('ch.localhost');
  await guest.open();
  t.equal((await guest.get('/api/orders')).status, 401);
  const guestPage = await guest.get('/produkt/krugerrand-1-oz/limit-order');
  t.equal(guestPage.status, 302);
  t.match(String(guestPage.headers.location), /^\/login\?redirect=%2Fprodukt%2F/);

  // deleting cancels it (it stays in the list as cancelled)
  const del = await anna.delete(`/api/limit-orders/${lo.id}`);
  t.equal(del.json.limitOrder.status, 'cancelled');
  t.same((await anna.get('/__data/kundenkonto')).json.data.openLimitOrders, [], 'no longer open');
});
