// Issue 27, what operators watch: GET /metrics of the commerce service in Prometheus' text format, reachable
// from the internal network only, with the series the README's alerts need (price set age, outbox backlog,
// requests per route and status), moving with the service's clock and its data.
import t from 'tap';
import { commerceHarness, PASSWORD, uniqueEmail, type Api } from './helpers.ts';
import { handOver, priceSetAt } from '../orders/helpers.ts';
import { readFileSync } from 'node:fs';
import { createJob } from '../../src/commerce/lib/jobs.ts';
import { importBankStatement } from '../../src/commerce/lifecycle/index.ts';
import { finance } from '../lifecycle/helpers.ts';
import { seriesValue } from '../metrics/helpers.ts';

const h = await commerceHarness(t);
const ADMIN_TOKEN = 'metrics-admin-token-0123456789';

async function scrape(api: Api): Promise<string> {
  const res = await api.app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`metrics: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** The value of one series (name and labels as Prometheus prints them, part="commerce" included); undefined: absent. */
const value = (text: string, name: string, labels: Record<string, string> = {}): number | undefined =>
  seriesValue(text, name, { ...labels, part: 'commerce' });

t.test('the scrape is there for the internal network only: loopback or the admin token, 404 for anyone else', async (t) => {
  const api = await h.api(t, { config: { ADMIN_TOKEN } });
  const local = await api.app.inject({ method: 'GET', url: '/metrics' });
  t.equal(local.statusCode, 200);
  t.match(local.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  const outside = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(outside.statusCode, 404, 'from outside it does not exist');
  t.notMatch(outside.body, /http_requests_total/);
  const wrong = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer wrong-token-0123456789abcd' } });
  t.equal(wrong.statusCode, 404);
  const scraper = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(scraper.statusCode, 200, 'a scraper on another machine of the network with the admin token');
});

t.test('the price set\'s age grows with the clock, so "older than 2 periods" can fire', async (t) => {
  const api = await h.api(t);
  t.equal(value(await scrape(api), 'commerce_price_set_age_seconds'), Infinity, 'no set yet: infinitely old, the alert fires');
  await handOver(api, await priceSetAt(api.db, api.clock().getTime()));
  t.equal(value(await scrape(api), 'commerce_price_set_age_seconds'), 0);
  api.clock.advance(400);
  t.equal(value(await scrape(api), 'commerce_price_set_age_seconds'), 400, '400 s later: beyond 2 periods of 180 s');
  await handOver(api, await priceSetAt(api.db, api.clock().getTime() - 5_000));
  t.equal(value(await scrape(api), 'commerce_price_set_age_seconds'), 5, 'a new set resets it');
});

t.test('the outbox backlog counts a queued mail, and the age of the oldest', async (t) => {
  const api = await h.api(t);
  const before = value(await scrape(api), 'commerce_outbox_backlog');
  t.type(before, 'number');
  const res = await api.call('POST', '/customers', { body: { email: uniqueEmail('metrics'), password: PASSWORD, firstName: 'Mia', lastName: 'Metrik' } });
  t.equal(res.statusCode, 201);
  api.clock.advance(90);
  const text = await scrape(api);
  t.equal(value(text, 'commerce_outbox_backlog'), before! + 1, 'the activation mail waits (no SMTP in the tests)');
  t.ok(value(text, 'commerce_outbox_oldest_pending_age_seconds')! >= 90, 'the oldest waits at least 90 s');
});

t.test('requests are counted per route pattern, method and status, never per raw URL', async (t) => {
  const api = await h.api(t);
  await api.app.inject({ method: 'GET', url: '/health' });
  await api.app.inject({ method: 'GET', url: '/health' });
  const missing = await api.call('GET', '/orders/00000000-0000-4000-8000-000000000001');
  await api.app.inject({ method: 'GET', url: '/no/such/path/4711' });
  const text = await scrape(api);
  t.equal(value(text, 'http_requests_total', { route: '/health', method: 'GET', status: '200' }), 2);
  t.equal(value(text, 'http_requests_total', { route: '/orders/:id', method: 'GET', status: String(missing.statusCode) }), 1, 'the pattern, not the id');
  t.equal(value(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' }), 1);
  t.notMatch(text, /4711|00000000-0000/, 'no raw URL in a label');
  t.equal(value(text, 'http_request_duration_seconds_count', { route: '/health', method: 'GET', status: '200' }), 2);
});

t.test('each job\'s runs, failures and last success, so a job that stopped succeeding can be alerted on', async (t) => {
  const api = await h.api(t);
  const jobs = api.app.commerce.jobs;
  t.ok(jobs.has('payment-deadline'), 'the lifecycle\'s job is registered');
  const before = value(await scrape(api), 'commerce_job_runs', { job: 'payment-deadline' })!;
  await jobs.get('payment-deadline')!.run();
  let text = await scrape(api);
  t.equal(value(text, 'commerce_job_runs', { job: 'payment-deadline' }), before + 1);
  t.equal(value(text, 'commerce_job_failures', { job: 'payment-deadline' }), 0);
  t.ok(value(text, 'commerce_job_last_success_timestamp_seconds', { job: 'payment-deadline' })! > 0, 'its last success has a time');
  const failing = createJob({ name: 'always-failing', work: async () => { throw new Error('no'); }, log: api.app.log });
  jobs.set(failing.name, failing);
  await failing.run().catch(() => undefined);
  await failing.run().catch(() => undefined);
  text = await scrape(api);
  t.equal(value(text, 'commerce_job_failures', { job: 'always-failing' }), 2);
  t.equal(value(text, 'commerce_job_last_success_timestamp_seconds', { job: 'always-failing' }), 0, 'never succeeded');
});

t.test('the bank-statement import\'s results of the last 24 h by result, and the time since the last import', async (t) => {
  const api = await h.api(t);
  t.teardown(() => h.db.query('delete from bank_statement_entries'));
  t.equal(value(await scrape(api), 'commerce_bank_statement_last_import_age_seconds'), Infinity, 'no import yet');
  const fin = finance();
  const sample = readFileSync(new URL('../fixtures/camt053-ch-sample.xml', import.meta.url), 'utf8');
  const result = await importBankStatement(api.app.commerce, sample, fin.actor, fin.roles);
  api.clock.advance(60);
  let text = await scrape(api);
  const entries = (r: string) => value(text, 'commerce_bank_statement_entries_24h', { result: r }) ?? 0;
  const total = () => [...text.matchAll(/^commerce_bank_statement_entries_24h\{[^}]*\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
  t.ok(result.flagged > 0);
  t.equal(entries('applied'), result.applied, 'none of the sample\'s orders exist: nothing applied');
  t.equal(total(), result.applied + result.flagged, 'every line counted under its result');
  t.ok(entries('no_order') > 0, 'lines naming no known order are flagged as such');
  t.equal(value(text, 'commerce_bank_statement_last_import_age_seconds'), 60);
  await importBankStatement(api.app.commerce, sample, fin.actor, fin.roles);
  text = await scrape(api);
  t.equal(total(), result.applied + result.flagged, 'the same statement again: no line counted twice');
  api.clock.advance(86_400);
  text = await scrape(api);
  t.equal(total(), 0, 'a day later the window is empty');
  t.equal(value(text, 'commerce_bank_statement_last_import_age_seconds'), 86_460);
});

t.test('the database pool on PostgreSQL (in use, idle, waiting, its size); PGlite has none', async (t) => {
  const api = await h.api(t);
  const text = await scrape(api);
  if (api.db.kind === 'pglite') {
    t.equal(value(text, 'db_pool_max'), undefined, 'no pool, no series');
    return;
  }
  t.ok(value(text, 'db_pool_max')! >= 1, 'the pool size');
  // (the scrape's own queries may be waiting for a connection being opened at that instant)
  t.ok(value(text, 'db_pool_waiting')! >= 0, 'queries waiting for a connection');
  t.type(value(text, 'db_pool_connections', { state: 'in_use' }), 'number');
  t.type(value(text, 'db_pool_connections', { state: 'idle' }), 'number');
});
