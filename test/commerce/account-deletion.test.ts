// Account deletion (spec 6): password confirmation, blocked while limit orders are open, and afterwards
// nothing personal is left: profile, addresses, sessions, order history, messages.
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { commerceHarness, login, registerVerified, swissAddress, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);

t.test('deleting the account removes all personal data, order history, sessions and messages', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const other = await login(api, account);
  await api.call('PUT', `/customers/${account.id}`, { token: session.accessToken, body: { phone: '+41 79 123 45 67' } });
  await api.call('PUT', `/customers/${account.id}/address`, { token: session.accessToken, body: { address: swissAddress() } });
  await api.call('POST', `/customers/${account.id}/phone/verification`, { token: session.accessToken });
  await api.call('POST', '/customers/emails/password-reset', { body: { email: account.email } });
  const now = api.clock();
  await api.db.query(`insert into orders (id, customer_id, store_key, order_number, created_at) values ($1, $2, 'ch', $3, $4)`, [randomUUID(), account.id, `CH-${Date.now()}`, now]);
  await api.db.query(
    `insert into limit_orders (id, customer_id, store_key, number, sku, status, created_at, quantity, target_cents, currency, country, expires_at)
     values ($1, $2, 'ch', $3, 'AU-1OZ', 'executed', $4, 1, 100000, 'CHF', 'CH', $4)`,
    [randomUUID(), account.id, `L-${Date.now()}`, now],
  );

  const res = await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: PASSWORD } });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { ok: true });

  const count = async (sql: string, params: unknown[]) => (await api.db.query<{ n: number }>(sql, params))[0].n;
  t.equal(await count('select count(*)::int as n from customers where id = $1 or email_lower = $2', [account.id, account.email]), 0, 'profile');
  for (const table of ['addresses', 'tokens', 'one_time_tokens', 'sms_codes', 'orders', 'limit_orders']) {
    t.equal(await count(`select count(*)::int as n from ${table} where customer_id = $1`, [account.id]), 0, table);
  }
  t.equal(await count('select count(*)::int as n from outbox where "to" = any($1::text[])', [[account.email, '+41791234567']]), 0, 'mails and SMS');
  t.equal((await api.call('GET', '/customers/me', { token: other.accessToken })).statusCode, 401, 'every session ended');
  t.equal((await api.call('POST', '/customers/login', { body: { email: account.email, password: PASSWORD } })).statusCode, 401);
  t.equal((await api.call('POST', '/customers', { body: { email: account.email, password: PASSWORD, firstName: 'A', lastName: 'B' } })).statusCode, 201, 'the address can register again');
});

t.test('deletion is blocked while limit orders are open (limit_orders_exist)', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const id = randomUUID();
  await api.db.query(
    `insert into limit_orders (id, customer_id, store_key, number, sku, status, created_at, quantity, target_cents, currency, country, expires_at)
     values ($1, $2, 'ch', $3, 'AG-1KG', 'active', $4, 1, 100000, 'CHF', 'CH', $4)`,
    [id, account.id, `L-${id}`, api.clock()],
  );
  const res = await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: PASSWORD } });
  t.equal(res.statusCode, 409);
  t.equal(res.json().code, 'limit_orders_exist');
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 200, 'nothing was deleted');
  await api.db.query('delete from limit_orders where id = $1', [id]);
  t.equal((await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: PASSWORD } })).statusCode, 200);
});

t.test('deletion is blocked while the depot holds metal (deposit_not_empty); an emptied depot goes with the account', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const depositId = randomUUID();
  const lotId = randomUUID();
  await api.db.query(`insert into deposits (id, customer_id, store_key, number, currency, opened_at) values ($1, $2, 'ch', $3, 'CHF', $4)`, [depositId, account.id, `CH-D-${depositId.slice(0, 8)}`, api.clock()]);
  await api.db.query(
    `insert into deposit_lots (id, deposit_id, order_number, order_line_id, sku, quantity, remaining, unit_cost_cents, acquired_at) values ($1, $2, $3, 'l1', 'AU-1OZ', 2, 2, 300000, $4)`,
    [lotId, depositId, `CH-${lotId.slice(0, 8)}`, api.clock()],
  );
  const res = await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: PASSWORD } });
  t.equal(res.statusCode, 409);
  t.equal(res.json().code, 'deposit_not_empty');
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 200, 'nothing was deleted');
  await api.db.query('update deposit_lots set remaining = 0 where id = $1', [lotId]);
  t.equal((await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: PASSWORD } })).statusCode, 200, 'sold out of the depot: deletion goes ahead');
  t.equal((await api.db.query<{ n: number }>('select count(*)::int as n from deposits where id = $1', [depositId]))[0].n, 0, 'the depot record goes with the account');
});

t.test('deletion needs the password; a wrong one changes nothing', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const session = await login(api, account);
  const wrong = await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken, body: { password: 'Wrong12345' } });
  t.equal(wrong.statusCode, 400);
  t.equal(wrong.json().code, 'invalid_current_password');
  t.equal(wrong.json().message, 'Entered password is incorrect.');
  t.equal(wrong.json().details.fields[0].field, 'password');
  const missing = await api.call('DELETE', `/customers/${account.id}`, { token: session.accessToken });
  t.equal(missing.statusCode, 400);
  t.equal(missing.json().details.fields[0].code, 'required');
  t.equal((await api.call('GET', '/customers/me', { token: session.accessToken })).statusCode, 200);
  t.equal((await api.call('DELETE', `/customers/${account.id}`, { body: { password: PASSWORD } })).statusCode, 401, 'and a session');
});

t.test('deleting one account leaves other customers\' data alone', async (t) => {
  const api = await h.api(t);
  const keep = await registerVerified(api, { email: uniqueEmail('keep') });
  const keepSession = await login(api, keep);
  await api.call('PUT', `/customers/${keep.id}/address`, { token: keepSession.accessToken, body: { address: swissAddress() } });
  const gone = await registerVerified(api);
  const goneSession = await login(api, gone);
  await api.call('DELETE', `/customers/${gone.id}`, { token: goneSession.accessToken, body: { password: PASSWORD } });
  const me = (await api.call('GET', '/customers/me', { token: keepSession.accessToken })).json();
  t.equal(me.customer.addresses.length, 1);
  t.equal((await api.db.query('select id from outbox where "to" = $1', [keep.email])).length, 2, 'their activation mail and their sign-in\'s new-device mail (issue 26) are still there');
});
