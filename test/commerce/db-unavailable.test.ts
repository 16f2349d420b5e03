// Issue 14, "the database may restart": a call while the PostgreSQL server does not answer is a 503
// database_unavailable at the commerce service, and the storefront's /api passes it on as a 503 with the
// customer's message in their language; when the database answers again, the same call works. The real
// services over HTTP; the commerce service's database is switched between its test database and a real
// node-postgres pool pointed at a port where nothing listens (connection refused, as during a restart).
// The full restart under load against a real server is test/pg-restart/restart.test.ts.
import { createServer, type AddressInfo } from 'node:net';
import { testCompanyFacts } from '../company-facts.ts';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { isConnectionError, openDb, type Db } from '../../src/commerce/db/index.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import { buildStorefrontApp } from '../../src/storefront/app.ts';
import { Browser } from '../api/helpers.ts';
import { ensureClientBuild } from '../storefront/harness.ts';
import { priceSetAt } from '../orders/helpers.ts';
import { testClock, testConfig } from './helpers.ts';

/** A port on this machine where nothing listens: connecting is refused at once. */
async function refusedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

t.test('while the database is away: 503 database_unavailable with the customer\'s message; afterwards the same call works', async (t) => {
  await ensureClientBuild();
  const test = await openTestDb();
  const away = await openDb(`postgres://shop@127.0.0.1:${await refusedPort()}/shop`);
  let current: Db = test.db;
  // the service's database: the test database, or the pool that finds no server
  const db: Db = {
    get kind() {
      return current.kind;
    },
    query: (sql, params) => current.query(sql, params),
    transaction: (fn) => current.transaction(fn),
    close: async () => {},
  };
  const clock = testClock(Date.now());
  const commerce = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(), logger: false, clock });
  await commerce.listen({ host: '127.0.0.1', port: 0 });
  const commerceUrl = `http://127.0.0.1:${(commerce.server.address() as AddressInfo).port}`;
  const set = await priceSetAt(test.db, clock().getTime());
  const handOver = await commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  t.equal(handOver.statusCode, 200);
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CMS_CACHE_TTL_S: '0' });
  const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent' });
  await content.listen({ host: '127.0.0.1', port: 0 });
  const cms = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`;
  const storefront = await buildStorefrontApp({ config, upstreams: { commerce: commerceUrl, prices: 'http://127.0.0.1:9', cms }, logger: false });
  await storefront.app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await storefront.app.close();
    await content.close();
    await commerce.close();
    await away.close();
    await test.close();
  });

  const b = new Browser((storefront.app.server.address() as AddressInfo).port, 'ch.localhost');
  await b.open();
  const add = () => b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const first = await add();
  t.equal(first.status, 200, 'the add works while the database answers');
  const cartId = first.json.cart.id as string;

  current = away;
  const refused = await add();
  t.equal(refused.status, 503, 'a 503, not a 500 or 502');
  t.equal(refused.json.code, 'database_unavailable');
  t.equal(refused.json.message, 'Unser Shop kann das gerade nicht bearbeiten. Bitte versuchen Sie es in einem Moment noch einmal.');
  b.language = 'en';
  const refusedEn = await b.put(`/api/carts/${cartId}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  t.equal(refusedEn.status, 503);
  t.equal(refusedEn.json.code, 'database_unavailable');
  t.equal(refusedEn.json.message, 'Our shop cannot process this just now. Please try again in a moment.');
  const direct = await commerce.inject({ method: 'GET', url: '/products/by-skus?skus=AU-KRUG-1OZ', headers: { 'x-store-key': 'ch' } });
  t.equal(direct.statusCode, 503, 'the commerce service itself answers 503');
  t.equal(direct.json().code, 'database_unavailable');
  const page = await b.get('/en/product/krugerrand-1-oz-gold');
  t.equal(page.status, 503, 'a page that needs the database: the 503 error page');
  t.notMatch(page.text, /node:internal|\.ts:\d+/, 'no stack in the page');

  current = test.db;
  const again = await add();
  t.equal(again.status, 200, 'the database is back: the same call works, no restart');
  t.equal(again.json.cart.lineItems[0].quantity, 2, 'the refused add changed nothing: one add before, one after');
  t.equal((await commerce.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
});

t.test('what counts as the database being away', async (t) => {
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '08006', '08001', '57P01', '57P02', '57P03', '53300']) {
    t.ok(isConnectionError(Object.assign(new Error('x'), { code })), code);
  }
  t.ok(isConnectionError(new Error('Connection terminated unexpectedly')), 'pg: connection terminated');
  t.ok(isConnectionError(new Error('timeout exceeded when trying to connect')), 'pg: no connection within the pool timeout');
  t.ok(isConnectionError(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])), 'every address refused');
  for (const code of ['23505', '22P02', '40001', '42P01']) {
    t.notOk(isConnectionError(Object.assign(new Error('x'), { code })), `${code} is the statement's failure, not the connection's`);
  }
});
