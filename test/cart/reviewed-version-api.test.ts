// Issue 14 through the storefront's /api: the browser sends the cart version its review step showed
// (cartVersion); the storefront forwards it, and a cart changed since (a second tab) answers 409
// cart_version_conflict with details.currentVersion and the message in the customer's language. No order
// for the changed cart until the browser sends the new version.
import t from 'tap';
import { guestWith, readyBuyCart, shopWithPrices } from './api-helpers.ts';

t.test('a cart changed after the review is refused with its current version and a translated message; the reviewed-again version is ordered', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop, 'ch.localhost', 'de');
  const reviewed = await readyBuyCart(b);
  // the second tab (same cookies) sets 7 pieces after the review
  const changed = await b.put(`/api/carts/${reviewed.id}/line-items`, { sku: 'AU-KRUG-1OZ', quantity: 7 });
  t.equal(changed.status, 200, changed.text.slice(0, 200));
  const current = changed.json.cart.version as number;
  t.ok(current > reviewed.version);

  const stale = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: reviewed.version, idempotencyKey: 'review-attempt-0001' });
  t.equal(stale.status, 409, stale.text);
  t.match(stale.json, {
    code: 'cart_version_conflict', details: { currentVersion: current },
    message: 'Der Warenkorb wurde inzwischen geändert. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
  });
  const [{ n }] = await shop.db.query<{ n: number }>('select count(*)::int as n from orders');
  t.equal(n, 0, 'no order for the changed cart');

  const bad = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: 0, idempotencyKey: 'review-attempt-0002' });
  t.equal(bad.status, 400, 'a version out of range never reaches the service');

  const placed = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: current, idempotencyKey: 'review-attempt-0003' });
  t.equal(placed.status, 201, placed.text.slice(0, 200));
  t.equal(placed.json.order.lineItems[0].quantity, 7);
});

t.test('English customers read the conflict in English', async (t) => {
  const shop = await shopWithPrices(t);
  const b = await guestWith(shop, 'ch.localhost', 'en');
  const reviewed = await readyBuyCart(b);
  await b.put(`/api/carts/${reviewed.id}/addresses`, { shippingAddress: { ...shopAddress(), streetName: 'Seestrasse' } });
  const stale = await b.post('/api/orders', { cartId: reviewed.id, cartVersion: reviewed.version, idempotencyKey: 'review-attempt-0004' });
  t.equal(stale.status, 409, stale.text);
  t.equal(stale.json.message, 'The cart has changed in the meantime. Please check it and try again.');
});

function shopAddress() {
  return { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
}
