// Issue 14, limits that hold behind a proxy, through the real storefront and commerce service: the per-client
// /api rate limit (429 too_many_requests, Retry-After, spec 8's message in the customer's language), the client
// address as TRUST_PROXY resolves it (the one the proxy saw, not what a client wrote into X-Forwarded-For), no
// exemption for loopback, and load shedding (503 overloaded with Retry-After; the probes stay reachable).
import t from 'tap';
import { startShop, uniqueEmail } from './helpers.ts';

const tooMany = { de: /^Zu viele Anfragen\. Bitte versuchen Sie es in (1 Minute|\d+ Sekunden) erneut\.$/, en: /^Too many requests\. Please try again in (1 minute|\d+ seconds)\.$/ };

t.test('/api answers 429 too_many_requests with Retry-After once a client address has spent API_RATE_LIMIT per minute', async (t) => {
  const shop = await startShop(t, { env: { RATE_LIMITS: 'on', API_RATE_LIMIT: '5', TRUST_PROXY: 'on' } });
  const b = shop.browser();
  const from = (ip: string) => b.get('/api/session', { 'x-forwarded-for': ip });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await from('198.51.100.20')).status);
  t.same(statuses, [200, 200, 200, 200, 200], 'API_RATE_LIMIT requests pass');
  const refused = await from('198.51.100.20');
  t.equal(refused.status, 429);
  t.equal(refused.json.code, 'too_many_requests');
  t.match(refused.json.message, tooMany.de, 'spec 8 "too many requests", in German on a German page, with the wait');
  const retry = Number(refused.headers['retry-after']);
  t.ok(retry >= 1 && retry <= 60, 'Retry-After within the minute');
  t.equal(refused.json.details.retryAfter, retry);
  b.language = 'en';
  t.match((await from('198.51.100.20')).json.message, tooMany.en, 'and in English on an English page');
  t.equal((await from('10.1.2.3, 198.51.100.20')).status, 429, 'an address the client wrote before the proxy\'s entry does not buy a fresh budget');
  t.equal((await from('198.51.100.21')).status, 200, 'another client address is not affected');
});

t.test('without TRUST_PROXY the socket address is the client: behind a same-host proxy everyone shares one /api budget', async (t) => {
  const shop = await startShop(t, { env: { RATE_LIMITS: 'on', API_RATE_LIMIT: '3' } });
  const b = shop.browser();
  const statuses: number[] = [];
  for (const ip of ['198.51.100.30', '198.51.100.31', '198.51.100.32', '198.51.100.33']) statuses.push((await b.get('/api/session', { 'x-forwarded-for': ip })).status);
  t.same(statuses, [200, 200, 200, 429], 'X-Forwarded-For is not believed; loopback is not exempt');
});

t.test('a loopback visitor (a proxy without TRUST_PROXY) meets the commerce service\'s e-mail look-up limit', async (t) => {
  const shop = await startShop(t, { env: { RATE_LIMITS: 'on' } });
  const b = shop.browser();
  await b.open();
  const answers = [];
  for (let i = 0; i < 31; i++) answers.push(await b.get(`/api/check-email?email=${encodeURIComponent(uniqueEmail())}`));
  t.same(answers.slice(0, 30).map((a) => a.status), Array(30).fill(200), '30 look-ups per 10 minutes pass');
  t.equal(answers[30].status, 429, 'the 31st is refused: the storefront forwards 127.0.0.1 and the service counts it');
  t.equal(answers[30].json.code, 'too_many_requests');
});

t.test('behind a trusted proxy a client cannot dodge the commerce service\'s limit by writing X-Forwarded-For', async (t) => {
  const shop = await startShop(t, { env: { RATE_LIMITS: 'on', TRUST_PROXY: 'on' } });
  const b = shop.browser();
  await b.open();
  const lookup = (i: number) => b.get(`/api/check-email?email=${encodeURIComponent(uniqueEmail())}`, { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}, 203.0.113.70` });
  let last = await lookup(0);
  for (let i = 1; i < 40 && last.status === 200; i++) last = await lookup(i);
  t.equal(last.status, 429, 'the address the proxy saw (the last entry) is the one that counts');
});

t.test('an overloaded storefront answers 503 overloaded with Retry-After; the health probes stay reachable', async (t) => {
  // a heap threshold the process is always above: the plugin's own pressure check, no timing involved
  const shop = await startShop(t, { env: { OVERLOAD_HEAP_USED_MB: '1' } });
  const app = shop.storefront.app;
  // the plugin samples once a second; wait for its first sample (bounded by tries)
  for (let i = 0; i < 300 && app.memoryUsage?.().heapUsed === 0; i++) await new Promise((r) => setTimeout(r, 20));
  const b = shop.browser();

  const page = await b.get('/');
  t.equal(page.status, 503);
  t.equal(page.headers['retry-after'], '10');
  t.match(page.headers['content-type'], /^text\/html/);
  t.match(page.text, /<html lang="de">/);
  t.match(page.text, 'Der Shop ist gerade stark ausgelastet. Bitte versuchen Sie es in 10 Sekunden erneut.');
  const en = await b.get('/en');
  t.equal(en.status, 503);
  t.match(en.text, 'The shop is very busy right now. Please try again in 10 seconds.');

  const api = await b.get('/api/session');
  t.equal(api.status, 503);
  t.equal(api.headers['retry-after'], '10');
  t.same(api.json, { statusCode: 503, code: 'overloaded', message: 'Der Shop ist gerade stark ausgelastet. Bitte versuchen Sie es in 10 Sekunden erneut.', details: { retryAfter: 10 } });

  t.equal((await b.get('/health/live')).status, 200, 'liveness answers: an overloaded process is not a dead one');
  const ready = await b.get('/health');
  t.equal(ready.json.service, 'storefront', 'readiness answers with its own report');
  t.equal(shop.count('GET /customers/me'), 0, 'no work reached the commerce service');
});
