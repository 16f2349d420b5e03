// Issue 27, what operators watch: the back office's GET /metrics. Prometheus' text for the internal network
// only (loopback or the admin token; 404 for anyone else, a request a proxy passed on included), requests per
// route pattern and status, and the failed sign-ins by step and status (someone guessing staff passwords),
// with no e-mail address or client address in a label.
import t from 'tap';
import { buildBackofficeApp } from '../../src/backoffice/app.ts';
import { backofficeUnderTest, DEMO_PASSWORD } from '../backoffice/helpers.ts';
import { hasMetric, seriesValue } from './helpers.ts';

const ADMIN_TOKEN = 'backoffice-metrics-token-0123456789';
const part = { part: 'backoffice' };

t.test('the scrape is there for the internal network only: loopback or the admin token, 404 for anyone else', async (t) => {
  const bo = await buildBackofficeApp({ commerceUrl: 'http://127.0.0.1:9', production: true, logger: false, adminToken: ADMIN_TOKEN });
  t.teardown(() => bo.close());
  await bo.inject({ method: 'GET', url: '/health' });
  const local = await bo.inject({ method: 'GET', url: '/metrics' });
  t.equal(local.statusCode, 200);
  t.match(local.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  t.ok(hasMetric(local.body, 'backoffice_sign_ins_failed_total'));
  t.equal(seriesValue(local.body, 'http_requests_total', { ...part, route: '/health', method: 'GET', status: '200' }), 1, 'a request counted by its route');
  const outside = await bo.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
  t.equal(outside.statusCode, 404, 'from outside it does not exist');
  t.notMatch(outside.body, /http_requests_total/);
  const proxied = await bo.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.7' } });
  t.equal(proxied.statusCode, 404, 'what a reverse proxy on this machine passes on is not this machine\'s');
  const scraper = await bo.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.9', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(scraper.statusCode, 200, 'a scraper on another machine of the network with the admin token');
});

t.test('failed sign-ins are counted by step and status; a good one is not', async (t) => {
  const { bo, browser } = await backofficeUnderTest(t);
  const scrape = async () => (await bo.inject({ method: 'GET', url: '/metrics' })).body;
  const b = browser('192.0.2.81');
  await b.get('/sign-in');
  t.equal((await b.post('/sign-in', { email: 'admin@ops.example', password: 'not-the-password-1' })).statusCode, 401);
  t.equal((await b.post('/sign-in', { email: 'admin@ops.example', password: 'not-the-password-2' })).statusCode, 401);
  t.equal((await b.post('/sign-in', { email: 'admin@ops.example', password: '' })).statusCode, 400);
  t.equal((await b.post('/sign-in', { email: 'admin@ops.example', password: DEMO_PASSWORD })).statusCode, 303, 'the right password: on to the second step');
  const text = await scrape();
  t.equal(seriesValue(text, 'backoffice_sign_ins_failed_total', { ...part, step: 'password', status: '401' }), 2, 'two wrong passwords');
  t.equal(seriesValue(text, 'backoffice_sign_ins_failed_total', { ...part, step: 'password', status: '400' }), 1, 'one without a password');
  t.equal(seriesValue(text, 'http_requests_total', { ...part, route: '/sign-in', method: 'POST', status: '303' }), 1, 'the good one is a request, not a failure');
  t.notMatch(text, /ops\.example|192\.0\.2\.81/, 'no e-mail or client address in a label');
});
