// The whole shop for the shop-screen tests, as real pieces on free ports talking over HTTP: the commerce
// service on a seeded test database, the price service pricing that catalogue (read over HTTP, its clock
// fixed), the content service and the storefront with its price hub. The page cache is off (each answer is
// rendered) unless a test asks for it.
import type { AddressInfo } from 'node:net';
import { testCompanyFacts } from '../company-facts.ts';
import type { Test } from 'tap';
import { request } from 'undici';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { loadConfig } from '../../src/config.ts';
import { buildContentApp } from '../../src/content/app.ts';
import { buildPricingApp } from '../../src/pricing/app.ts';
import { createHttpProductSource } from '../../src/pricing/product-source.ts';
import { buildStorefrontApp, type Storefront } from '../../src/storefront/app.ts';
import type { StorefrontProduct } from '../../src/contracts/catalogue.ts';
import { contentRepository, ensureClientBuild, TEST_CMS_RATE_LIMIT } from '../storefront/harness.ts';
import { T0, TEST_SERVICE_SECRET, testConfig } from '../commerce/helpers.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface ShopStack {
  port: number;
  db: Db;
  storefront: Storefront;
  commerceUrl: string;
  pricesUrl: string;
  get(host: string, path: string, headers?: Record<string, string>): Promise<Answer>;
  /** a page's loader data as the browser gets it (/__data) */
  data<T = any>(host: string, path: string): Promise<{ status: number; data: T; error?: { status: number } }>;
  /** every published product of the catalogue in a language, straight from the commerce service */
  catalogue(language?: 'de' | 'en'): Promise<StorefrontProduct[]>;
}

export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

export async function startShopStack(t: Test, env: Record<string, string> = {}): Promise<ShopStack> {
  await ensureClientBuild();
  const { db, close } = await openTestDb();
  const commerce = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config: testConfig(), logger: false });
  await commerce.listen({ host: '127.0.0.1', port: 0 });
  const commerceUrl = `http://127.0.0.1:${(commerce.server.address() as AddressInfo).port}`;

  const source = createHttpProductSource({ baseUrl: commerceUrl });
  const pricing = await buildPricingApp({ loadProducts: source.load, clock: () => T0, seed: 20261122, logger: false, recalcIntervalS: 3600 });
  await pricing.listen({ host: '127.0.0.1', port: 0 });
  const pricesUrl = `http://127.0.0.1:${(pricing.server.address() as AddressInfo).port}`;

  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CMS_CACHE_TTL_S: '0', SERVICE_SECRET: TEST_SERVICE_SECRET, RATE_LIMITS: env?.NODE_ENV === 'production' ? 'on' : 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env });
  const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent', repository: contentRepository() });
  await content.listen({ host: '127.0.0.1', port: 0 });
  const cms = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`;

  const storefront = await buildStorefrontApp({ config, upstreams: { commerce: commerceUrl, prices: pricesUrl, cms }, logger: false, cmsRateLimit: TEST_CMS_RATE_LIMIT });
  await storefront.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (storefront.app.server.address() as AddressInfo).port;
  t.teardown(async () => {
    await storefront.app.close();
    await content.close();
    await pricing.close();
    await source.close();
    await commerce.close();
    await close();
  });

  const get = async (host: string, path: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}`, ...headers } });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  };
  // the hub has prices once the price service's first recalculation reached it (bounded by tries, not time)
  for (let i = 0; i < 300; i++) {
    if ((await get('ch.localhost', '/api/prices/metals')).status === 200) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const all = new Map<string, StorefrontProduct[]>();
  return {
    port,
    db,
    storefront,
    commerceUrl,
    pricesUrl,
    get,
    async data(host, path) {
      const res = await get(host, `/__data${path}`);
      const body = JSON.parse(res.text) as { data: unknown; error?: { status: number }; redirect?: string };
      return { status: res.status, data: body.data as never, error: body.error, ...(body.redirect ? { redirect: body.redirect } : {}) };
    },
    async catalogue(language = 'de') {
      const known = all.get(language);
      if (known) return known;
      const out: StorefrontProduct[] = [];
      for (let offset = 0; ; offset += 100) {
        const res = await request(`${commerceUrl}/products?language=${language}&limit=100&offset=${offset}`, { headers: { 'x-store-key': 'ch' } });
        const body = (await res.body.json()) as { total: number; products: StorefrontProduct[] };
        out.push(...body.products);
        if (out.length >= body.total || body.products.length === 0) break;
      }
      all.set(language, out);
      return out;
    },
  };
}

/** The value of every <link rel="alternate" hreflang> of a document. */
export function hreflangs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)) out[m[1]] = m[2].replace(/&amp;/g, '&');
  return out;
}

/** The JSON-LD objects in a document's head. */
export function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}
