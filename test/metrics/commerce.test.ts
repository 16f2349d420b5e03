// Issue 27, what operators watch: the commerce service's GET /metrics keeps every part's one scrape rule
// (src/lib/metrics.ts). A reverse proxy on the same host passes a visitor's request on from loopback with
// X-Forwarded-For: that is not this machine's request, so without the admin token the scrape does not exist
// (404), and with it the scraper is served. (The series themselves: test/commerce/metrics.test.ts.)
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { seriesValue } from './helpers.ts';

const ADMIN_TOKEN = 'commerce-metrics-token-0123456789';
const h = await commerceHarness(t);

t.test('a request a proxy on this machine passed on is refused without the token and served with it', async (t) => {
  const api = await h.api(t, { config: { ADMIN_TOKEN } });
  const local = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  t.equal(local.statusCode, 200, 'a scraper on this machine');
  t.equal(local.headers['cache-control'], 'no-store');
  for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }]) {
    const proxied = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
    t.equal(proxied.statusCode, 404, `${Object.keys(headers)[0]} from loopback: not this machine's, the scrape does not exist`);
    t.equal(proxied.json().code, 'not_found');
    t.notMatch(proxied.body, /http_requests_total|commerce_/);
    const wrong = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { ...headers, authorization: 'Bearer wrong-token-0123456789abcdef' } });
    t.equal(wrong.statusCode, 404, 'nor with a wrong token');
  }
  const withToken = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '10.0.0.9', authorization: `Bearer ${ADMIN_TOKEN}` } });
  t.equal(withToken.statusCode, 200, 'the scraper behind the proxy with the admin token is served');
  t.match(withToken.headers['content-type'], /^text\/plain; version=0\.0\.4/);
  t.equal(seriesValue(withToken.body, 'http_requests_total', { part: 'commerce', route: '/metrics', method: 'GET', status: '404' }), 4, 'the four refused scrapes are counted as 404s');
});

t.test('without an admin token configured, a forwarded request is never served', async (t) => {
  const api = await h.api(t, { config: { ADMIN_TOKEN: undefined } });
  const proxied = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
  t.equal(proxied.statusCode, 404, 'even one naming loopback: the header is the client\'s word');
});
