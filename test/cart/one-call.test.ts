// Issue 16: one click is one upstream call. Add to cart used to cost the storefront 2-6 calls to commerce
// (read, sum, PUT, retry on a version conflict, DELETE + POST + PUT for the deposit mode); now commerce adds
// the line (and switches the mode) itself, so the storefront sends exactly one. Counted at commerce.
import t from 'tap';
import { guestWith, shopWithPrices } from './api-helpers.ts';

t.test('add to cart is one call to commerce, the deposit switch included; adds from two tabs both count', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const snapshot = () => new Map(shop.calls);
  const since = (before: Map<string, number>) => Object.fromEntries([...shop.calls].filter(([k, n]) => n !== (before.get(k) ?? 0)).map(([k, n]) => [k, n - (before.get(k) ?? 0)]));

  let before = snapshot();
  const first = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(first.status, 200);
  const firstCalls = since(before);
  t.equal(firstCalls['POST /carts/lines'], 1, 'the add');
  t.same(Object.keys(firstCalls).filter((k) => k.includes('/carts')), ['POST /carts/lines'], 'and no other cart call (the guest\'s first write also gets its anonymous token, spec 4)');

  before = snapshot();
  const second = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 });
  t.equal(second.json.cart.lineItems[0].quantity, 3);
  t.same(since(before), { 'POST /carts/lines': 1 }, 'one call');

  before = snapshot();
  const deposit = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  t.equal(deposit.json.notice, 'cart_recreated', 'spec 4: the delivery cart is started anew for the deposit');
  t.equal(deposit.json.cart.shippingInfo.key, 'deposit');
  t.same(since(before), { 'POST /carts/lines': 1 }, 'the mode switch in the same call');

  before = snapshot();
  const [a, c] = await Promise.all([
    b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true }),
    b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 3, deposit: true }),
  ]);
  t.same([a.status, c.status], [200, 200]);
  t.same(since(before), { 'POST /carts/lines': 2 }, 'two tabs, two calls, no retries');
  const carts = await b.get('/api/carts');
  t.equal(carts.json.carts[0].lineItems[0].quantity, 6, '1 + 2 + 3: both adds count');
});

t.test('a scrap item is one call to commerce, the mode switch included; two tabs adding at once both count (issue 24)', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const sold = await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  t.equal(sold.json.cart.shippingInfo.key, 'depositSell', 'a sale from the deposit, with goods');
  const before = new Map(shop.calls);
  const item = { metal: 'gold', fineness: 585, weightGrams: 10 };
  const [a, c] = await Promise.all([b.post('/api/cart/scrap-items', item), b.post('/api/cart/scrap-items', { ...item, weightGrams: 20 })]);
  t.same([a.status, c.status], [200, 200], 'the second tab does not meet the cart the first deleted');
  t.same([a.json.notice, c.json.notice].filter(Boolean), ['cart_recreated'], 'spec 4: one of them says the cart was started anew');
  const cartCalls = Object.fromEntries([...shop.calls].filter(([k, n]) => k.includes('/carts') && n !== (before.get(k) ?? 0)).map(([k, n]) => [k, n - (before.get(k) ?? 0)]));
  t.same(cartCalls, { 'POST /carts/scrap-items': 2 }, 'one call per add: no read, no mode switch of its own');
  const carts = await b.get('/api/carts');
  const sell = carts.json.carts.find((x: { transactionType: string }) => x.transactionType === 'sell');
  t.not(sell.shippingInfo?.key, 'depositSell');
  t.same(sell.lineItems.map((l: { scrap: { weightGrams: number } }) => l.scrap.weightGrams).sort(), [10, 20], 'both scrap items');
});
