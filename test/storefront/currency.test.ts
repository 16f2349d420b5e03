// Spec 1 "A user can switch to USD", through the storefront over real HTTP with the real commerce and content
// services: the currency cookie is honoured by the server render (boot state, the switch's pressed button),
// a page in USD is kept apart from the store's currency's in the page cache, and the visitor's carts follow
// the switch: re-priced in USD as they are read, added to in USD, and the order is placed in the cart's
// currency with the company's USD account for a bank transfer.
import t from 'tap';
import { startShop, type Browser } from '../api/helpers.ts';
import { markupOf } from './harness.ts';
import { pricesNow } from '../cart/api-helpers.ts';
import { addressOf } from '../orders/helpers.ts';

/** The cache compresses a page in the background: ask until it is served from it (bounded). */
async function waitForHit(b: Browser, path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await b.get(path);
    if (res.headers['x-page-cache'] === 'hit') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never served from the cache`);
}

const pressed = (html: string) => /<div class="currency-switch"[^>]*>([\s\S]*?)<\/div>/.exec(markupOf(html))?.[1]
  .match(/<button[^>]*aria-pressed="true"[^>]*>([A-Z]{3})<\/button>/)?.[1] ?? null;
const bootCurrency = (html: string) => /"priceCurrency":"([A-Z]{3})"/.exec(html)?.[1] ?? null;

t.test('the server render honours the currency cookie, and pages in USD are kept apart in the page cache', async (t) => {
  const shop = await startShop(t, { env: { CMS_CACHE_TTL_S: '30' } });
  const eur = shop.browser('de.localhost');
  const usd = shop.browser('de.localhost');
  usd.setCookie('currency', 'USD');

  const first = await eur.get('/preisliste');
  t.equal(first.status, 200);
  t.equal(pressed(first.text), 'EUR', 'without a choice: the store\'s own currency');
  t.equal(bootCurrency(first.text), 'EUR');
  const keptEur = await waitForHit(eur, '/preisliste');
  t.equal(pressed(keptEur.text), 'EUR');

  const dollars = await usd.get('/preisliste');
  t.equal(dollars.headers['x-page-cache'], 'miss', 'the euro page is not served to a visitor who chose USD');
  t.equal(pressed(dollars.text), 'USD', 'the switch shows USD chosen');
  t.equal(bootCurrency(dollars.text), 'USD', 'the browser starts its prices in USD');
  const keptUsd = await waitForHit(usd, '/preisliste');
  t.equal(bootCurrency(keptUsd.text), 'USD', 'the kept USD page');
  t.equal(bootCurrency((await waitForHit(eur, '/preisliste')).text), 'EUR', 'and the euro visitors still get theirs');

  for (const foreign of ['CHF', 'GBP', 'usd', 'USDUSD']) {
    const b = shop.browser('de.localhost');
    b.setCookie('currency', foreign);
    const res = await b.get('/preisliste');
    t.equal(bootCurrency(res.text), 'EUR', `a cookie of ${foreign} is no choice on the German store`);
  }
  const swiss = shop.browser('ch.localhost');
  swiss.setCookie('currency', 'USD');
  t.equal(pressed((await swiss.get('/')).text), 'USD', 'the Swiss store switches between CHF and USD');
  const us = await shop.browser('us.localhost').get('/en');
  t.equal(us.status, 200);
  t.notMatch(markupOf(us.text), /currency-switch/, 'the US store has one currency: no switch');
});

t.test('carts follow the switch, and the order is placed in the cart\'s currency', async (t) => {
  const shop = await startShop(t);
  await pricesNow(shop);
  const b = shop.browser('de.localhost');
  await b.open();
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(added.status, 200, added.text.slice(0, 200));
  const inEuro = added.json.cart;
  t.equal(inEuro.currency, 'EUR');

  b.setCookie('currency', 'USD');
  const read = await b.get('/api/carts');
  const cart = read.json.carts.find((c: { transactionType: string }) => c.transactionType === 'buy');
  t.equal(cart.id, inEuro.id, 'the same cart');
  t.equal(cart.currency, 'USD', 're-priced in USD as it is read after the switch');
  t.equal(cart.totalPrice.currencyCode, 'USD');
  t.not(cart.totalPrice.centAmount, inEuro.totalPrice.centAmount, 'dollar amounts, not the euro figure relabelled');
  const held = await b.get('/api/carts?prices=held');
  t.equal(held.json.carts[0].currency, 'USD', 'the cart page\'s read (held prices) shows it in USD too');

  const more = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(more.json.cart.currency, 'USD', 'added to in USD');
  t.equal(more.json.cart.lineItems[0].quantity, 2);

  const refused = await b.put(`/api/carts/${cart.id}`, { currency: 'CHF' });
  t.equal(refused.status, 400);
  t.equal(refused.json.code, 'currency_not_allowed', 'francs are not sold on the German store');

  await b.put(`/api/carts/${cart.id}/addresses`, { email: 'anna.muster@example.de', shippingAddress: addressOf.de, billingAddress: addressOf.de });
  const ready = await b.put(`/api/carts/${cart.id}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  t.equal(ready.status, 200, ready.text.slice(0, 300));
  const placed = await b.post('/api/orders', { cartId: cart.id, cartVersion: ready.json.cart.version, idempotencyKey: 'currency-order-0001' });
  t.equal(placed.status, 201, placed.text.slice(0, 300));
  t.equal(placed.json.order.currency, 'USD', 'the order is in the cart\'s currency');
  t.match(placed.json.order.paymentInstructions, { accountOwner: 'Aurum Edelmetalle GmbH', iban: /^DE\d{2}7015/ }, 'paid to the German company\'s USD account');
  const [stored] = await shop.db.query<{ currency: string }>('select currency from orders where id = $1', [placed.json.order.id]);
  t.equal(stored?.currency, 'USD', 'stored in USD');

  b.setCookie('currency', 'EUR');
  const again = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.equal(again.json.cart.currency, 'EUR', 'a new cart after switching back is in euros');
});
