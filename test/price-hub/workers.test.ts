// The piscina tasks are pure functions: tested directly here, through the pool in the hub's tests.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import Compile from 'typebox/compile';
import {
  completeFinished, PricesFinishedMessage, productListJson, StoreMetalPricesResponse, StoreProductPricesResponse,
} from '../../src/contracts/price-stream.ts';
import { buildStorePayload } from '../../workers/price-payload.ts';
import { downsample, type ChartPoint } from '../../workers/downsample.ts';
import { startPricing } from './helpers.ts';

t.test('a store payload: the Finished message in the store currency, bodies with brotli and gzip copies, one fragment per sku', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const metalsText = await (await fetch(`${pricing.url}/api/prices/metals`)).text();
  const productsText = await (await fetch(`${pricing.url}/api/prices/products?country=CH&currency=CHF`)).text();
  const p = buildStorePayload({ key: 'CH:CHF', currency: 'CHF', metals: metalsText, products: productsText, nextRecalculationAt: '2026-11-22T10:03:00.000Z', validityMs: 180_000 });
  const finished = JSON.parse(`${p.finishedPrefix},"serverTimestamp":"2026-11-22T10:00:01.000Z"}`);
  t.equal(finished.type, 'RecalculationProcessFinished');
  t.equal(finished.currency, 'CHF');
  t.equal(finished.nextRecalculationAt, '2026-11-22T10:03:00.000Z');
  t.ok(finished.metals.every((m: { prices: { currency: string }[] }) => m.prices.length === 2 && m.prices.every((x) => x.currency === 'CHF')));
  t.equal(Date.parse(p.validUntil) - Date.parse(p.lastRecalculatedAt), 180_000);
  const products = JSON.parse(Buffer.from(p.products.json).toString());
  t.same(products, JSON.parse(productsText), 'the list is the price service\'s, byte for byte in meaning');
  t.same(JSON.parse(brotliDecompressSync(p.products.br).toString()), products);
  t.same(JSON.parse(gunzipSync(p.products.gzip).toString()), products);
  t.ok(p.products.br.length < p.products.json.length / 3, `brotli pays (${p.products.json.length} -> ${p.products.br.length} bytes)`);
  t.equal(p.skus.length, products.products.length);
  t.same(JSON.parse(p.fragments[0]), products.products[0]);
  const again = buildStorePayload({ key: 'CH:CHF', currency: 'CHF', metals: metalsText, products: productsText, nextRecalculationAt: '2026-11-22T10:03:00.000Z', validityMs: 180_000 });
  t.equal(again.products.etag, p.products.etag, 'same content, same ETag');
});

t.test('a payload refuses answers that break the contract or come from two recalculations', async (t) => {
  const metals = { serverTimestamp: '2026-11-22T10:00:00.000Z', lastRecalculatedAt: '2026-11-22T10:00:00.000Z', metals: [] };
  const products = { products: [], lastRecalculatedAt: '2026-11-22T10:00:00.000Z' };
  const task = { key: 'CH:CHF', currency: 'CHF' as const, nextRecalculationAt: '2026-11-22T10:03:00.000Z', validityMs: 180_000 };
  t.doesNotThrow(() => buildStorePayload({ ...task, metals: JSON.stringify(metals), products: JSON.stringify(products) }));
  t.throws(() => buildStorePayload({ ...task, metals: '{"metals":"no"}', products: JSON.stringify(products) }), /do not match the contract/);
  t.throws(() => buildStorePayload({ ...task, metals: JSON.stringify(metals), products: JSON.stringify({ ...products, lastRecalculatedAt: '2026-11-22T10:03:00.000Z' }) }), /different recalculations/);
});

t.test('down-sampling keeps the first and last point and the extremes, and never returns more than asked', async (t) => {
  const points: ChartPoint[] = Array.from({ length: 1000 }, (_, i) => ({ t: i * 3_600_000, centAmount: 400_000 + Math.round(Math.sin(i / 20) * 10_000) + (i === 500 ? 50_000 : 0) }));
  const out = downsample({ points, target: 120 });
  t.equal(out.length, 120);
  t.same(out[0], points[0]);
  t.same(out.at(-1), points.at(-1));
  t.ok(out.some((p) => p.centAmount === Math.max(...points.map((x) => x.centAmount))), 'the spike survives');
  t.ok(out.every((p, i) => i === 0 || p.t > out[i - 1].t), 'still ascending');
  t.equal(downsample({ points: points.slice(0, 50), target: 120 }).length, 50, 'short series come back whole');
});

t.test('what the workers build for browsers is the price-stream contract, field for field', async (t) => {
  const pricing = await startPricing();
  t.teardown(() => pricing.close());
  const metalsText = await (await fetch(`${pricing.url}/api/prices/metals`)).text();
  const productsText = await (await fetch(`${pricing.url}/api/prices/products?country=US&currency=USD`)).text();
  const p = buildStorePayload({ key: 'US:USD', currency: 'USD', metals: metalsText, products: productsText, nextRecalculationAt: '2026-11-22T10:03:00.000Z', validityMs: 180_000 });
  const finished: unknown = JSON.parse(completeFinished(p.finishedPrefix, '2026-11-22T10:00:01.000Z'));
  t.ok(Compile(PricesFinishedMessage).Check(finished), 'the Finished message');
  t.ok(Compile(StoreMetalPricesResponse).Check(JSON.parse(Buffer.from(p.metals.json).toString())), 'GET /api/prices/metals');
  const products: unknown = JSON.parse(Buffer.from(p.products.json).toString());
  t.ok(Compile(StoreProductPricesResponse).Check(products), 'GET /api/prices/products');
  t.same(JSON.parse(productListJson(p.fragments.slice(0, 2), p.lastRecalculatedAt)), {
    products: (products as StoreProductPricesResponse).products.slice(0, 2), lastRecalculatedAt: p.lastRecalculatedAt,
  }, 'a subset of skus from the fragments is the same shape');
});
