// The storefront's cart API (issue 9) between real services: the storefront proxies the real commerce
// service (PGlite) with the customer's cookies; prices come from a real price set handed over as the price
// service does. Carts, lines, scrap, locales and the deposit modes; orders, refusals, checkout data, the
// wishlist and sign-in are in checkout-api.test.ts.
import t from 'tap';
import { shopWithPrices, guestWith } from './api-helpers.ts';

t.test('a guest reading carts gets none and no session; the first add to cart creates the session and the cart', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const empty = await b.get('/api/carts');
  t.equal(empty.status, 200);
  t.same(empty.json, { carts: [] });
  t.notOk(b.cookie('ctToken'), 'reading carts makes no anonymous customer');
  t.equal(shop.count('GET /admin/customers/anonymous'), 0);

  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 });
  t.equal(added.status, 200);
  t.ok(b.cookie('ctToken'), 'spec 4: an anonymous token before the cart');
  t.equal(b.cookie('ctTokenLevel'), 'Anonymous');
  const cart = added.json.cart;
  t.equal(cart.transactionType, 'buy');
  t.equal(cart.itemCount, 2);
  t.equal(cart.currency, 'CHF');
  t.notOk('ownerId' in cart, 'the owner id stays on the server');
  t.ok(cart.totalGrossPrice.centAmount > 0);

  const again = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 3 });
  t.equal(again.json.cart.id, cart.id, 'one active cart per type');
  t.equal(again.json.cart.lineItems[0].quantity, 5, 'adding adds to what the cart holds');
  const list = await b.get('/api/carts');
  t.same(list.json.carts.map((c: { transactionType: string; itemCount: number }) => [c.transactionType, c.itemCount]), [['buy', 5]]);
});

t.test('quantities, removal and a cart of another customer', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const set = await b.put(`/api/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 4 });
  t.equal(set.json.cart.lineItems[0].quantity, 4);
  const stale = await b.put(`/api/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2, version: cart.version });
  t.equal(stale.status, 409);
  t.equal(stale.json.code, 'cart_version_conflict');
  t.match(stale.json.message, /geändert/, 'in the page\'s language');

  const other = await guestWith(shop);
  await other.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const foreign = await other.put(`/api/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 9 });
  t.equal(foreign.status, 404, 'another customer\'s cart is not found');
  t.equal(foreign.json.code, 'cart_not_found');
  t.equal((await b.put('/api/carts/not-a-uuid/line-items', { sku: 'AU-KRUG-1OZ', quantity: 1 })).status, 404);

  const removed = await b.delete(`/api/carts/${cart.id}/line-items`, { sku: 'AU-KRUG-1OZ' });
  t.equal(removed.json.cart.itemCount, 0);
  const missing = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'NOPE-0000', quantity: 1 });
  t.equal(missing.status, 404);
  t.equal(missing.json.message, 'Produkt nicht gefunden.');
});

t.test('scrap items go into the sell cart and count one item each', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop, 'ch.localhost', 'en');
  const first = await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 585, weightGrams: 12.5 });
  t.equal(first.status, 200);
  const second = await b.post('/api/cart/scrap-items', { metal: 'dental-gold', fineness: 750, weightGrams: 3 });
  const cart = second.json.cart;
  t.equal(cart.transactionType, 'sell');
  t.equal(cart.itemCount, 2);
  t.equal(cart.lineItems[0].name, 'Scrap gold 585/1000, 12.5 g', 'names in the page\'s language');
  const gone = await b.delete(`/api/carts/${cart.id}/scrap-items/${cart.lineItems[0].id}`);
  t.equal(gone.json.cart.itemCount, 1);
  const bad = await b.post('/api/cart/scrap-items', { metal: 'copper', fineness: 585, weightGrams: 1 });
  t.equal(bad.status, 400);
  t.equal(bad.json.code, 'validation_failed');
});

t.test('spec 4: a cart read in the other language answers in it; the cart takes the language when the customer acts (issue 24)', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  b.language = 'en';
  const read = await b.get('/api/carts');
  t.match(read.json.carts[0].lineItems[0].name, /Krugerrand/);
  t.equal(read.json.carts[0].locale, 'de-CH', 'a read stores nothing (it used to write the locale)');
  const changed = await b.put(`/api/carts/${added.json.cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2 });
  t.equal(changed.json.cart.locale, 'en-GB', 'the customer\'s next write');
});

t.test('spec 4: adding a deposit product to a delivery cart starts the cart anew with the Deposit method', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const first = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: false })).json;
  t.notOk(first.notice);
  const deposit = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true });
  t.equal(deposit.status, 200);
  t.equal(deposit.json.notice, 'cart_recreated');
  t.not(deposit.json.cart.id, first.cart.id, 'a new cart');
  t.equal(deposit.json.cart.shippingInfo.key, 'deposit');
  t.equal(deposit.json.cart.itemCount, 2, 'only the deposit product');
  const more = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  t.notOk(more.json.notice, 'same mode: the cart stays');
  t.equal(more.json.cart.itemCount, 3);
  const old = await b.put(`/api/carts/${first.cart.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(old.status, 404, 'the deleted cart is gone (the browser removes it locally)');
});

t.test('the deposit page\'s "sell" starts the sell cart anew with the depositSell method; items sent in are not mixed with it', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const sentIn = (await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  t.equal(sentIn.cart.shippingInfo, null, 'a sell cart from the product page has no method yet');
  const fromDeposit = await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true });
  t.equal(fromDeposit.status, 200);
  t.equal(fromDeposit.json.notice, 'cart_recreated');
  t.not(fromDeposit.json.cart.id, sentIn.cart.id, 'a new sell cart');
  t.match(fromDeposit.json.cart, { transactionType: 'sell', itemCount: 2, shippingInfo: { key: 'depositSell', deliveryMethod: 'deposit' } });
  const buy = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: false })).json;
  t.equal(buy.cart.shippingInfo, null, 'the buy cart is not touched');
  const back = await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: false });
  t.equal(back.json.notice, 'cart_recreated', 'and back to sending in: anew again');
  t.equal(back.json.cart.shippingInfo, null);

  await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true });
  const fromProductPage = await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(fromProductPage.json.notice, 'cart_recreated', 'a sell add without the flag (product page, price list) is an item sent in');
  t.match(fromProductPage.json.cart, { itemCount: 1, shippingInfo: null });
  await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true });
  const scrap = await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 585, weightGrams: 10 });
  t.equal(scrap.status, 200, JSON.stringify(scrap.json));
  t.equal(scrap.json.notice, 'cart_recreated', 'scrap never goes into a sale from the deposit');
  t.match(scrap.json.cart, { itemCount: 1, shippingInfo: null, lineItems: [{ kind: 'scrap' }] });
  const empty = await b.post('/api/cart/items', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  await b.delete(`/api/carts/${empty.json.cart.id}/line-items`, { sku: 'AU-KRUG-1OZ' });
  const intoEmpty = await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 585, weightGrams: 10 });
  t.notOk(intoEmpty.json.notice, 'an empty depositSell cart just loses the method');
  t.match(intoEmpty.json.cart, { id: empty.json.cart.id, shippingInfo: null });
});

t.test('coupons: spec 5 and 8 messages in the customer\'s language', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const empty = await b.put(`/api/carts/${cart.id}/coupon`, { code: '  ' });
  t.equal(empty.json.code, 'coupon_code_required');
  const unknown = await b.put(`/api/carts/${cart.id}/coupon`, { code: 'GIBTSNICHT' });
  t.equal(unknown.json.code, 'coupon_not_found');
  t.equal(unknown.json.message, 'Gutscheincode nicht gefunden.');
  const applied = await b.put(`/api/carts/${cart.id}/coupon`, { code: 'versandfrei' });
  t.equal(applied.json.cart.discount.code, 'VERSANDFREI');
  const second = await b.put(`/api/carts/${cart.id}/coupon`, { code: 'VERSAND50' });
  t.equal(second.json.code, 'only_one_coupon');
  const removed = await b.delete(`/api/carts/${cart.id}/coupon`, { discountCodeId: applied.json.cart.discount.discountCodeId });
  t.equal(removed.json.cart.discount, null);
});

// Issue 14: a fresh browser whose first adds go out at once (two tabs opened together) got one anonymous customer
// per request: every add answered 200 and 27 of 30 pieces were lost. The page's browser key (ctAnonymousKey)
// makes them one guest, so every add answered 200 is in the cart the browser ends up with.
t.test('parallel first adds of a fresh browser all end up in its one cart', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  t.notOk(b.cookie('ctToken'), 'no session before the first write');
  t.ok(b.cookie('ctAnonymousKey'), 'the page gave the browser its key');
  const adds = await Promise.all(Array.from({ length: 10 }, () => b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 3 })));
  const okCount = adds.filter((r) => r.status === 200).length;
  t.equal(okCount, 10, 'every add is answered 200');
  const carts = (await b.get('/api/carts')).json.carts as { transactionType: string; lineItems: { sku: string; quantity: number }[] }[];
  t.same(carts.map((c) => c.lineItems.map((l) => [l.sku, l.quantity])), [[['AU-KRUG-1OZ', 3 * okCount]]], 'all 30 pieces are in the cart');
  t.notOk(b.cookie('ctAnonymousKey'), 'the key is gone once the browser has its tokens');
  t.equal(shop.count('GET /admin/customers/anonymous'), 10);
  t.equal((await shop.db.query("select id from customers where kind = 'anonymous'")).length, 1, 'one guest, not ten');
});

t.test('issue 17: the cart maximum is named with its currency in the store\'s format; the cart stays as it was', async (t) => {
  const shop = await shopWithPrices(t);
  const BAR = 'AU-BAR-HERAEUS-1KG-CAST'; // well above 100,000 a piece: five pass 500,000
  for (const [host, lang, amount] of [['ch.localhost', 'de', "CHF 500'000.00"], ['us.localhost', 'en', '$500,000.00']] as const) {
    const b = await guestWith(shop, host, lang);
    const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: BAR, quantity: 1 })).json;
    const over = await b.put(`/api/carts/${cart.id}/line-items`, { sku: BAR, quantity: 5 });
    t.equal(over.status, 409, host);
    t.equal(over.json.code, 'cart_limit_exceeded', 'the stable code');
    t.equal(over.json.message.replace(/\s/g, ' '), lang === 'de'
      ? `Warenkorblimit überschritten: Ein Warenkorb darf höchstens ${amount} enthalten.`
      : `Cart limit exceeded: a cart can hold at most ${amount}.`);
    const after = (await b.get('/api/carts')).json.carts[0];
    t.equal(after.lineItems[0].quantity, 1, 'nothing changed');
  }
});

t.test('issue 17: adding past 10,000 pieces in a line says so (not the cart maximum) and changes nothing', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop, 'ch.localhost', 'de');
  const CAPSULES = 'ACC-CAPSULES-37MM-10'; // 4.90 a pack: 10,000 stay far below the cart maximum
  const first = await b.post('/api/cart/items', { transactionType: 'buy', sku: CAPSULES, quantity: 9_999 });
  t.equal(first.status, 200, JSON.stringify(first.json).slice(0, 300));
  const { cart } = first.json;
  t.ok(cart.totalPrice.centAmount < 50_000_000, 'below the cart maximum');
  const over = await b.post('/api/cart/items', { transactionType: 'buy', sku: CAPSULES, quantity: 2 });
  t.equal(over.status, 409);
  t.equal(over.json.code, 'line_quantity_exceeded');
  t.equal(over.json.message, "Eine Warenkorbposition kann höchstens 10'000 Stück enthalten. Ihr Warenkorb ist unverändert.");
  t.equal((await b.get('/api/carts')).json.carts[0].lineItems[0].quantity, 9_999, 'nothing changed');
});
