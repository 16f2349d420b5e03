// Every store's prices, built once per recalculation: from the prices the price service pushed
// (RecalculationPricesPrepared, src/contracts/price-upstream.ts: preparePayloads) or, when the hub missed
// them, fetched over HTTP (the metal prices once, every product's prices once per payload key:
// fetchPayloads). A payload key is a store's country with its currency, and with USD (spec 1); each key's
// payload is built in a worker. Prices differ by country (VAT) and currency, not by store otherwise.
import type { PreparedEnvelope } from '../../contracts/price-upstream.ts';
import type { CurrencyCode } from '../../contracts/prices.ts';
import { finishedPrefix } from '../../contracts/price-stream.ts';
import { priceTiming } from '../../contracts/price-stream-constants.ts';
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

/** Builds every key's payload in the workers from each key's metal and product bodies (text or pushed). */
async function buildPayloads(
  workers: HubWorkers,
  inputs: { info: PayloadKeyInfo; metals: unknown; products: unknown }[],
  nextRecalculationAt: string | null,
): Promise<Map<PayloadKey, ReadyPayload>> {
  const next = nextRecalculationAt ?? new Date(Date.now() + priceTiming.validityMs).toISOString();
  const built = await Promise.all(inputs.map(({ info, metals, products }) => workers.buildPayload({
    key: info.key,
    currency: info.currency,
    metals,
    products,
    nextRecalculationAt: next,
    validityMs: priceTiming.validityMs,
  })));
  const stamps = new Set(built.map((p) => p.lastRecalculatedAt));
  if (stamps.size !== 1) throw new Error('the price lists come from different recalculations');
  const out = new Map<PayloadKey, ReadyPayload>();
  for (const p of built) {
    const index = new Map<string, number>();
    p.skus.forEach((sku, i) => index.set(sku, i));
    out.set(p.key as PayloadKey, { ...p, metals: bufferBody(p.metals), products: bufferBody(p.products), index });
  }
  return out;
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
  return buildPayloads(workers, keys.map((info, i) => ({ info, metals: metalsText, products: productTexts[i] })), opts.nextRecalculationAt);
}

/**
 * Builds every key's payload from the pushed prices (no HTTP). The workers check the product lists
 * against the contract; throws when a key's list is missing or does not match.
 */
export async function preparePayloads(workers: HubWorkers, keys: PayloadKeyInfo[], prepared: PreparedEnvelope): Promise<Map<PayloadKey, ReadyPayload>> {
  const inputs = keys.map((info) => {
    const list = prepared.lists.find((l) => l.country === info.country && l.currency === info.currency);
    if (!list) throw new Error(`the pushed prices lack ${info.key}`);
    return { info, metals: prepared.metals, products: { products: list.products, lastRecalculatedAt: prepared.lastRecalculatedAt } };
  });
  return buildPayloads(workers, inputs, prepared.nextRecalculationAt);
}

/** The payloads with the announcement's nextRecalculationAt when it differs from the one they were built
 * with (the Finished message wins; a few hundred bytes per key, rebuilt on the main thread). */
export function withNextRecalculationAt(payloads: Map<PayloadKey, ReadyPayload>, nextRecalculationAt: string): Map<PayloadKey, ReadyPayload> {
  const out = new Map<PayloadKey, ReadyPayload>();
  for (const [key, p] of payloads) {
    if (p.finished.nextRecalculationAt === nextRecalculationAt) out.set(key, p);
    else {
      const finished = { ...p.finished, nextRecalculationAt };
      out.set(key, { ...p, finished, finishedPrefix: finishedPrefix(finished) });
    }
  }
  return out;
}
