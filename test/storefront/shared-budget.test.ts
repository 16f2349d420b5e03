// Issue 27, "past one machine": the storefront's /api budget is one per client for every storefront process,
// counted in the commerce database (default) or in Redis (REDIS_URL). Two real storefront processes against
// one commerce service over real HTTP: requests split across both are refused after exactly API_RATE_LIMIT,
// with the 429 a single process answered before; another visitor's budget is untouched. And what happens
// while the store does not answer: /api stays open, sign-in is refused.
import t, { type Test } from 'tap';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import { budgetKey } from '../../src/storefront/plugins/budget-store.ts';
import { testCompanyFacts } from '../company-facts.ts';
import { TEST_SERVICE_SECRET, testClock, testConfig } from '../commerce/helpers.ts';
import { startShop } from '../api/helpers.ts';
import { ensureClientBuild } from './harness.ts';
import { freePortBlock } from '../free-ports.ts';

const BUDGET = 5;
const tooManyDe = /^Zu viele Anfragen\. Bitte versuchen Sie es in (1 Minute|\d+ Sekunden) erneut\.$/;
/** The test's Redis: on a free port below the kernel's ephemeral range (test/free-ports.ts says why) */
const REDIS_PORT = await freePortBlock(1);

async function startCommerce(t: Test) {
  const { db, close } = await openTestDb();
  const commerce = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig({ RATE_LIMITS: 'on' }), logger: false, clock: testClock(Date.now()) });
  await commerce.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await commerce.close();
    await close();
  });
  return { commerce, url: `http://127.0.0.1:${(commerce.server.address() as AddressInfo).port}` };
}

/** A storefront process; resolves with its port once it listens. */
async function storefrontProcess(t: Test, commerceUrl: string, env: Record<string, string> = {}): Promise<number> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'test/storefront/budget-storefront.ts'], {
    env: {
      ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', RATE_LIMITS: 'on', API_RATE_LIMIT: String(BUDGET), TRUST_PROXY: 'on',
      SERVICE_SECRET: TEST_SERVICE_SECRET, OVERLOAD_EVENT_LOOP_DELAY_MS: '0', BUDGET_COMMERCE_URL: commerceUrl, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  }));
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`storefront exited ${code}: ${out}`)));
  });
}

async function session(port: number, ip: string) {
  const res = await request(`http://127.0.0.1:${port}/api/session`, { headers: { host: `ch.localhost:${port}`, 'x-forwarded-for': ip } });
  const text = await res.body.text();
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], json: JSON.parse(text) as { code?: string; message?: string; details?: { retryAfter?: number } } };
}

async function budgetAcrossTwo(t: Test, env: Record<string, string> = {}) {
  await ensureClientBuild();
  const { url } = await startCommerce(t);
  const [a, b] = await Promise.all([storefrontProcess(t, url, env), storefrontProcess(t, url, env)]);
  t.not(a, b, 'two processes, two ports');
  const answers = [];
  // one visitor, its requests alternating between the two storefronts
  for (let i = 0; i < 2 * BUDGET; i++) answers.push(await session(i % 2 === 0 ? a : b, '198.51.100.40'));
  t.same(answers.map((r) => r.status), [...Array(BUDGET).fill(200), ...Array(BUDGET).fill(429)], `exactly API_RATE_LIMIT (${BUDGET}) pass across both processes, not ${BUDGET} each`);
  for (const refused of answers.slice(BUDGET)) {
    t.equal(refused.json.code, 'too_many_requests');
    t.match(refused.json.message, tooManyDe, 'spec 8 "too many requests" with the wait, as one process answered before');
    const retry = Number(refused.retryAfter);
    t.ok(retry >= 1 && retry <= 60, 'Retry-After within the minute');
    t.equal(refused.json.details?.retryAfter, retry);
  }
  t.equal((await session(a, '198.51.100.41')).status, 200, 'another visitor passes on the first storefront');
  t.equal((await session(b, '198.51.100.41')).status, 200, 'and on the second: its budget is its own');
}

t.test('two storefront processes share one /api budget in the commerce database', async (t) => {
  await budgetAcrossTwo(t);
});

const noRedis = spawnSync('redis-server', ['--version']).error ? 'redis-server is not installed (.ci/run installs it)' : false;

t.test('two storefront processes share one /api budget in Redis (REDIS_URL)', { skip: noRedis }, async (t) => {
  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  t.teardown(() => new Promise<void>((resolve) => {
    redis.once('exit', () => resolve());
    redis.kill('SIGTERM');
  }));
  // redis-server takes a moment to listen; the storefront's client connects on its own once it does
  for (let i = 0; i < 100; i++) {
    const ping = spawnSync('redis-cli', ['-p', String(REDIS_PORT), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await budgetAcrossTwo(t, { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` });
  const keys = spawnSync('redis-cli', ['-p', String(REDIS_PORT), '--scan'], { encoding: 'utf8' }).stdout;
  t.notMatch(keys, /198\.51\.100/, 'Redis holds no client address, only its hash');
  t.match(keys, budgetKey('198.51.100.40'), 'the visitor\'s budget under its hashed key');
});

t.test('while the budget store does not answer, /api stays open and sign-in is refused', async (t) => {
  const shop = await startShop(t, { env: { RATE_LIMITS: 'on', API_RATE_LIMIT: '2', TRUST_PROXY: 'on' } });
  shop.proxy.faults.set('POST /admin/rate-limits/hit', 0);
  const b = shop.browser();
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await b.get('/api/session', { 'x-forwarded-for': '198.51.100.50' })).status);
  t.same(statuses, [200, 200, 200, 200], 'the shop does not take itself down with its limiter: requests pass uncounted');
  const login = await b.post('/api/login', { email: 'someone@example.com', password: 'Wrong-password-1' });
  t.equal(login.status, 503, 'a sign-in cannot be counted, so it is not tried');
  t.equal(login.json.code, 'service_unavailable');
  t.equal(login.json.message, 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.', 'in the customer\'s language');
  t.equal(shop.count('POST /customers/login'), 0, 'the password was never checked');

  shop.proxy.faults.delete('POST /admin/rate-limits/hit');
  t.equal((await b.get('/api/session', { 'x-forwarded-for': '198.51.100.50' })).status, 200, 'the store back: counting starts again');
  t.equal((await b.get('/api/session', { 'x-forwarded-for': '198.51.100.50' })).status, 200);
  t.equal((await b.get('/api/session', { 'x-forwarded-for': '198.51.100.50' })).status, 429, 'and the budget holds again');
});

t.test('only a storefront that proves the service credential may spend budgets', async (t) => {
  const { commerce } = await startCommerce(t);
  const body = { key: budgetKey('198.51.100.60'), windowMs: 60_000 };
  const stranger = await commerce.inject({ method: 'POST', url: '/admin/rate-limits/hit', payload: body });
  t.equal(stranger.statusCode, 404, 'a loopback caller without the credential: the call does not exist');
  const wrong = await commerce.inject({ method: 'POST', url: '/admin/rate-limits/hit', payload: body, headers: { 'x-service-token': 'not-the-secret-not-the-secret' } });
  t.equal(wrong.statusCode, 404);
  const ours = await commerce.inject({ method: 'POST', url: '/admin/rate-limits/hit', payload: body, headers: { 'x-service-token': TEST_SERVICE_SECRET } });
  t.equal(ours.statusCode, 200);
  t.same(ours.json(), { current: 1, ttlMs: 60_000 }, 'the first request of a window, on the service\'s clock');
  const address = await commerce.inject({ method: 'POST', url: '/admin/rate-limits/hit', payload: { key: '198.51.100.60', windowMs: 60_000 }, headers: { 'x-service-token': TEST_SERVICE_SECRET } });
  t.equal(address.statusCode, 400, 'a plain address is refused: only hashes are stored');
});
