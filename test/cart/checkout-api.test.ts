// The storefront's checkout, order and wishlist API (issue 9) between real services: the storefront proxies
// the real commerce service (PGlite) with the customer's cookies; prices come from a real price set handed
// over as the price service does. (Carts themselves: api.test.ts.)
import t from 'tap';
import { signedIn } from '../api/helpers.ts';
import { pricesNow, shopWithPrices, address, usAddress, guestWith, readyBuyCart } from './api-helpers.ts';

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

// Issue 14: the guest id the storefront sent at sign-in came from the script-readable ctUserId cookie. Someone who
// learnt a guest's id put it into their own cookie and signed in with the guest's cart, orders and deposit.
t.test('a forged ctUserId at sign-in takes nothing of another guest: only the browser\'s own guest cart moves', async (t) => {
  const shop = await shopWithPrices(t);
  const victim = await guestWith(shop);
  t.equal((await victim.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 })).status, 200);
  const victimId = victim.cookie('ctUserId')!;
  t.ok(victimId, 'the guest\'s id is in a readable cookie (spec 3)');

  const { b, account } = await signedIn(shop);
  await b.post('/api/logout');
  await b.get('/');
  t.equal((await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-PHIL-1OZ', quantity: 1 })).status, 200);
  b.setCookie('ctUserId', victimId);
  const login = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(login.status, 200);
  t.equal(login.json.merged, true, 'the browser\'s own guest cart still merges');
  const mine = (await b.get('/api/carts')).json.carts as { transactionType: string; lineItems: { sku: string; quantity: number }[] }[];
  t.same(mine.flatMap((c) => c.lineItems.map((l) => [l.sku, l.quantity])), [['AU-PHIL-1OZ', 1]], 'nothing of the other guest');
  const theirs = (await victim.get('/api/carts')).json.carts as { lineItems: { sku: string; quantity: number }[] }[];
  t.same(theirs.flatMap((c) => c.lineItems.map((l) => [l.sku, l.quantity])), [['AU-KRUG-1OZ', 2]], 'the guest keeps its cart and session');
});

t.test('a sign-in while the guest cannot be confirmed fails with the service\'s error instead of leaving the guest\'s cart behind', async (t) => {
  const shop = await shopWithPrices(t);
  const { b, account } = await signedIn(shop);
  await b.post('/api/logout');
  await b.get('/');
  t.equal((await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 })).status, 200);
  shop.proxy.faults.set('GET /customers/me', 503);
  const refused = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(refused.status, 502, 'the commerce fault, not a sign-in without the guest');
  t.equal(b.cookie('ctTokenLevel'), 'Anonymous', 'the browser is still the guest');
  shop.proxy.faults.delete('GET /customers/me');
  const login = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(login.status, 200);
  t.equal(login.json.merged, true, 'once the service answers, the guest comes along');
  const carts = (await b.get('/api/carts')).json.carts as { lineItems: { sku: string; quantity: number }[] }[];
  t.same(carts.flatMap((c) => c.lineItems.map((l) => [l.sku, l.quantity])), [['AU-KRUG-1OZ', 2]]);
});

t.test('a forged ctUserId and ctTokenLevel without the guest\'s tokens merge nothing', async (t) => {
  const shop = await shopWithPrices(t);
  const victim = await guestWith(shop);
  await victim.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 2 });
  const { b, account } = await signedIn(shop);
  // a signed-in browser whose readable cookies claim to be the victim's anonymous session
  b.setCookie('ctUserId', victim.cookie('ctUserId'));
  b.setCookie('ctTokenLevel', 'Anonymous');
  const login = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(login.status, 200);
  t.equal(login.json.merged, false);
  t.same((await b.get('/api/carts')).json.carts, [], 'no cart of anybody else');
  t.equal((await victim.get('/api/carts')).json.carts[0].itemCount, 2);
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
