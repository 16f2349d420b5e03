// Every store's prices, built once per recalculation: the metal prices fetched once, every product's
// prices once per payload key (a store's country with its currency, and with USD: spec 1), each key's
// payload built in a worker. Prices differ by country (VAT) and currency, not by store otherwise.
import type { CurrencyCode } from '../../contracts/prices.ts';
import { priceTiming } from '../../contracts/price-stream.ts';
import { stores, storeKeys, type StoreKey } from '../../stores.ts';
import type { EncodedBody, StorePayload } from '../../../workers/price-payload.ts';
import type { PricesHttp } from './upstream-http.ts';
import type { HubWorkers } from './workers.ts';

/** `${country}:${currency}` */
export type PayloadKey = `${string}:${CurrencyCode}`;

export interface BufferBody {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface ReadyPayload extends Omit<StorePayload, 'metals' | 'products'> {
  metals: BufferBody;
  products: BufferBody;
  /** sku -> index into fragments */
  index: Map<string, number>;
}

export interface PayloadKeyInfo {
  key: PayloadKey;
  country: string;
  currency: CurrencyCode;
}

/** Every country and currency a store shows: its own currency and USD. */
export function payloadKeys(): PayloadKeyInfo[] {
  const seen = new Map<string, PayloadKeyInfo>();
  for (const k of storeKeys) {
    const s = stores[k];
    for (const currency of new Set<CurrencyCode>([s.currency, 'USD'])) {
      const key = `${s.country}:${currency}` as PayloadKey;
      seen.set(key, { key, country: s.country, currency });
    }
  }
  return [...seen.values()];
}

/** The payload key for a store and an optional currency (its own or USD); null for any other currency. */
export function keyFor(store: StoreKey, currency?: string): PayloadKey | null {
  const s = stores[store];
  const c = currency === undefined || currency === '' ? s.currency : currency;
  if (c !== s.currency && c !== 'USD') return null;
  return `${s.country}:${c}` as PayloadKey;
}

function toBuffer(u: Uint8Array): Buffer {
  return Buffer.from(u.buffer, u.byteOffset, u.byteLength);
}

function bufferBody(e: EncodedBody): BufferBody {
  return { json: toBuffer(e.json), br: toBuffer(e.br), gzip: toBuffer(e.gzip), etag: e.etag };
}

/**
 * Fetches the new prices and builds every key's payload. Throws when a fetch fails or the lists come
 * from different recalculations (one ran between the fetches): the caller retries.
 */
export async function fetchPayloads(opts: {
  http: PricesHttp;
  workers: HubWorkers;
  keys: PayloadKeyInfo[];
  /** from the price service's RecalculationProcessFinished (null: not heard yet) */
  nextRecalculationAt: string | null;
}): Promise<Map<PayloadKey, ReadyPayload>> {
  const { http, workers, keys } = opts;
  const [metalsText, ...productTexts] = await Promise.all([
    http.getText('/api/prices/metals'),
    ...keys.map((k) => http.getText(`/api/prices/products?country=${k.country}&currency=${k.currency}`)),
  ]);
  const nextRecalculationAt = opts.nextRecalculationAt ?? new Date(Date.now() + priceTiming.validityMs).toISOString();
  const built = await Promise.all(keys.map((k, i) => workers.buildPayload({
    key: k.key,
    currency: k.currency,
    metalsText,
    productsText: productTexts[i],
    nextRecalculationAt,
    validityMs: priceTiming.validityMs,
  })));
  const stamps = new Set(built.map((p) => p.lastRecalculatedAt));
  if (stamps.size !== 1) throw new Error('the price lists come from different recalculations');
  const next = new Map<PayloadKey, ReadyPayload>();
  for (const p of built) {
    const index = new Map<string, number>();
    p.skus.forEach((sku, i) => index.set(sku, i));
    next.set(p.key as PayloadKey, { ...p, metals: bufferBody(p.metals), products: bufferBody(p.products), index });
  }
  return next;
}
