// Issue 24, "the storefront asks, commerce decides": the scrap item's mode switch, "set as default address" and
// the wishlist toggle are each one commerce call with the rule inside, like add-to-cart (issue 16). Each is shown
// with two calls at once (two tabs), which the storefront's read-then-write lost: the second scrap add met a cart
// the first had deleted, a default set from an address read before another tab's edit wrote the old fields back,
// and the second of two toggles removed a line already gone (404) or added it twice.
import t from 'tap';
import type { Cart, CartChangeResponse } from '../../src/contracts/cart.ts';
import type { Customer } from '../../src/contracts/commerce.ts';
import type { ToggleWishlistResponse } from '../../src/contracts/wishlist.ts';
import { commerceHarness, swissAddress } from './helpers.ts';
import { customer, guest, openShop } from '../orders/helpers.ts';

const h = await commerceHarness(t);
const scrap = { metal: 'gold', fineness: 585, weightGrams: 10 };

t.test('a scrap item is one call: the sell cart leaves the deposit mode in it, and two tabs\' adds both count', async (t) => {
  const { api } = await openShop(h, t);
  const g = await guest(api);
  const sold = await g.call('POST', '/carts/lines', { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true });
  t.equal(sold.statusCode, 200);
  const depositSell = (sold.json() as CartChangeResponse).cart;
  t.equal(depositSell.shippingInfo?.key, 'depositSell', 'a sale from the deposit, with goods');

  const [a, b] = await Promise.all([g.call('POST', '/carts/scrap-items', scrap), g.call('POST', '/carts/scrap-items', { ...scrap, weightGrams: 20 })]);
  t.same([a.statusCode, b.statusCode], [200, 200], 'both tabs\' adds succeed');
  const answers = [a.json(), b.json()] as CartChangeResponse[];
  t.same(answers.map((x) => x.recreated).sort(), [false, true], 'the first started the cart anew (spec 4: scrap is sent in), the second found it so');
  const carts = (await g.call('GET', '/carts')).json() as { results: Cart[] };
  const sell = carts.results.find((c) => c.transactionType === 'sell')!;
  t.not(sell.id, depositSell.id, 'a new sell cart');
  t.not(sell.shippingInfo?.key, 'depositSell', 'out of the deposit mode');
  t.same(sell.lineItems.map((l) => l.scrap?.weightGrams).sort(), [10, 20], 'both scrap items are in it');

  const bad = await g.call('POST', '/carts/scrap-items', { ...scrap, weightGrams: 0.001 });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().code, 'scrap_estimate_zero', 'a piece worth nothing is refused');
  const after = (await g.call('GET', `/carts/${sell.id}`)).json() as Cart;
  t.equal(after.version, sell.version, 'and nothing changed');
});

t.test('"set as default address" is one call: an edit from another tab at the same time is kept', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const first = await c.call('PUT', `/customers/${c.ownerId}/address`, { address: swissAddress() });
  t.equal(first.statusCode, 200);
  const second = await c.call('PUT', `/customers/${c.ownerId}/address`, { address: swissAddress({ streetName: 'Limmatquai', streetNumber: '3' }) });
  const other = (second.json() as Customer).addresses.find((x) => x.streetName === 'Limmatquai')!;
  t.equal(other.defaultShipping, false, 'the second address is no default yet');

  const [made, edited] = await Promise.all([
    c.call('PUT', `/customers/${c.ownerId}/address/${other.id}/default`, { shipping: true }),
    c.call('PUT', `/customers/${c.ownerId}/address/${other.id}`, { address: swissAddress({ streetName: 'Limmatquai', streetNumber: '5' }) }),
  ]);
  t.same([made.statusCode, edited.statusCode], [200, 200], made.body);
  const me = (await c.call('GET', '/customers/me')).json() as { customer: Customer };
  const now = me.customer.addresses.find((x) => x.id === other.id)!;
  t.equal(now.streetNumber, '5', 'the other tab\'s edit stays');
  t.equal(now.defaultShipping, true, 'and the address is the default shipping address');
  t.equal(now.defaultBilling, false, 'billing untouched');
  t.equal(me.customer.addresses.filter((x) => x.defaultShipping).length, 1, 'one default shipping address');
  t.equal(me.customer.defaultShippingAddressId, other.id);

  const [s, b] = await Promise.all([
    c.call('PUT', `/customers/${c.ownerId}/address/${other.id}/default`, { shipping: true }),
    c.call('PUT', `/customers/${c.ownerId}/address/${other.id}/default`, { billing: true }),
  ]);
  t.same([s.statusCode, b.statusCode], [200, 200]);
  const both = ((await c.call('GET', '/customers/me')).json() as { customer: Customer }).customer;
  t.equal(both.defaultBillingAddressId, other.id, 'two tabs: billing taken');
  t.equal(both.defaultShippingAddressId, other.id, 'and shipping kept');
});

t.test('"set as default address" refuses what names nothing, and another customer\'s address is not found', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const added = (await c.call('PUT', `/customers/${c.ownerId}/address`, { address: swissAddress() })).json() as Customer;
  const id = added.addresses[0].id;
  const none = await c.call('PUT', `/customers/${c.ownerId}/address/${id}/default`, {});
  t.equal(none.statusCode, 400);
  t.equal(none.json().code, 'validation_failed');
  const wrong = await c.call('PUT', `/customers/${c.ownerId}/address/${id}/default`, { shipping: 'yes' });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'validation_failed');
  const stranger = await customer(api);
  const foreign = await stranger.call('PUT', `/customers/${stranger.ownerId}/address/${id}/default`, { shipping: true });
  t.equal(foreign.statusCode, 404);
  t.equal(foreign.json().code, 'address_not_found');
  const notMine = await stranger.call('PUT', `/customers/${c.ownerId}/address/${id}/default`, { shipping: true });
  t.equal(notMine.statusCode, 404);
  t.equal(notMine.json().code, 'customer_not_found', 'another customer\'s id in the path');
  const malformed = await c.call('PUT', `/customers/${c.ownerId}/address/not-a-uuid/default`, { shipping: true });
  t.equal(malformed.statusCode, 404);
});

t.test('the wishlist toggle is one call: two tabs\' clicks on one product both count', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const on = await c.call('POST', '/wishlists/toggle', { sku: 'AU-KRUG-1OZ' });
  t.equal(on.statusCode, 200);
  t.equal((on.json() as ToggleWishlistResponse).added, true, 'no wishlist yet: created with the product');
  t.same((on.json() as ToggleWishlistResponse).wishlist.lineItems.map((l) => l.sku), ['AU-KRUG-1OZ']);

  const [a, b] = await Promise.all([c.call('POST', '/wishlists/toggle', { sku: 'AU-KRUG-1OZ' }), c.call('POST', '/wishlists/toggle', { sku: 'AU-KRUG-1OZ' })]);
  t.same([a.statusCode, b.statusCode], [200, 200], 'neither click fails');
  const answers = [a.json(), b.json()] as ToggleWishlistResponse[];
  t.same(answers.map((x) => x.added).sort(), [false, true], 'one click took it off, the other put it back');
  const list = (await c.call('GET', '/wishlists')).json() as { results: { lineItems: { sku: string }[] }[] };
  t.same(list.results[0].lineItems.map((l) => l.sku), ['AU-KRUG-1OZ'], 'three clicks: on the wishlist');

  const [x, y] = await Promise.all([c.call('POST', '/wishlists/toggle', { sku: 'AU-MAPLE-1OZ' }), c.call('POST', '/wishlists/toggle', { sku: 'AG-KRUG-1OZ' })]);
  t.same([x.statusCode, y.statusCode], [200, 200]);
  const three = (await c.call('GET', '/wishlists')).json() as { results: { lineItems: { sku: string }[] }[] };
  t.same(three.results.length, 1, 'one wishlist');
  t.same(three.results[0].lineItems.map((l) => l.sku).sort(), ['AG-KRUG-1OZ', 'AU-KRUG-1OZ', 'AU-MAPLE-1OZ'], 'two products at once: both on it');

  const unknown = await c.call('POST', '/wishlists/toggle', { sku: 'NO-SUCH-SKU' });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'product_not_found');
});
