// Admins manage operators; demo operators exist outside production only (the first admin in production:
// create-admin.test.ts).
import t from 'tap';
import { commerceHarness, uniqueEmail } from '../commerce/helpers.ts';
import { DEMO_PASSWORD, demoToken, opsCall, opsLogin } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';

t.test('an admin creates an operator who can then sign in with its roles', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  const email = uniqueEmail('lager');
  const res = await opsCall(api, 'POST', '/ops/operators', admin, { email, password: PASSWORD, roles: ['warehouse', 'support'] });
  t.equal(res.statusCode, 201, res.body);
  t.same(res.json().roles, ['warehouse', 'support']);
  t.equal(res.json().disabled, false);
  const signedIn = await opsLogin(api, email.toUpperCase(), PASSWORD);
  t.same(signedIn.operator.roles, ['warehouse', 'support']);
  const list = (await opsCall(api, 'GET', '/ops/operators', admin)).json();
  t.ok(list.results.some((o: { email: string }) => o.email === email));
  t.equal(list.total, list.results.length);
  t.notOk(JSON.stringify(list).includes('scrypt'), 'no password hash leaves the service');
});

t.test('an e-mail is taken whatever its case: 409 operator_email_taken', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  const res = await opsCall(api, 'POST', '/ops/operators', admin, { email: 'FINANCE@ops.example', password: PASSWORD, roles: ['finance'] });
  t.equal(res.statusCode, 409);
  t.equal(res.json().code, 'operator_email_taken');
});

t.test('only an admin manages operators: 403 operator_role_required for the other roles', async (t) => {
  const api = await h.api(t);
  for (const role of ['finance', 'warehouse', 'support'] as const) {
    const token = await demoToken(api, role);
    for (const [method, url, body] of [
      ['GET', '/ops/operators', undefined],
      ['POST', '/ops/operators', { email: uniqueEmail(), password: PASSWORD, roles: ['admin'] }],
      ['PUT', '/ops/operators/7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10', { roles: ['admin'] }],
    ] as const) {
      const res = await opsCall(api, method, url, token, body);
      t.equal(res.statusCode, 403, `${role} ${method} ${url}`);
      t.equal(res.json().code, 'operator_role_required');
    }
  }
});

t.test('an admin cannot take its own admin role or disable itself: 409 operator_self_lockout', async (t) => {
  const api = await h.api(t);
  const me = await opsLogin(api, 'admin@ops.example');
  for (const body of [{ roles: ['finance'] }, { disabled: true }, { roles: ['support', 'finance'], disabled: false }]) {
    const res = await opsCall(api, 'PUT', `/ops/operators/${me.operator.id}`, me.accessToken, body);
    t.equal(res.statusCode, 409, JSON.stringify(body));
    t.equal(res.json().code, 'operator_self_lockout');
  }
  const still = await opsCall(api, 'GET', '/ops/me', me.accessToken);
  t.same(still.json().roles, ['admin']);
  // adding roles to itself is fine
  const more = await opsCall(api, 'PUT', `/ops/operators/${me.operator.id}`, me.accessToken, { roles: ['admin', 'finance'] });
  t.equal(more.statusCode, 200);
  t.equal((await opsCall(api, 'PUT', `/ops/operators/${me.operator.id}`, me.accessToken, { roles: ['admin'] })).statusCode, 200);
});

t.test('two admins disabling each other at the same moment leave one admin', async (t) => {
  const api = await h.api(t);
  const root = await demoToken(api, 'admin');
  const a = (await opsCall(api, 'POST', '/ops/operators', root, { email: uniqueEmail('a'), password: PASSWORD, roles: ['admin'] })).json();
  const b = (await opsCall(api, 'POST', '/ops/operators', root, { email: uniqueEmail('b'), password: PASSWORD, roles: ['admin'] })).json();
  const ta = (await opsLogin(api, a.email, PASSWORD)).accessToken;
  const tb = (await opsLogin(api, b.email, PASSWORD)).accessToken;
  const [ab, ba] = await Promise.all([
    opsCall(api, 'PUT', `/ops/operators/${b.id}`, ta, { disabled: true }),
    opsCall(api, 'PUT', `/ops/operators/${a.id}`, tb, { disabled: true }),
  ]);
  const codes = [ab.statusCode, ba.statusCode].sort();
  t.equal(codes[0], 200, 'one of them wins');
  // the other is refused: its session ended (401) or, already past the door, its admin right is gone (403)
  t.ok([401, 403].includes(codes[1]), `the other is refused (${codes[1]})`);
  const rows = await api.db.query<{ disabled: boolean }>('select disabled from operators where id = any($1::uuid[])', [[a.id, b.id]]);
  t.same(rows.map((r) => r.disabled).sort(), [false, true], 'exactly one of them is disabled');
});

t.test('a role taken away counts at once; a new password ends the sessions and the new one works', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  const email = uniqueEmail('kasse');
  const created = (await opsCall(api, 'POST', '/ops/operators', admin, { email, password: PASSWORD, roles: ['finance', 'support'] })).json();
  const session = await opsLogin(api, email, PASSWORD);
  t.equal((await opsCall(api, 'GET', '/ops/audit', session.accessToken)).statusCode === 403, false);

  const demoted = await opsCall(api, 'PUT', `/ops/operators/${created.id}`, admin, { roles: ['support'] });
  t.same(demoted.json().roles, ['support']);
  const pay = await opsCall(api, 'POST', '/ops/bank-statements', session.accessToken, { xml: '<Document/>' });
  t.equal(pay.statusCode, 403, 'finance rights are gone from the open session');
  t.equal(pay.json().code, 'operator_role_required');

  const changed = await opsCall(api, 'PUT', `/ops/operators/${created.id}`, admin, { password: 'Neues-Passwort-2026' });
  t.equal(changed.statusCode, 200);
  t.equal((await opsCall(api, 'GET', '/ops/me', session.accessToken)).json().code, 'operator_token_required', 'its sessions ended');
  t.equal((await opsCall(api, 'POST', '/ops/login', null, { email, password: PASSWORD })).statusCode, 401);
  await opsLogin(api, email, 'Neues-Passwort-2026');
});

t.test('every operator change is in the audit log, naming the admin, never the password', async (t) => {
  const api = await h.api(t);
  const admin = await opsLogin(api, 'admin@ops.example');
  const email = uniqueEmail('audit');
  const created = (await opsCall(api, 'POST', '/ops/operators', admin.accessToken, { email, password: PASSWORD, roles: ['support'] })).json();
  await opsCall(api, 'PUT', `/ops/operators/${created.id}`, admin.accessToken, { disabled: true, password: 'Neues-Passwort-2026' });
  const audit = await opsCall(api, 'GET', `/ops/audit?operatorId=${admin.operator.id}&limit=200`, admin.accessToken);
  t.equal(audit.statusCode, 200, audit.body);
  const mine = audit.json().results.filter((e: { details: { operatorId?: string } }) => e.details.operatorId === created.id);
  t.same(mine.map((e: { action: string }) => e.action).sort(), ['operator_created', 'operator_updated']);
  // issue 24: the log names the operator by name too
  for (const e of mine) t.same(e.actor, { type: 'operator', id: admin.operator.id, email: 'admin@ops.example', name: 'Ada Admin' });
  t.notOk(JSON.stringify(mine).includes('Neues-Passwort') || JSON.stringify(mine).includes(PASSWORD) || JSON.stringify(mine).includes('scrypt'));
});

t.test('bad operator bodies are refused with 400 validation_failed', async (t) => {
  const api = await h.api(t);
  const admin = await demoToken(api, 'admin');
  for (const body of [
    { email: uniqueEmail(), password: 'kurz', roles: ['support'] },
    { email: uniqueEmail(), password: PASSWORD, roles: [] },
    { email: uniqueEmail(), password: PASSWORD, roles: ['root'] },
    { email: uniqueEmail(), password: PASSWORD, roles: ['support', 'support'] },
    { email: uniqueEmail(), password: PASSWORD, roles: ['support'], disabled: true },
  ]) {
    const res = await opsCall(api, 'POST', '/ops/operators', admin, body);
    t.equal(res.statusCode, 400, JSON.stringify(body));
    t.equal(res.json().code, 'validation_failed');
  }
  const notUuid = await opsCall(api, 'PUT', '/ops/operators/1', admin, { disabled: true });
  t.equal(notUuid.json().code, 'validation_failed');
  const unknown = await opsCall(api, 'PUT', '/ops/operators/7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10', admin, { disabled: true });
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.json().code, 'operator_not_found');
});

t.test('outside production the four demo operators exist; a restart keeps a changed password', async (t) => {
  const api = await h.api(t);
  for (const role of ['admin', 'finance', 'warehouse', 'support']) {
    const res = await opsLogin(api, `${role}@ops.example`);
    t.same(res.operator.roles, [role]);
  }
  const admin = await opsLogin(api, 'admin@ops.example');
  const support = await opsLogin(api, 'support@ops.example');
  await opsCall(api, 'PUT', `/ops/operators/${support.operator.id}`, admin.accessToken, { password: 'Geaendert-Support-1' });
  const again = await h.api(t); // a restart on the same database
  t.equal((await opsCall(again, 'POST', '/ops/login', null, { email: 'support@ops.example', password: DEMO_PASSWORD })).statusCode, 401);
  await opsLogin(again, 'support@ops.example', 'Geaendert-Support-1');
  const n = await again.db.query<{ n: number }>("select count(*)::int as n from operators where email like '%@ops.example'");
  t.equal(n[0].n, 4, 'no duplicates');
});

t.test('OPS_DEMO_PASSWORD sets the demo password; in production there are no demo operators', async (t) => {
  const own = await commerceHarness(t);
  const prod = await own.api(t, { config: { NODE_ENV: 'production', RATE_LIMITS: 'on' } });
  const none = await prod.db.query<{ n: number }>('select count(*)::int as n from operators');
  t.equal(none[0].n, 0);
  const res = await opsCall(prod, 'POST', '/ops/login', null, { email: 'admin@ops.example', password: DEMO_PASSWORD });
  t.equal(res.statusCode, 401);

  const dev = await own.api(t, { config: { OPS_DEMO_PASSWORD: 'Anderes-Demo-Passwort' } });
  await opsLogin(dev, 'finance@ops.example', 'Anderes-Demo-Passwort');
});
