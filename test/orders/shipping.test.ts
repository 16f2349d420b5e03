// Shipping methods as the checkout shows them: the keys of spec 3 per transaction type with their delivery
// methods, the rules of spec 5 (Deposit, Scrap Metal Box), prices from the one cost table the product page
// shows too, and the stores to pick up at (the same stores as the CMS store list).
import t from 'tap';
import { readFileSync } from 'node:fs';
import type { Cart } from '../../src/contracts/cart.ts';
import type { ShippingCostsResponse, ShippingMethodsResponse } from '../../src/contracts/order.ts';
import { pickupStores } from '../../src/commerce/shipping/pickup-stores.ts';
import { shippingCost } from '../../src/commerce/shipping/methods.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { createCart, customer, guest, ok, openShop, type Shopper } from './helpers.ts';

const h = await commerceHarness(t);

const methodsOf = async (g: Shopper, cart: Cart, lang = 'de') =>
  (await g.call('GET', `/orders/shipping-methods?cartId=${cart.id}&languageTag=${lang}`)).json() as ShippingMethodsResponse;

t.test('a buy cart offers shipping, value transport, pickup, delivery to a store and the deposit; a sell cart its three ways', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const buy = await ok(g.call('PUT', `/carts/${(await createCart(g)).id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 1 }));
  const m = await methodsOf(g, buy, 'en');
  t.same(m.methods.map((x) => [x.key, x.deliveryMethod, x.available]), [
    ['shipping', 'standard-shipping', true], ['insured-shipping', 'insured-shipping', true], ['pickup', 'pickup', true],
    ['send-to-store', 'send-to-store', true], ['deposit', 'deposit', false],
  ], 'issue 23: the deposit needs an account, a guest sees it with the reason');
  t.match(m.methods.find((x) => x.key === 'deposit'), { reason: 'deposit_requires_account' });
  const c = await customer(api);
  const own = await ok(c.call('PUT', `/carts/${(await createCart(c)).id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 1 }));
  t.match((await methodsOf(c, own)).methods.find((x) => x.key === 'deposit'), { available: true, reason: null }, 'a signed-in customer may choose it');
  t.match(m.methods[0], { name: 'Shipping', price: { centAmount: shippingCost('shipping', 'CHF', buy.totalPrice!.centAmount), currencyCode: 'CHF' } });
  t.same(m.pickupStores.map((s) => s.slug), ['zuerich', 'vaduz'], 'the Swiss store\'s own store first, then Liechtenstein');
  const sell = await createCart(g, 'sell');
  t.same((await methodsOf(g, sell)).methods.map((x) => [x.key, x.deliveryMethod]), [
    ['shippingSell', null], ['leave-in-store', 'leave-in-store'], ['scrapMetalBox', 'scrap-metal-box'],
  ], 'spec 3: shippingSell maps to no delivery method');
  const all = (await api.call('GET', '/orders/shipping-methods')).json() as ShippingMethodsResponse;
  t.equal(all.methods.length, 9, 'without a cart: every method of the store');
  t.equal((await g.call('GET', '/orders/shipping-methods?cartId=00000000-0000-4000-8000-000000000000')).json().code, 'cart_not_found');
});

t.test('spec 5: no Deposit for silver that is not duty-free, nor for items that are not depot-eligible', async (t) => {
  const { api } = await openShop(h, t);
  const g = await customer(api);
  const cart = await createCart(g);
  let c = await ok(g.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AU-BAR-HERAEUS-100G', quantity: 1 }));
  t.match((await methodsOf(g, c)).methods.find((x) => x.key === 'deposit'), { available: true, reason: null });
  c = await ok(g.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'NU-VRENELI-20FR-1935LB', quantity: 1 }));
  t.match((await methodsOf(g, c)).methods.find((x) => x.key === 'deposit'), { available: false, reason: 'deposit_invalid_items' }, 'numismatics are valued piece by piece');
  c = await ok(g.call('PUT', `/carts/${cart.id}/line-items`, { sku: 'AG-MAPLE-1OZ', quantity: 1 }));
  t.match((await methodsOf(g, c)).methods.find((x) => x.key === 'deposit'), { available: false, reason: 'deposit_silver_not_duty_free' });
});

t.test('spec 5: the Scrap Metal Box only for scrap-only sell carts worth up to 5,000 EUR', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api, 'de');
  const sell = await createCart(g, 'sell');
  const box = async (c: Cart) => (await methodsOf(g, c)).methods.find((x) => x.key === 'scrapMetalBox');
  let c = await ok(g.call('POST', `/carts/${sell.id}/scrap-items`, { metal: 'gold', fineness: 585, weightGrams: 40 }));
  t.ok(c.totalPrice!.centAmount < 500_000);
  t.match(await box(c), { available: true, price: { centAmount: 0, currencyCode: 'EUR' } });
  c = await ok(g.call('POST', `/carts/${sell.id}/scrap-items`, { metal: 'dental-gold', fineness: 750, weightGrams: 80 }));
  t.ok(c.totalPrice!.centAmount > 500_000, `${c.totalPrice!.centAmount} cents`);
  t.match(await box(c), { available: false, reason: 'scrap_box_value_exceeded' });
  for (const line of c.lineItems.slice(1)) c = await ok(g.call('DELETE', `/carts/${sell.id}/scrap-items/${line.id}`));
  c = await ok(g.call('PUT', `/carts/${sell.id}/line-items`, { sku: 'AG-PHIL-1OZ', quantity: 1 }));
  t.match(await box(c), { available: false, reason: 'scrap_box_non_scrap_items' });
});

t.test('a Swiss cart in CHF has the box\'s 5,000 EUR converted at the price set\'s rate', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const [{ eur_rates: rates, metals }] = await h.db.query<{ eur_rates: Record<string, number>; metals: { name: string; prices: { currency: string; type: string; centAmount: number }[] }[] }>(
    'select eur_rates, metals from price_sets',
  );
  const capChf = 500_000 * rates.CHF;
  t.ok(capChf < 490_000, `5,000 EUR is less than 4,900 CHF (${Math.round(capChf)} cents)`);
  const bid = metals.find((m) => m.name === 'gold')!.prices.find((p) => p.currency === 'CHF' && p.type === 'bid')!.centAmount;
  // grams of fine gold that pay a given amount in CHF after the 5 % deduction
  const gramsFor = (cents: number) => Math.round(((cents / (bid * 0.95)) * 31.1034768) * 100) / 100;
  const box = async (c: Cart) => (await methodsOf(g, c)).methods.find((x) => x.key === 'scrapMetalBox')!;
  const sell = await createCart(g, 'sell');
  let c = await ok(g.call('POST', `/carts/${sell.id}/scrap-items`, { metal: 'gold', fineness: 1000, weightGrams: gramsFor(capChf - 10_000) }));
  t.match(await box(c), { available: true }, `${c.totalPrice!.centAmount} cents: 100 CHF under the cap`);
  await ok(g.call('DELETE', `/carts/${sell.id}/scrap-items/${c.lineItems[0].id}`));
  c = await ok(g.call('POST', `/carts/${sell.id}/scrap-items`, { metal: 'gold', fineness: 1000, weightGrams: gramsFor(490_000) }));
  t.ok(c.totalPrice!.centAmount < 500_000, 'below 5,000 in francs');
  t.match(await box(c), { available: false, reason: 'scrap_box_value_exceeded' }, 'but above 5,000 EUR');
});

t.test('the shipping cost table: one definition for the product page and the carts', async (t) => {
  const { api } = await openShop(h, t);
  const table = (await api.call('GET', '/orders/shipping-costs?languageTag=en')).json() as ShippingCostsResponse;
  t.equal(table.currency, 'CHF');
  const standard = table.methods.find((m) => m.key === 'shipping')!;
  t.same(standard.bands, [
    { upToCentAmount: 50_000, centAmount: 990 }, { upToCentAmount: 250_000, centAmount: 1490 }, { upToCentAmount: 1_000_000, centAmount: 1990 },
    { upToCentAmount: null, centAmount: 0 },
  ], 'insured parcel by value, free from 10,000');
  t.match(table.methods.find((m) => m.key === 'insured-shipping'), { rateBp: 25, minCentAmount: 3900 });
  t.equal(shippingCost('insured-shipping', 'CHF', 10_000_000), 25_000, '0.25 % of 100,000');
  t.equal(shippingCost('insured-shipping', 'CHF', 100_000), 3900, 'at least 39');
  t.equal((await api.call('GET', '/orders/shipping-costs', { store: 'us' })).json().currency, 'USD');
  t.equal((await api.call('GET', '/orders/shipping-costs?currency=GBP')).statusCode, 400);
});

t.test('the stores to pick up at are the stores of the CMS store list', async (t) => {
  const story = JSON.parse(readFileSync(new URL('../../src/content/stories/shared/stores/filialen.json', import.meta.url), 'utf8')) as {
    content: { stores: { slug: string; store_key: string; streetAddress: string; postalCode: string; country: string; openingHours: { dayFrom: string; dayTo: string; hourFrom: string; hourTo: string }[] }[] };
  };
  t.same(
    pickupStores.map((s) => [s.slug, s.storeKey, s.streetAddress, s.postalCode, s.country, s.openingHours]),
    story.content.stores.map((s) => [s.slug, s.store_key, s.streetAddress, s.postalCode, s.country, s.openingHours.map(({ dayFrom, dayTo, hourFrom, hourTo }) => ({ dayFrom, dayTo, hourFrom, hourTo }))]),
  );
});
