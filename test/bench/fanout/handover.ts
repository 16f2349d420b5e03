// Diagnostic (one process, not the shipped topology): what the price hand-over costs at both ends, the
// long form (one object per price) against the compact form the price service sends since issue 27.
// Per form and round: the price service's JSON.stringify + gzip, and commerce's PUT /admin/prices
// (gunzip, parse, schema check, store on PGlite in memory), each with a set of its own. Medians printed.
//   npx tsx test/bench/fanout/handover.ts [rounds, default 7]
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { loadavg } from 'node:os';
import { buildCommerceApp } from '../../../src/commerce/app.ts';
import { openTestDb } from '../../../src/commerce/db/testing.ts';
import { pricingAttributes } from '../../../src/commerce/catalogue/queries.ts';
import { buildPriceBook, usableProducts } from '../../../src/pricing/engine/price-book.ts';
import { createSimulatedFeed } from '../../../src/pricing/feed/simulated.ts';
import { compactPriceSetFromBook, priceSetFromBook } from '../../../src/pricing/price-handover.ts';
import { testCompanyFacts } from '../../company-facts.ts';
import { testClock, testConfig } from '../../commerce/helpers.ts';

const rounds = Number(process.argv[2] ?? 7);
const gz = promisify(gzip);
const T0 = Date.parse('2026-11-22T10:00:00Z');
const { db, close } = await openTestDb();
const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(), logger: false, clock: testClock(T0) });
const { products } = usableProducts(await pricingAttributes(db));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times: Record<string, { send: number[]; put: number[]; bytes: number; gzipped: number }> = {};
let at = T0;
for (let r = 0; r < rounds; r++) {
  for (const form of ['long', 'compact'] as const) {
    at += 180_000;
    const feed = createSimulatedFeed({ seed: 20261122, clock: () => at });
    const book = buildPriceBook(products, await feed.quote(), null, new Date(at).toISOString());
    let t = performance.now();
    const set = form === 'long' ? priceSetFromBook(book, products, at + 180_000) : compactPriceSetFromBook(book, products, at + 180_000);
    const json = Buffer.from(JSON.stringify(set));
    const body = await gz(json, { level: 1 });
    const send = performance.now() - t;
    t = performance.now();
    const res = await app.inject({ method: 'PUT', url: '/admin/prices', payload: body, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    const put = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(res.body);
    const f = (times[form] ??= { send: [], put: [], bytes: json.length, gzipped: body.length });
    f.send.push(send);
    f.put.push(put);
  }
}
console.log(`price hand-over, ${rounds} rounds, load average ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
console.table(Object.entries(times).map(([form, f]) => ({
  form, 'JSON bytes': f.bytes, 'gzip bytes': f.gzipped,
  'price service: build + stringify + gzip ms (median)': median(f.send).toFixed(1),
  'commerce PUT ms (median)': median(f.put).toFixed(1),
})));
await app.close();
await close();
