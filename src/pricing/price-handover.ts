// The price hand-over (ARCHITECTURE: the price service depends on commerce, never the reverse): after each
// good recalculation the new price set goes to the commerce service, PUT {COMMERCE_API_URL}/admin/prices,
// BEFORE RecalculationProcessFinished is announced (the hubs get the prices pushed meanwhile and build their
// frames, but show them only on Finished), so that a browser shown prices on that message and a cart
// recalculated on it see the same set. One call, gzip-compressed JSON (src/contracts/price-set.ts), stored by
// commerce in one transaction. The lists go compact (compactPriceSetFromBook), the form commerce stores:
// commerce parsed and reshaped about 0.6 MB of long-form JSON for ~50 ms while every socket waited.
//
// A failing hand-over keeps the set unannounced: the recalculator announces the last confirmed set, logs
// the failure and retries the same set in the background (recalculation.ts); the retry commerce takes
// announces it. Meanwhile commerce keeps pricing carts from the previous set and refuses orders once that set
// is past its validity (plus 30 s): customers are never sold metal at prices the shop no longer shows.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Agent, request } from 'undici';
import type { CompactPrice, CompactPriceSet, HandOverPrice, PriceSet, PriceSetHandOver } from '../contracts/price-set.ts';
import { priceCountries, priceCurrencies, type CurrencyCode, type PriceCountry } from '../contracts/prices.ts';
import type { PricingAttributes } from '../contracts/pricing-attributes.ts';
import { includedVatCents } from './engine/included-vat.ts';
import type { PriceBook } from './engine/price-book.ts';
import { currencySpot } from './engine/product-prices.ts';
import { eurTo } from './feed/types.ts';

const gzipAsync = promisify(gzip);

export class HandOverError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'HandOverError';
    this.code = code;
  }
}

/** One price of a list with the VAT it includes (undefined when the product's attributes are unknown). */
type PriceOut<T> = (price: HandOverPrice, taxCentAmount: number | undefined) => T;

/** The set's header and every list of the book, each price shaped by `out`. */
function setFromBook<T>(book: PriceBook, products: PricingAttributes[], validUntilMs: number, out: PriceOut<T>) {
  const attrs = new Map(products.map((p) => [p.sku, p]));
  const lists: { country: PriceCountry; currency: CurrencyCode; products: { sku: string; prices: T[] }[] }[] = [];
  for (const currency of priceCurrencies) {
    const spot = currencySpot(book.quote, currency);
    for (const country of priceCountries) {
      const list = book.lists.get(`${country}:${currency}`);
      if (!list) continue;
      lists.push({
        country,
        currency,
        products: list.products.map((entry) => {
          const p = attrs.get(entry.sku);
          return { sku: entry.sku, prices: entry.prices.map((price) => out(price, p ? includedVatCents(p, price.type, price.centAmount, country, spot) : undefined)) };
        }),
      });
    }
  }
  const digest = createHash('sha256').update(JSON.stringify(book.quote)).digest('hex').slice(0, 8);
  return {
    id: `ps-${Date.parse(book.lastRecalculatedAt)}-${digest}`,
    lastRecalculatedAt: book.lastRecalculatedAt,
    validUntil: new Date(validUntilMs).toISOString(),
    eurRates: { EUR: 1, CHF: eurTo('CHF', book.quote.fx), USD: eurTo('USD', book.quote.fx) },
    metals: book.metals.map((m) => ({ name: m.name, prices: m.prices.map((x) => ({ ...x })) })),
    lists,
  };
}

/** The set commerce stores, long form: every list of the book with the VAT each price includes. */
export function priceSetFromBook(book: PriceBook, products: PricingAttributes[], validUntilMs: number): PriceSet {
  return setFromBook(book, products, validUntilMs, (price, tax) => (tax === undefined ? { ...price } : { ...price, taxCentAmount: tax }));
}

/** The same set in the compact form commerce stores as it comes (issue 27): what the hand-over sends. */
export function compactPriceSetFromBook(book: PriceBook, products: PricingAttributes[], validUntilMs: number): CompactPriceSet {
  const set = setFromBook(book, products, validUntilMs, (price, tax): CompactPrice => [price.type, price.centAmount, price.minQuantity, tax ?? null]);
  return {
    ...set,
    lists: set.lists.map((l) => ({ country: l.country, currency: l.currency, prices: { v: 2, p: Object.fromEntries(l.products.map((x) => [x.sku, x.prices])) } })),
  };
}

export interface PriceHandOverOptions {
  /** base URL of the commerce service, e.g. http://127.0.0.1:3001 */
  baseUrl: string;
  /** ADMIN_TOKEN: commerce accepts the hand-over from loopback or with this bearer token */
  adminToken?: string;
  /** Decision: 5 s; loopback answers in milliseconds, a slower commerce must not hold the announcement long */
  timeoutMs?: number;
}

export interface PriceHandOver {
  send(set: PriceSetHandOver): Promise<void>;
  close(): Promise<void>;
}

export function createPriceHandOver(opts: PriceHandOverOptions): PriceHandOver {
  const url = new URL('admin/prices', opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`).href;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 2 });
  return {
    async send(set) {
      // compressed off the event loop (zlib's thread pool): the live prices keep flowing meanwhile
      const body = await gzipAsync(Buffer.from(JSON.stringify(set)), { level: 1 });
      let res;
      try {
        res = await request(url, {
          method: 'PUT',
          dispatcher,
          body,
          headers: {
            'content-type': 'application/json',
            'content-encoding': 'gzip',
            ...(opts.adminToken ? { authorization: `Bearer ${opts.adminToken}` } : {}),
          },
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (err) {
        throw new HandOverError('price_handover_unreachable', `The commerce service did not take the price set: ${(err as Error).message}`);
      }
      await res.body.dump();
      if (res.statusCode !== 200) throw new HandOverError('price_handover_http_status', `The commerce service answered HTTP ${res.statusCode} to the price set.`);
    },
    close: () => dispatcher.close(),
  };
}
