// Issue 26: the browser's passkey calls through the storefront (session cookies, CSRF, the ceremony id in an
// httpOnly cookie), with the software authenticator of test/passkeys: a signed-in customer adds a passkey on
// the CH store's host, a guest with a cart signs in with it alone and keeps the cart, and a ceremony is
// answered once and only from the browser that started it.
import t from 'tap';
import { assert, createCredential } from '../passkeys/authenticator.ts';
import { signedIn, startShop } from './helpers.ts';

t.test('passkeys through /api', async (t) => {
  const shop = await startShop(t);
  const { b, account } = await signedIn(shop);

  const opts = await b.post('/api/me/passkeys/options', {});
  t.equal(opts.status, 200, opts.text);
  const ceremonyCookie = b.cookie('ctPasskeyCeremony');
  t.ok(ceremonyCookie, 'the ceremony id is kept in a cookie');
  t.notOk(JSON.stringify(opts.json).includes(ceremonyCookie as string), 'and never given to the page\'s script');
  const options = (opts.json as { options: { challenge: string; rp: { id: string }; user: { id: string } } }).options;
  t.equal(options.rp.id, 'ch.localhost', 'the relying party is the CH store\'s host');
  const { passkey, response } = createCredential(options, b.origin);
  const added = await b.post('/api/me/passkeys', { name: 'Laptop', response });
  t.equal(added.status, 201, added.text);
  t.notOk(b.cookie('ctPasskeyCeremony'), 'the ceremony cookie is spent');
  const list = await b.get('/api/me/passkeys');
  t.same((list.json as { passkeys: { name: string }[] }).passkeys.map((p) => p.name), ['Laptop']);

  // a guest with a cart signs in with the passkey alone and keeps the cart
  const g = shop.browser('ch.localhost');
  await g.open();
  const line = await g.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  t.ok(line.status < 300, `the guest's cart line: ${line.status} ${line.text.slice(0, 200)}`);
  const lo = await g.post('/api/passkey-login/options', {});
  t.equal(lo.status, 200, lo.text);
  const loginOptions = (lo.json as { options: { challenge: string; rpId: string } }).options;
  const stranger = shop.browser('ch.localhost');
  await stranger.open();
  const elsewhere = await stranger.post('/api/passkey-login', { response: assert(passkey, loginOptions, b.origin) });
  t.equal(elsewhere.status, 400, 'another browser cannot answer this browser\'s ceremony');
  t.equal((elsewhere.json as { code: string }).code, 'passkey_ceremony_expired');

  const res = await g.post('/api/passkey-login', { response: assert(passkey, loginOptions, g.origin) });
  t.equal(res.status, 200, res.text);
  t.match(res.json, { session: { level: 'user' }, customer: { email: account.email } });
  t.ok(g.cookie('ctToken'), 'the session cookies are set');
  t.equal((res.json as { merged: boolean }).merged, true, 'the guest\'s data moved into the account');
  const carts = (await g.get('/api/carts')).json as { results?: { lineItems: { sku: string }[] }[] };
  t.ok(JSON.stringify(carts).includes('AU-KRUG-1OZ'), 'the guest\'s cart line is in the account\'s cart');
  const again = await g.post('/api/passkey-login', { response: assert(passkey, loginOptions, g.origin) });
  t.equal((again.json as { code: string }).code, 'passkey_ceremony_expired', 'the ceremony is answered once');
  t.equal((again.json as { message: string }).message, 'Die Passkey-Anfrage ist abgelaufen. Bitte versuchen Sie es erneut.');

  const id = (added.json as { id: string }).id;
  const gone = await g.fetch('DELETE', `/api/me/passkeys/${id}`);
  t.equal(gone.status, 200);
  t.same((await g.get('/api/me/passkeys')).json, { passkeys: [] });
});
