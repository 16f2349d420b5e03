// The storefront's cart, checkout, order and wishlist API (issue 9) between real services: the storefront
// proxies the real commerce service (PGlite) with the customer's cookies; prices come from a real price
// set handed over as the price service does.
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import type { Shop } from '../api/helpers.ts';
import { signedIn, startShop, swissAddress, type Browser } from '../api/helpers.ts';
import { priceSetAt } from '../orders/helpers.ts';

async function pricesNow(shop: Shop, at = shop.clock().getTime()) {
  const set = await priceSetAt(shop.db, at);
  const res = await shop.commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200) throw new Error(`hand-over ${res.statusCode} ${res.body}`);
  return set;
}

async function shopWithPrices(t: Test) {
  const shop = await startShop(t);
  await pricesNow(shop);
  return shop;
}

const address = swissAddress();
const usAddress = { firstName: 'Ann', lastName: 'Smith', streetName: 'Fifth Avenue', streetNumber: '350', zipCode: '10118', city: 'New York', state: 'NY', country: 'US', phone: '+1 212 736 3100' };

async function guestWith(shop: Shop, host = 'ch.localhost', lang: 'de' | 'en' = 'de'): Promise<Browser> {
  const b = shop.browser(host);
  b.language = lang;
  await b.open();
  return b;
}

/** A buy cart ready to order: a Krugerrand, addresses, standard shipping, bank transfer. */
async function readyBuyCart(b: Browser, addr: Record<string, unknown> = address, email = 'anna.muster@example.ch') {
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const id = added.json.cart.id as string;
  await b.put(`/api/carts/${id}/addresses`, { email, shippingAddress: addr, billingAddress: addr });
  const set = await b.put(`/api/carts/${id}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  return set.json.cart as { id: string; version: number; totalGrossPrice: { centAmount: number } };
}

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

t.test('spec 4: a cart in another locale is updated when read in the other language', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  b.language = 'en';
  const read = await b.get('/api/carts');
  t.equal(read.json.carts[0].locale, 'en-GB');
  t.match(read.json.carts[0].lineItems[0].name, /Krugerrand/);
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

t.test('a guest buys on the US store by bank transfer; the order is placed once and the cart is gone for good', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop, 'us.localhost', 'en');
  const cart = await readyBuyCart(b, usAddress, 'ann.smith@example.com');
  t.equal(cart.totalGrossPrice !== null, true);
  const methods = await b.get(`/api/carts/${cart.id}/shipping-methods`);
  t.equal(methods.status, 200);
  t.ok(methods.json.methods.some((m: { key: string; available: boolean }) => m.key === 'shipping' && m.available));
  t.ok(methods.json.pickupStores.every((s: { country: string }) => s.country === 'US'));

  const body = { cartId: cart.id, idempotencyKey: 'checkout-attempt-0001', comment: 'Please ring twice', optInTrustedShops: true, utmParams: { utm_source: 'newsletter', utm_campaign: 'gold' } };
  const placed = await b.post('/api/orders', body);
  t.equal(placed.status, 201, placed.text);
  const order = placed.json.order;
  t.match(order.orderNumber, /^US-B-\d{4}-\d{6}$/);
  t.equal(order.paymentInstructions.reference, order.orderNumber);
  t.ok(order.paymentInstructions.routingNumber, 'US: account and routing number');
  t.equal(order.comment, 'Please ring twice');
  const [row] = await shop.db.query<{ data: { utmParams: unknown } }>('select data from orders where id = $1', [order.id]);
  t.same(row.data.utmParams, { utm_source: 'newsletter', utm_campaign: 'gold' }, 'UTM parameters go into the order');

  const repeat = await b.post('/api/orders', body);
  t.equal(repeat.status, 201, 'a repeated request answers the same order');
  t.equal(repeat.json.order.id, order.id);
  t.same((await b.get('/api/carts')).json.carts, [], 'the ordered cart is gone');
  const read = await b.get(`/api/orders/${order.id}`);
  t.equal(read.json.order.orderNumber, order.orderNumber, 'the confirmation can read its order');
  const next = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.not(next.json.cart.id, cart.id, 'a new cart, never the old one');

  const stranger = await guestWith(shop, 'us.localhost', 'en');
  await stranger.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal((await stranger.get(`/api/orders/${order.id}`)).status, 404, 'another customer cannot read it');
});

t.test('order refusals keep the spec 8 code with a translated message; prices that changed answer price_not_equal', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const noAddress = await b.post('/api/orders', { cartId: cart.id, idempotencyKey: 'attempt-no-address' });
  t.equal(noAddress.status, 409);
  t.equal(noAddress.json.code, 'co003', 'the first reason of spec 8: a guest\'s cart has no customer group before its addresses');
  t.equal(noAddress.json.message, 'Dem Warenkorb fehlt die Kundengruppe.');
  t.equal((await b.post('/api/orders', { cartId: cart.id, idempotencyKey: 'bad' })).status, 400, 'a key too short to be unique');

  const ready = await readyBuyCart(b);
  // the next recalculation, a minute later: the simulated feed has moved
  shop.clock.advance(181);
  await pricesNow(shop);
  const refused = await b.post('/api/orders', { cartId: ready.id, idempotencyKey: 'attempt-not-equal' });
  t.equal(refused.status, 409);
  t.equal(refused.json.code, 'price_not_equal');
  const recalculated = await b.post(`/api/carts/${ready.id}/recalculate`);
  t.equal(recalculated.status, 200);
  t.not(recalculated.json.cart.totalGrossPrice.centAmount, ready.totalGrossPrice.centAmount, 'new prices');
  const placed = await b.post('/api/orders', { cartId: ready.id, idempotencyKey: 'attempt-after-recalc' });
  t.equal(placed.status, 201);
});

t.test('checkout data: field errors come back per address field in the customer\'s language', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const bad = await b.put(`/api/carts/${cart.id}/addresses`, { email: 'nope', billingAddress: { ...address, zipCode: '12', city: '' }, shippingAddress: { ...address, country: 'DE' } });
  t.equal(bad.status, 400);
  t.equal(bad.json.code, 'validation_failed');
  const fields = Object.fromEntries(bad.json.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
  t.equal(fields.email, 'Ungültige E-Mail-Adresse');
  t.equal(fields['billingAddress.zipCode'], 'Ungültige Postleitzahl.');
  t.equal(fields['billingAddress.city'], 'Dieses Feld ist erforderlich.');
  t.ok(fields['shippingAddress.country'], 'shipping country not allowed');

  const sell = (await b.post('/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 })).json.cart;
  const payout = await b.put(`/api/carts/${sell.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'CH00 1234' });
  t.equal(payout.json.details.fields[0].message, 'Dies ist keine gültige IBAN.');
  const good = await b.put(`/api/carts/${sell.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'CH93 0076 2011 6238 5295 7' });
  t.equal(good.status, 200);
  t.equal(good.json.cart.payoutAccount.iban, 'CH93•••••••••••••2957', 'answered masked');
});

t.test('the wishlist is for signed-in customers: spec 4 toggle adds, then removes', async (t) => {
  const shop = await shopWithPrices(t);
  const guest = await guestWith(shop);
  const refused = await guest.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' });
  t.equal(refused.status, 401);
  t.equal(refused.json.code, 'not_signed_in');

  const { b } = await signedIn(shop);
  t.same((await b.get('/api/wishlist')).json, { wishlist: null });
  const added = await b.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' });
  t.equal(added.status, 200);
  t.equal(added.json.added, true);
  t.equal(added.json.wishlist.lineItems.length, 1);
  const second = await b.post('/api/wishlist/toggle', { sku: 'AU-PHIL-1OZ' });
  t.equal(second.json.wishlist.lineItems.length, 2);
  const removed = await b.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' });
  t.equal(removed.json.added, false);
  t.same(removed.json.wishlist.lineItems.map((l: { sku: string }) => l.sku), ['AU-PHIL-1OZ']);
  const line = removed.json.wishlist.lineItems[0].id;
  const gone = await b.delete(`/api/wishlist/items/${line}`);
  t.same(gone.json.wishlist.lineItems, []);
});

t.test('signing in keeps the guest\'s cart: it moves into the account', async (t) => {
  const shop = await shopWithPrices(t);
  const { b, account } = await signedIn(shop);
  await b.post('/api/logout');
  await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 });
  await b.post('/api/cart/scrap-items', { metal: 'silver', fineness: 925, weightGrams: 100 });
  const login = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(login.status, 200);
  const carts = (await b.get('/api/carts')).json.carts as { transactionType: string; itemCount: number }[];
  t.same(carts.map((c) => [c.transactionType, c.itemCount]).sort(), [['buy', 2], ['sell', 1]]);
});

t.test('cart settings: a method without a store clears the store (null survives the schema)', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const { cart } = (await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 })).json;
  const pickup = await b.put(`/api/carts/${cart.id}`, { shippingMethodId: 'pickup', pickupStore: 'zuerich', paymentMethod: 'cash' });
  t.equal(pickup.status, 200);
  t.equal(pickup.json.cart.pickupStore, 'zuerich');
  const shipping = await b.put(`/api/carts/${cart.id}`, { shippingMethodId: 'shipping', pickupStore: null, paymentMethod: 'bank-transfer' });
  t.equal(shipping.status, 200);
  t.equal(shipping.json.cart.pickupStore, null);
  t.equal(shipping.json.cart.shippingInfo.key, 'shipping');
  const soon = await b.put(`/api/carts/${cart.id}`, { paymentMethod: 'card' });
  t.equal(soon.status, 409);
  t.equal(soon.json.message, 'Diese Zahlungsart ist bald verfügbar.');
});
