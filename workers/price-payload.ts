// piscina task: builds one store's price payloads after a recalculation, once for every browser.
// In: the price service's raw answers (text, so the storefront's main thread never parses them), or the
// same bodies as pushed with RecalculationPricesPrepared (src/contracts/price-upstream.ts), checked here.
// Out: the pre-serialised WebSocket message, the HTTP bodies with their brotli and gzip copies and
// ETags, and one JSON fragment per sku for answers about a few skus. Pure and structured-cloneable.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Compile from 'typebox/compile';
import { MetalPricesResponse, ProductPricesResponse, type CurrencyCode, type MetalPrices } from '../src/contracts/prices.ts';
import {
  finishedPrefix, productListJson, type PricesFinishedWithoutClock, type StoreMetalPricesResponse,
} from '../src/contracts/price-stream.ts';

export interface PayloadTask {
  /** `${country}:${currency}`, e.g. CH:CHF */
  key: string;
  currency: CurrencyCode;
  /** the price service's GET /api/prices/metals: raw body text, or the pushed body (unchecked) */
  metals: string | unknown;
  /** GET /api/prices/products?country&currency (every product): raw body text, or the pushed body (unchecked) */
  products: string | unknown;
  /** from the price service's RecalculationProcessFinished */
  nextRecalculationAt: string;
  /** spec 9: 180 s */
  validityMs: number;
}

export interface EncodedBody {
  json: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
  /** strong ETag, quoted */
  etag: string;
}

export interface StorePayload {
  key: string;
  currency: CurrencyCode;
  lastRecalculatedAt: string;
  validUntil: string;
  /** the browsers' RecalculationProcessFinished without its closing brace (finishedPrefix); the hub
   * completes it with the send time (completeFinished), one string for every socket of the store */
  finishedPrefix: string;
  metals: EncodedBody;
  products: EncodedBody;
  /** the Finished message as built (the hub rebuilds finishedPrefix when the announcement names another
   * nextRecalculationAt than the pushed prices did) */
  finished: PricesFinishedWithoutClock;
  /** content hash of the product list: the ETag of any sku subset is derived from it */
  productsVersion: string;
  skus: string[];
  /** JSON of each product's prices, same order as skus */
  fragments: string[];
}

const checkMetals = Compile(MetalPricesResponse);
const checkProducts = Compile(ProductPricesResponse);

// Brotli quality 5 and gzip 6: a few milliseconds for the whole list, within 10 % of the smallest output.
// The Finished message waits for these bodies, so speed counts more than the last percent.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

export function encode(text: string): EncodedBody {
  const json = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
  return { json, br: brotliCompressSync(json, BROTLI), gzip: gzipSync(json, { level: 6 }), etag: `"${hash}"` };
}

export function buildStorePayload(task: PayloadTask): StorePayload {
  const metalsBody: unknown = typeof task.metals === 'string' ? JSON.parse(task.metals) : task.metals;
  if (!checkMetals.Check(metalsBody)) throw new Error(`${task.key}: the price service's metal prices do not match the contract`);
  const productsBody: unknown = typeof task.products === 'string' ? JSON.parse(task.products) : task.products;
  if (!checkProducts.Check(productsBody)) throw new Error(`${task.key}: the price service's product prices do not match the contract`);

  const lastRecalculatedAt = productsBody.lastRecalculatedAt;
  // The two answers were fetched a moment apart: a recalculation in between would mix two price books.
  if (metalsBody.lastRecalculatedAt !== lastRecalculatedAt) throw new Error(`${task.key}: metal and product prices come from different recalculations`);
  const validUntil = new Date(Date.parse(lastRecalculatedAt) + task.validityMs).toISOString();
  const metals: MetalPrices[] = metalsBody.metals.map((m) => ({ ...m, prices: m.prices.filter((p) => p.currency === task.currency) }));

  const storeMetals: StoreMetalPricesResponse = {
    serverTimestamp: metalsBody.serverTimestamp,
    lastRecalculatedAt,
    validUntil,
    currency: task.currency,
    metals,
  };
  const finished: PricesFinishedWithoutClock = {
    type: 'RecalculationProcessFinished',
    lastRecalculatedAt,
    validUntil,
    nextRecalculationAt: task.nextRecalculationAt,
    currency: task.currency,
    metals,
  };

  const skus: string[] = [];
  const fragments: string[] = [];
  for (const p of productsBody.products) {
    skus.push(p.sku);
    fragments.push(JSON.stringify(p));
  }
  const productsJson = productListJson(fragments, lastRecalculatedAt);
  const products = encode(productsJson);

  return {
    key: task.key,
    currency: task.currency,
    lastRecalculatedAt,
    validUntil,
    finishedPrefix: finishedPrefix(finished),
    finished,
    metals: encode(JSON.stringify(storeMetals)),
    products,
    productsVersion: products.etag.slice(1, 13),
    skus,
    fragments,
  };
}

/** null: a warm-up call that only loads this module in the thread */
export default function run(task: PayloadTask | null): StorePayload | null {
  return task === null ? null : buildStorePayload(task);
}
