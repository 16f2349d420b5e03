// The service as operators and the storefront meet it: /health, /openapi.json, x-store-key on every
// call, 404s, logs without personal data, and the standalone start (PGlite files under DATA_DIR).
import t from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { startCommerceService } from '../../src/commerce/main.ts';
import { loadConfig } from '../../src/config.ts';
import { loggerOptions } from '../../src/lib/service.ts';
import { commerceHarness, lastMessageTo, registerVerified, testClock, testConfig, tokenFromText, uniqueEmail, PASSWORD } from './helpers.ts';

const h = await commerceHarness(t);

t.test('GET /health answers without a store key and names the database', async (t) => {
  const api = await h.api(t);
  const res = await api.call('GET', '/health', { store: null });
  t.equal(res.statusCode, 200);
  t.same(res.json(), { status: 'ok', db: h.db.kind });
});

t.test('every other call needs a known x-store-key (400 invalid_store_key)', async (t) => {
  const api = await h.api(t);
  for (const store of [null, '', 'fr', 'CH', 'ch ']) {
    const res = await api.call('GET', '/admin/customers/anonymous', { store });
    t.equal(res.statusCode, 400, `store ${JSON.stringify(store)}`);
    t.same(res.json(), { statusCode: 400, code: 'invalid_store_key', message: 'Header x-store-key must be one of at, ch, de, li, us.' });
  }
  const login = await api.call('POST', '/customers/login', { store: null, body: { email: 'a@b.ch', password: 'x' } });
  t.equal(login.json().code, 'invalid_store_key');
  const products = await api.call('GET', '/products', { store: null });
  t.equal(products.json().code, 'invalid_store_key', 'the catalogue routes too');
});

t.test('unknown routes answer 404 not_found as JSON', async (t) => {
  const api = await h.api(t);
  const res = await api.call('GET', '/customers/nothing/here');
  t.equal(res.statusCode, 404);
  t.same(res.json(), { statusCode: 404, code: 'not_found', message: 'Route GET /customers/nothing/here not found' });
  t.equal((await api.call('PATCH', '/customers/me')).statusCode, 404);
});

t.test('/openapi.json documents every route with its schemas, the store key header and bearer auth', async (t) => {
  const api = await h.api(t);
  const res = await api.call('GET', '/openapi.json', { store: null });
  t.equal(res.statusCode, 200);
  const doc = res.json();
  t.equal(doc.openapi, '3.1.0');
  const expected: Array<[string, string]> = [
    ['get', '/admin/customers/anonymous'], ['post', '/admin/customers/refresh-token'], ['post', '/customers/login'], ['get', '/customers/me'],
    ['post', '/customers/merge'], ['post', '/customers'], ['get', '/customers/email-verification'], ['post', '/customers/emails/registration-activation'],
    ['post', '/customers/emails/password-reset'], ['put', '/customers/password'], ['put', '/customers/change-password'],
    ['get', '/customers/check-first-time-logging-in'], ['get', '/customers/email'], ['get', '/customers/vat-validation'], ['delete', '/customers/{id}'],
    ['put', '/customers/{id}'], ['put', '/customers/{id}/address'], ['put', '/customers/{id}/address/{addressId}'], ['delete', '/customers/{id}/address/{addressId}'],
    ['post', '/customers/{id}/phone/verification'], ['post', '/customers/{id}/phone/verification/verify'], ['get', '/admin/outbox'], ['get', '/products'],
  ];
  for (const [method, path] of expected) {
    const op = doc.paths[path]?.[method];
    t.ok(op, `${method.toUpperCase()} ${path}`);
    if (!op) continue;
    const header = op.parameters?.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'x-store-key');
    t.ok(header?.required, `${method.toUpperCase()} ${path} needs x-store-key`);
  }
  t.notOk(doc.paths['/health'], 'operational routes stay out');
  const register = doc.paths['/customers'].post.requestBody.content['application/json'].schema;
  t.same(register.required, ['email', 'password', 'firstName', 'lastName']);
  t.ok(register.properties.vatId && register.properties.newsletterOptIn);
  t.same(doc.paths['/customers/me'].get.security, [{ customerToken: [] }]);
  t.match(doc.components.securitySchemes.customerToken, { type: 'http', scheme: 'bearer' });
  t.ok(doc.paths['/customers/{id}'].put.responses['200'], 'responses are documented');
});

t.test('logs carry no e-mail addresses, passwords, tokens or codes', async (t) => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(),
    db: h.db,
    config: testConfig(),
    clock: testClock(),
    logger: { ...(loggerOptions('info', 'commerce') as object), stream },
  });
  t.teardown(() => app.close());
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    app.inject({ method, url, payload, headers: { 'x-store-key': 'ch', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const email = uniqueEmail('secret');
  await call('POST', '/customers', { email, password: PASSWORD, firstName: 'A', lastName: 'B', phone: '+41 79 123 45 67' });
  const token = tokenFromText((await lastMessageTo(h.db, email))!.text);
  await call('GET', `/customers/email-verification?emailToken=${token}`);
  const login = (await call('POST', '/customers/login', { email, password: PASSWORD })).json();
  await call('POST', '/customers/login', { email, password: 'Wrong-Passw0rd' });
  await call('GET', `/customers/email?email=${encodeURIComponent(email)}`);
  await call('POST', '/admin/customers/refresh-token', { refreshToken: login.refreshToken });
  await call('POST', `/customers/${login.ownerId}/phone/verification`, undefined, login.accessToken);
  const sms = await lastMessageTo(h.db, '+41791234567');
  const code = /\d{6}/.exec(sms!.text)![0];
  await call('POST', `/customers/${login.ownerId}/phone/verification/verify`, { code }, login.accessToken);
  const log = lines.join('');
  t.ok(lines.length >= 8, 'requests were logged');
  t.match(log, /"route":"\/customers\/login"/);
  for (const secret of [email, PASSWORD, 'Wrong-Passw0rd', token, login.accessToken, login.refreshToken, code, '+41791234567']) {
    t.notOk(log.includes(secret), `no ${secret.slice(0, 6)}... in the logs`);
  }
});

t.test('main: PGlite files under DATA_DIR keep accounts across restarts; real HTTP on loopback', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-data-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: '' });
  const first = await startCommerceService(config, 0);
  t.match(first.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const health = await fetch(`${first.url}/health`);
  t.same(await health.json(), { status: 'ok', db: 'pglite' });
  const email = uniqueEmail();
  const reg = await fetch(`${first.url}/customers`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-store-key': 'li' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'A', lastName: 'B' }),
  });
  t.equal(reg.status, 201);
  await first.close();
  await first.close();

  const second = await startCommerceService(config, 0);
  t.teardown(() => second.close());
  const exists = await fetch(`${second.url}/customers/email?email=${encodeURIComponent(email)}`, { headers: { 'x-store-key': 'li' } });
  t.same(await exists.json(), { exists: true }, 'the account survived the restart');
  const products = await fetch(`${second.url}/products?limit=1`, { headers: { 'x-store-key': 'li' } });
  t.equal(products.status, 200, 'the seeded catalogue answers');
});

t.test('account data of one test does not leak to the next test app (same database, new app)', async (t) => {
  const api = await h.api(t);
  const account = await registerVerified(api);
  const next = await h.api(t);
  const res = await next.call('POST', '/customers/login', { body: { email: account.email, password: account.password } });
  t.equal(res.statusCode, 200, 'state lives in the database, not in the app instance');
});
