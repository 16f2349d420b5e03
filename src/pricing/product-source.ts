// Where the price service gets the products to price: the commerce service's
// GET {COMMERCE_API_URL}/admin/products/pricing-attributes (header x-store-key), answered as
// { products: PricingAttributes[] }. The attributes are the same in every store, so one store key is asked.
// Items are checked one by one later (engine/price-book.ts): one bad product must not stop the others.
import { Agent, request } from 'undici';
import type { PricingAttributes } from '../contracts/pricing-attributes.ts';
import type { StoreKey } from '../stores.ts';

export class ProductSourceError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ProductSourceError';
    this.code = code;
  }
}

export interface HttpProductSourceOptions {
  /** base URL of the commerce service, e.g. http://127.0.0.1:3001 */
  baseUrl: string;
  storeKey?: StoreKey;
  /** ADMIN_TOKEN: the commerce service answers admin paths from loopback, or to this bearer token */
  adminToken?: string;
  timeoutMs?: number;
}

export interface ProductSource {
  load: () => Promise<PricingAttributes[]>;
  close: () => Promise<void>;
}

export function createHttpProductSource(opts: HttpProductSourceOptions): ProductSource {
  const url = new URL('admin/products/pricing-attributes', opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`).href;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 4 });

  async function load(): Promise<PricingAttributes[]> {
    let res;
    try {
      res = await request(url, {
        method: 'GET',
        dispatcher,
        headers: {
          accept: 'application/json',
          'x-store-key': opts.storeKey ?? 'ch',
          ...(opts.adminToken ? { authorization: `Bearer ${opts.adminToken}` } : {}),
        },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
    } catch (err) {
      throw new ProductSourceError('products_unreachable', `The commerce service did not answer: ${(err as Error).message}`);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new ProductSourceError('products_http_status', `The commerce service answered HTTP ${res.statusCode} for the pricing attributes.`);
    }
    let body: unknown;
    try {
      body = await res.body.json();
    } catch {
      throw new ProductSourceError('products_bad_json', 'The commerce service sent no valid JSON for the pricing attributes.');
    }
    const products = (body as { products?: unknown })?.products;
    if (!Array.isArray(products)) throw new ProductSourceError('products_bad_shape', 'The pricing attributes response has no products array.');
    return products as PricingAttributes[];
  }

  return { load, close: () => dispatcher.close() };
}
