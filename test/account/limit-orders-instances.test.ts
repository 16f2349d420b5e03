// Two commerce instances on one database (on PostgreSQL, `npm run test:pg`: two services with their own
// connection pools on one server; on PGlite the two share the in-process database): price sets arriving at
// both at once and their execution jobs running side by side execute every limit order exactly once.
import t, { type Test } from 'tap';
import { testCompanyFacts } from '../company-facts.ts';
import { gzipSync } from 'node:zlib';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { openDb, type Db } from '../../src/commerce/db/index.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import type { PriceSet } from '../../src/contracts/price-set.ts';
import { testClock, testConfig, type Api, type TestClock } from '../commerce/helpers.ts';
import { pricesNow } from '../orders/helpers.ts';
import { customerWithAddress, giveLimitOrder, inDays, job, mailCount, setWithBuyPrice } from './helpers.ts';

const testDb = await openTestDb();
t.teardown(testDb.close);
const second: Db = testDb.url ? await openDb(testDb.url) : testDb.db;
if (second !== testDb.db) t.teardown(() => second.close());
t.comment(testDb.url ? 'two instances, each with its own pool on one PostgreSQL database' : 'two instances on one PGlite database');

const SKU = 'AU-KRUG-1OZ';

async function instance(tt: Test, db: Db, clock: TestClock): Promise<Api> {
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(), logger: false, clock });
  tt.teardown(() => app.close());
  await app.ready();
  return {
    app, db, clock,
    call: (method, url, o = {}) => app.inject({
      method, url, payload: o.body as object | undefined,
      headers: { ...(o.store !== null ? { 'x-store-key': o.store ?? 'ch' } : {}), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.headers ?? {}) },
    }),
  };
}

const put = (api: Api, set: PriceSet) => api.app.inject({
  method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
});

t.test('price sets at two instances at once, and both instances\' jobs side by side, execute each limit order once', async (t) => {
  const clock = testClock();
  const a = await instance(t, testDb.db, clock);
  const b = await instance(t, second, clock);
  await pricesNow(a);

  for (let round = 1; round <= 3; round++) {
    // customers of both instances: the database is the one truth
    const customers = await Promise.all([a, b, a, b].map((api) => customerWithAddress(api)));
    const los = [];
    for (const c of customers) {
      for (let i = 0; i < 2; i++) los.push(await giveLimitOrder(c, { sku: SKU, quantity: 1, targetCentAmount: 190_000, expiresAt: inDays(a, 7) }));
    }
    const first = await setWithBuyPrice(a, SKU, 185_000);
    const later = await setWithBuyPrice(a, SKU, 184_000);
    const answers = await Promise.all([
      put(a, first), put(b, later), put(b, first), put(a, later),
      job(a, 'limit-order-execution').run(), job(b, 'limit-order-execution').run(),
      job(a, 'limit-order-expiry').run(), job(b, 'limit-order-expiry').run(),
    ]);
    t.same(answers.slice(0, 4).map((r) => (r as { statusCode: number }).statusCode), [200, 200, 200, 200]);
    await Promise.all([job(a, 'limit-order-execution').idle(), job(b, 'limit-order-execution').idle()]);
    await Promise.all([job(a, 'limit-order-execution').run(), job(b, 'limit-order-execution').run()]);

    const ids = los.map((lo) => lo.id);
    const orders = await testDb.db.query<{ limit_order_id: string; n: number }>(
      `select limit_order_id, count(*)::int as n from orders where limit_order_id = any(string_to_array($1, ',')::uuid[]) group by limit_order_id`,
      [ids.join(',')],
    );
    t.equal(orders.length, los.length, `round ${round}: every limit order became an order`);
    t.ok(orders.every((o) => o.n === 1), `round ${round}: none twice`);
    const states = await testDb.db.query<{ status: string; order_id: string | null }>(
      'select status, order_id from limit_orders where id = any(string_to_array($1, \',\')::uuid[])', [ids.join(',')],
    );
    t.ok(states.every((s) => s.status === 'executed' && s.order_id), `round ${round}: all executed with their order`);
    for (const c of customers) t.equal(await mailCount(testDb.db, c.email, /Limit-Order/), 2, `round ${round}: one mail per limit order`);
    clock.advance(60);
    await pricesNow(a);
  }
});
