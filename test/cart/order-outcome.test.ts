// Issue 23, "an order placed is never reported as failed": the storefront gave up on a slow commerce after
// its timeout and answered 503, the browser then made a new Idempotency-Key and got 409 co002 ("cart not
// active") while its order existed. The same when commerce committed and its answer was lost. Here the real
// storefront, a real commerce (PGlite) and the pass-through proxy between them: commerce is held inside the
// order's transaction until the storefront has given up, or its answer is cut after the commit and the
// commerce process is restarted. The customer's repeat, with the key the browser keeps or with a new one,
// ends in the one order, shown; nobody else gets it with the cart's id.
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { signedIn, type Shop } from '../api/helpers.ts';
import { testConfig } from '../commerce/helpers.ts';
import { testCompanyFacts } from '../company-facts.ts';
import { guestWith, readyBuyCart, shopWithPrices } from './api-helpers.ts';

async function orderCount(db: { query<T>(q: string, p: unknown[]): Promise<T[]> }, cartId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>('select count(*)::int as n from orders where cart_id = $1', [cartId]);
  return n;
}

async function mailsAbout(db: { query<T>(q: string, p: unknown[]): Promise<T[]> }, orderNumber: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from outbox where subject like '%' || $1 || '%'`, [orderNumber]);
  return n;
}

/** Commerce is stopped (its process killed) and a new one starts on the same database; the proxy forwards to it. */
async function restartCommerce(t: Test, shop: Shop): Promise<void> {
  await shop.commerce.close();
  const fresh = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: shop.db, config: testConfig({ RATE_LIMITS: shop.config.RATE_LIMITS }), logger: false, clock: shop.clock });
  await fresh.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => fresh.close());
  shop.proxy.target = `http://127.0.0.1:${(fresh.server.address() as AddressInfo).port}`;
}

t.test('commerce slower than the storefront\'s timeout: "not confirmed yet", and the repeat (same key or a new one) shows the one order', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const cart = await readyBuyCart(b);
  // A slow commerce: the order's transaction waits (after the order row, before the commit) until the
  // storefront has given up on it (its own 8 s) and answered the customer, whatever the machine's speed.
  // One order only: the hold is taken by the first placement.
  let release!: () => void;
  let hold: Promise<void> | null = new Promise<void>((r) => (release = r));
  shop.commerce.commerce.orderPlacedHooks.push(async () => {
    const h = hold;
    hold = null;
    if (h) await h;
  });
  const body = { cartId: cart.id, cartVersion: cart.version, idempotencyKey: 'checkout-attempt-slow-0001' };
  const first = await b.post('/api/orders', body);
  t.equal(first.status, 503, 'the storefront gave up');
  t.equal(first.json.code, 'order_outcome_open', 'an open outcome, not a failure');
  t.equal(first.json.message, 'Wir konnten Ihre Bestellung noch nicht bestätigen. Bitte senden Sie sie erneut ab: Eine bereits aufgegebene Bestellung wird Ihnen angezeigt und nie doppelt ausgeführt.');

  // commerce finishes late (the 9-10 s) while the customer's repeat is on its way
  release();
  const repeat = await b.post('/api/orders', body);
  t.equal(repeat.status, 201, `the repeat: the order ${repeat.text.slice(0, 200)}`);
  const order = repeat.json.order;
  t.match(order.orderNumber, /^CH-B-\d{4}-\d{6}$/);
  // what the checkout of today sent after a 503: the same request with a new key
  const withNewKey = await b.post('/api/orders', { ...body, idempotencyKey: 'checkout-attempt-slow-0002' });
  t.equal(withNewKey.status, 201, `the order, never co002 ${withNewKey.text.slice(0, 200)}`);
  t.equal(withNewKey.json.order.id, order.id, 'the same order');
  t.equal(await orderCount(shop.db, cart.id), 1, 'one order');
  t.equal(await mailsAbout(shop.db, order.orderNumber), 1, 'one confirmation mail');
  const shown = await b.get(`/api/orders/${order.id}`);
  t.equal(shown.status, 200);
  t.equal(shown.json.order.orderNumber, order.orderNumber, 'the confirmation page reads the one order');
});

t.test('commerce dies right after the commit (the answer is cut, the process restarted): the order exists, the customer is told "not confirmed yet", the repeat shows it', async (t) => {
  const shop = await shopWithPrices(t);
  const { b } = await signedIn(shop);
  const cart = await readyBuyCart(b);
  shop.proxy.lostAnswers.add('POST /orders');
  const body = { cartId: cart.id, cartVersion: cart.version, idempotencyKey: 'checkout-attempt-cut-0001' };
  b.language = 'en';
  const first = await b.post('/api/orders', body);
  t.equal(first.status, 503);
  t.equal(first.json.code, 'order_outcome_open');
  t.equal(first.json.message, 'We could not confirm your order yet. Please place it again: an order already placed is shown to you and never placed twice.');
  t.equal(await orderCount(shop.db, cart.id), 1, 'commerce had committed the order');

  // commerce was killed right after that commit; a new commerce process starts on the same database
  shop.proxy.lostAnswers.delete('POST /orders');
  await restartCommerce(t, shop);
  const withNewKey = await b.post('/api/orders', { ...body, idempotencyKey: 'checkout-attempt-cut-0002' });
  t.equal(withNewKey.status, 201, `a new key: the order, never co002 ${withNewKey.text.slice(0, 200)}`);
  const order = withNewKey.json.order;
  const sameKey = await b.post('/api/orders', body);
  t.equal(sameKey.status, 201);
  t.equal(sameKey.json.order.id, order.id, 'the kept key: the same order');
  t.equal(await orderCount(shop.db, cart.id), 1, 'one order');
  t.equal(await mailsAbout(shop.db, order.orderNumber), 1, 'one confirmation mail');
  t.equal((await b.get(`/api/orders/${order.id}`)).json.order.orderNumber, order.orderNumber, 'the confirmation shows it');
  t.same((await b.get('/api/carts')).json.carts, [], 'and the cart is gone');

  // nobody else gets it with the cart's id: another customer, a guest, a browser without any session
  const other = (await signedIn(shop)).b;
  const guest = await guestWith(shop);
  await guest.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const bare = shop.browser('ch.localhost');
  await bare.open();
  for (const [who, s] of [['another customer', other], ['a guest', guest], ['no session', bare]] as const) {
    const r = await s.post('/api/orders', { ...body, idempotencyKey: `stranger-attempt-${who.replace(/ /g, '-')}` });
    t.equal(r.status, 404, who);
    t.equal(r.json?.code, 'co001', who);
    t.notMatch(r.text, order.orderNumber, `${who}: nothing of the order`);
    t.notMatch(r.text, order.id, `${who}: not even its id`);
  }
  t.equal(await orderCount(shop.db, cart.id), 1);
});

t.test('a refusal is not an open outcome: a cart that cannot be ordered keeps its code', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const refused = await b.post('/api/orders', { cartId: cart.id, idempotencyKey: 'attempt-refused-0001' });
  t.equal(refused.status, 409);
  t.equal(refused.json.code, 'co003');
  shop.proxy.faults.set('POST /orders', 500);
  const broken = await b.post('/api/orders', { cartId: cart.id, idempotencyKey: 'attempt-refused-0002' });
  t.equal(broken.status, 502, 'a failure of the service');
  t.equal(broken.json.code, 'order_outcome_open', 'may have placed it: open');
});
