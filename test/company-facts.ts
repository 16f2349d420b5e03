// The company's facts for tests that build the commerce service without a content service listening: the
// same story (src/content/stories/shared/company.json) served by the real content service in-process and
// read by the commerce service's own reader (companyFactsFromCms), so no test pins an IBAN of its own.
import type { FastifyInstance } from 'fastify';
import { buildContentApp } from '../src/content/app.ts';
import { companyFactsFor, companyFactsFromCms, type CompanyFactsSource, type StoreCompanyFacts } from '../src/contracts/company-facts.ts';
import type { StoreKey } from '../src/stores.ts';

const TOKEN = 'public-test-token';
let content: FastifyInstance | null = null;

function contentApp(): FastifyInstance {
  content ??= buildContentApp({ publicToken: TOKEN, previewToken: 'preview-test-token', logLevel: 'silent', rateLimitPerSecond: 10_000 });
  return content;
}

/** fetch over the in-process content service (app.inject) */
const injectFetch: typeof fetch = async (input) => {
  const url = new URL(String(input));
  const res = await contentApp().inject({ method: 'GET', url: url.pathname + url.search });
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
};

export function testCompanyFacts(): CompanyFactsSource {
  return companyFactsFromCms({ endpoint: 'http://content.test/v2', token: TOKEN, ttlMs: 60_000, fetch: injectFetch });
}

/** The facts a store's customers are shown, as the commerce service reads them (for assertions). */
export async function companyFactsOf(store: StoreKey): Promise<StoreCompanyFacts> {
  return testCompanyFacts().forStore(store);
}

export { companyFactsFor };
