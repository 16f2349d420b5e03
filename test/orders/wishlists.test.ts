// Wishlists (spec 7): created with the first product, products added and removed, owned by their token,
// moved into the account at sign-in.
import t from 'tap';
import type { Wishlist } from '../../src/contracts/wishlist.ts';
import { commerceHarness, login, proof } from '../commerce/helpers.ts';
import { customer, guest } from './helpers.ts';

const h = await commerceHarness(t);

t.test('spec 4: without a wishlist one is created with the product; then products are added and removed', async (t) => {
  const api = await h.api(t);
  const g = await guest(api);
  t.same((await g.call('GET', '/wishlists')).json(), { results: [] });
  const created = await g.call('POST', '/wishlists?languageTag=en', { sku: 'AU-KRUG-1OZ' });
  t.equal(created.statusCode, 201);
  const w = created.json() as Wishlist;
  t.match(w.lineItems, [{ sku: 'AU-KRUG-1OZ', quantity: 1, name: 'Krugerrand 1 oz Gold', published: true, availability: 'available' }]);
  t.equal((await g.call('POST', '/wishlists', {})).statusCode, 200, 'one wishlist per customer');
  const added = (await g.call('PUT', `/wishlists/${w.id}/store/ch`, { sku: 'AG-PHIL-1OZ', quantity: 5 })).json() as Wishlist;
  t.same(added.lineItems.map((l) => [l.sku, l.quantity]), [['AU-KRUG-1OZ', 1], ['AG-PHIL-1OZ', 5]]);
  t.equal(added.lineItems[0].productId, w.lineItems[0].productId);
  const removed = (await g.call('DELETE', `/wishlists/${w.id}/store/ch/line-item/${added.lineItems[0].id}`)).json() as Wishlist;
  t.same(removed.lineItems.map((l) => l.sku), ['AG-PHIL-1OZ']);
  t.equal((await g.call('DELETE', `/wishlists/${w.id}/store/ch/line-item/${added.lineItems[0].id}`)).json().code, 'wishlist_item_not_found');
  t.equal((await g.call('PUT', `/wishlists/${w.id}/store/ch`, { sku: 'NOPE', quantity: 1 })).json().code, 'product_not_found');
  t.equal((await api.call('GET', '/wishlists')).json().code, 'token_required', 'guests without a token have none');
});

t.test('another customer\'s wishlist, or another store in the path, answers 404', async (t) => {
  const api = await h.api(t);
  const owner = await guest(api);
  const w = (await owner.call('POST', '/wishlists', { sku: 'AU-KRUG-1OZ' })).json() as Wishlist;
  const stranger = await guest(api);
  t.equal((await stranger.call('PUT', `/wishlists/${w.id}/store/ch`, { sku: 'AG-PHIL-1OZ' })).json().code, 'wishlist_not_found');
  t.equal((await stranger.call('DELETE', `/wishlists/${w.id}/store/ch/line-item/${w.lineItems[0].id}`)).statusCode, 404);
  t.equal((await owner.call('PUT', `/wishlists/${w.id}/store/de`, { sku: 'AG-PHIL-1OZ' })).statusCode, 404);
  t.equal((await owner.call('PUT', '/wishlists/x/store/ch', { sku: 'AG-PHIL-1OZ' })).statusCode, 404);
});

t.test('at sign-in the guest\'s wishlist joins the account\'s', async (t) => {
  const api = await h.api(t);
  const c = await customer(api);
  await c.call('POST', '/wishlists', { sku: 'AU-KRUG-1OZ' });
  const g = await guest(api);
  await g.call('POST', '/wishlists', { sku: 'AU-KRUG-1OZ', quantity: 3 });
  const w = (await g.call('GET', '/wishlists')).json().results[0] as Wishlist;
  await g.call('PUT', `/wishlists/${w.id}/store/ch`, { sku: 'PT-PHIL-1OZ' });
  const session = await login(api, { email: c.email, password: c.password, store: 'ch' }, { anonymousId: g.ownerId }, proof(g.token));
  const merged = (await api.call('GET', '/wishlists', { token: session.accessToken })).json().results[0] as Wishlist;
  t.same(merged.lineItems.map((l) => [l.sku, l.quantity]), [['AU-KRUG-1OZ', 1], ['PT-PHIL-1OZ', 1]], 'the account keeps its entry, gains the new one');

  const fresh = await guest(api);
  await fresh.call('POST', '/wishlists', { sku: 'AG-PHIL-1OZ' });
  const newcomer = await customer(api);
  const s2 = await login(api, { email: newcomer.email, password: newcomer.password, store: 'ch' }, { anonymousId: fresh.ownerId }, proof(fresh.token));
  t.same((await api.call('GET', '/wishlists', { token: s2.accessToken })).json().results[0].lineItems.map((l: { sku: string }) => l.sku), ['AG-PHIL-1OZ'], 'moved whole');
});
