// Issue 24 through the storefront's /api: "set as default address" and the wishlist toggle are one commerce
// call each with the rule inside. The storefront no longer reads the address to write it back whole (an edit
// of another tab stays) nor the wishlist to decide between add and remove (two tabs' clicks both count).
import t from 'tap';
import { signedIn, startShop, swissAddress } from '../api/helpers.ts';

const since = (calls: Map<string, number>, before: Map<string, number>) =>
  Object.fromEntries([...calls].filter(([k, n]) => n !== (before.get(k) ?? 0)).map(([k, n]) => [k, n - (before.get(k) ?? 0)]));

t.test('"set as default address" writes only the flag: the address as another tab left it stays', async (t) => {
  const shop = await startShop(t);
  const { b } = await signedIn(shop);
  await b.post('/api/me/addresses', swissAddress());
  const added = await b.post('/api/me/addresses', swissAddress({ streetName: 'Limmatquai', streetNumber: '3' }));
  const other = added.json.customer.addresses.find((a: { streetName: string }) => a.streetName === 'Limmatquai');
  // the other tab changed the street after this tab showed the list
  t.equal((await b.put(`/api/me/addresses/${other.id}`, swissAddress({ streetName: 'Limmatquai', streetNumber: '5' }))).status, 200);
  const before = new Map(shop.calls);
  const made = await b.put(`/api/me/addresses/${other.id}/default`, { shipping: true });
  t.equal(made.status, 200);
  const now = made.json.customer.addresses.find((a: { id: string }) => a.id === other.id);
  t.equal(now.streetNumber, '5', 'the other tab\'s edit stays');
  t.equal(now.defaultShipping, true);
  const calls = since(shop.calls, before);
  t.equal(calls['PUT /customers/:id/address/:addressId/default'], 1, 'the one call with the rule inside');
  t.notOk(calls['PUT /customers/:id/address/:addressId'], 'no write of the whole address');
});

t.test('the wishlist toggle is one commerce call; two tabs clicking at once both count', async (t) => {
  const shop = await startShop(t);
  const { b } = await signedIn(shop);
  const before = new Map(shop.calls);
  const on = await b.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' });
  t.equal(on.status, 200);
  t.equal(on.json.added, true);
  t.same(since(shop.calls, before), { 'POST /wishlists/toggle': 1 }, 'no read of the wishlist first');
  const [x, y] = await Promise.all([b.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' }), b.post('/api/wishlist/toggle', { sku: 'AU-KRUG-1OZ' })]);
  t.same([x.status, y.status], [200, 200], 'neither tab gets an error');
  t.same([x.json.added, y.json.added].sort(), [false, true], 'one took it off, the other put it back');
  const list = await b.get('/api/wishlist');
  t.same(list.json.wishlist.lineItems.map((l: { sku: string }) => l.sku), ['AU-KRUG-1OZ']);
});
