// Issue 24: GET /api/carts writes nothing. It used to send a PUT per cart to bring it into the page's language
// or the visitor's currency, so a second tab in another language changed the cart under the first one (a new
// version, a new updated_at). Now commerce answers the cart in the language and currency asked for, and the
// stored cart changes only when the customer acts; an order is placed only in a currency the customer saw.
import t from 'tap';
import { guestWith, readyBuyCart, shopWithPrices } from './api-helpers.ts';
import type { Browser } from '../api/helpers.ts';
import type { Shop } from '../api/helpers.ts';

async function storedCart(shop: Shop, id: string) {
  const [row] = await shop.db.query<{ version: number; updated_at: Date; locale: string; currency: string }>(
    'select version, updated_at, locale, currency from carts where id = $1', [id],
  );
  return { version: row.version, updatedAt: row.updated_at.toISOString(), locale: row.locale, currency: row.currency };
}

/** A second tab of the same browser: the same cookies, its own page language. */
function secondTab(shop: Shop, b: Browser, lang: 'de' | 'en'): Browser {
  const tab = shop.browser(b.host);
  for (const [k, v] of b.jar) tab.setCookie(k, v);
  tab.language = lang;
  return tab;
}

t.test('a tab reading the carts in English writes nothing: the German tab still sees the cart as stored', async (t) => {
  const shop = await shopWithPrices(t);
  const de = await guestWith(shop);
  const added = await de.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(added.status, 200);
  const id = added.json.cart.id as string;
  const before = await storedCart(shop, id);
  t.equal(before.locale, 'de-CH');
  shop.clock.advance(60);

  const en = secondTab(shop, de, 'en');
  const puts = shop.count('PUT /carts/:id');
  const read = await en.get('/api/carts');
  t.equal(read.status, 200);
  t.match(read.json.carts[0].lineItems[0].name, /^Krugerrand /, 'the English tab reads English names');
  t.equal(shop.count('PUT /carts/:id'), puts, 'no write to commerce');
  t.same(await storedCart(shop, id), before, 'version, updated_at and locale as they were');

  const again = await de.get('/api/carts');
  t.equal(again.json.carts[0].locale, 'de-CH', 'the German tab does not see a changed locale');
  t.equal(again.json.carts[0].version, before.version, 'nor a new version');
  t.match(again.json.carts[0].lineItems[0].name, /^Krügerrand /);

  const changed = await en.put(`/api/carts/${id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2 });
  t.equal(changed.status, 200);
  t.equal((await storedCart(shop, id)).locale, 'en-GB', 'the customer acted in English: the cart (and its mails) follow');
});

t.test('a visitor switched to USD reads the cart in dollars; the cart stays in francs until the customer acts', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const id = added.json.cart.id as string;
  const before = await storedCart(shop, id);
  b.setCookie('currency', 'USD');
  const read = await b.get('/api/carts');
  t.equal(read.json.carts[0].currency, 'USD');
  t.equal(read.json.carts[0].totalPrice.currencyCode, 'USD');
  t.same(await storedCart(shop, id), before, 'a read: still CHF, the same version');
  const changed = await b.put(`/api/carts/${id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 2 });
  t.equal(changed.json.cart.currency, 'USD');
  t.equal((await storedCart(shop, id)).currency, 'USD', 'the write keeps the cart in the visitor\'s currency');
});

t.test('an order is never placed in a currency the customer did not see', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop);
  const reviewed = await readyBuyCart(b);
  t.equal((await storedCart(shop, reviewed.id)).currency, 'CHF');
  b.setCookie('currency', 'USD');
  const shown = await b.get('/api/carts?prices=held');
  t.equal(shown.json.carts[0].currency, 'USD', 'the review shows dollars');
  const placed = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: reviewed.version, idempotencyKey: 'usd-review-attempt-0001' });
  t.equal(placed.status, 409);
  t.equal(placed.json.code, 'cart_version_conflict', 'the cart took the dollars: the customer reviews its prices again');
  const now = await storedCart(shop, reviewed.id);
  t.equal(now.currency, 'USD');
  t.equal(placed.json.details.currentVersion, now.version);
  const again = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: now.version, idempotencyKey: 'usd-review-attempt-0002' });
  t.equal(again.status, 201, 'placed');
  t.equal(again.json.order.totalPrice.currencyCode, 'USD', 'ordered in the currency the customer saw');
});
