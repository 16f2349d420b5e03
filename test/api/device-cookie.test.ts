// Issue 26: the device cookie. A sign-in from a browser the shop does not know sends the customer a
// "new device" mail and hands the browser a device token (httpOnly, 30 days); the next sign-in from the
// same browser presents it and sends no mail. Another browser is a new device again.
import t from 'tap';
import { registerVerified, startShop } from './helpers.ts';

t.test('sign-ins from a known browser send no new-device mail; another browser does', async (t) => {
  const shop = await startShop(t);
  const b = shop.browser('ch.localhost');
  await b.open();
  const account = await registerVerified(shop, b);
  const mails = async () => (await shop.db.query<{ n: number }>(`select count(*)::int as n from outbox where "to" = $1 and subject like '%Neue Anmeldung%'`, [account.email]))[0].n;

  const first = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(first.status, 200);
  const line = first.setCookies.find((c) => c.startsWith('ctDevice='));
  t.ok(line, 'the browser gets a device cookie');
  t.match(line!, /HttpOnly/i, 'not readable by scripts');
  t.match(line!, /Expires=/i, 'kept beyond the browser session (30 days)');
  t.equal(await mails(), 1, 'a sign-in from a new device is told by mail');

  await b.post('/api/logout', {});
  t.ok(b.cookie('ctDevice'), 'signing out keeps the device cookie');
  const again = await b.post('/api/login', { email: account.email, password: account.password });
  t.equal(again.status, 200);
  t.equal(await mails(), 1, 'the same browser again: no new mail');

  const other = shop.browser('ch.localhost');
  await other.open();
  t.equal((await other.post('/api/login', { email: account.email, password: account.password })).status, 200);
  t.equal(await mails(), 2, 'another browser is a new device');
});
