// Starts the real content service on a free port and builds storyblok-js-client against it, configured
// as the storefront uses it (spec 9: 25 per page, 5 requests per second, 10 retries 300 ms apart).
import type { AddressInfo } from 'node:net';
import StoryblokClient from 'storyblok-js-client';
import type { Test } from 'tap';
import { buildContentApp, type ContentAppOptions } from '../../src/content/app.ts';
import { contentRepository } from '../storefront/harness.ts';

export const PUBLIC_TOKEN = 'test-public-token';
export const PREVIEW_TOKEN = 'test-preview-token';

export interface ContentService {
  /** base URL up to and including /v2, as the client's endpoint */
  endpoint: string;
  app: ReturnType<typeof buildContentApp>;
  /** rateLimit: requests per second the client sends at most; the storefront's 5 (spec 9) unless a test says */
  client(opts?: { token?: string; version?: 'published' | 'draft'; rateLimit?: number }): StoryblokClient;
  /** plain HTTP GET below /v2 (path starts with /cdn/...) */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
}

/** `setup` runs before the service listens (hooks must be added then). */
export async function startContent(t: Test, opts: Partial<ContentAppOptions> = {}, setup?: (app: ReturnType<typeof buildContentApp>) => void): Promise<ContentService> {
  const app = buildContentApp({ publicToken: PUBLIC_TOKEN, previewToken: PREVIEW_TOKEN, logger: false, rateLimitPerSecond: 10_000, ...(opts.storiesDir ? {} : { repository: contentRepository() }), ...opts });
  setup?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const endpoint = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v2`;
  return {
    endpoint,
    app,
    client: (o = {}) => new StoryblokClient({
      accessToken: o.token ?? PUBLIC_TOKEN,
      endpoint,
      version: o.version,
      rateLimit: o.rateLimit ?? 5,
      maxRetries: 10,
      retriesDelay: 300,
      cache: { type: 'none' },
    }),
    async get(pathAndQuery, headers = {}) {
      const res = await fetch(`${endpoint}${pathAndQuery}`, { headers });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
  };
}

/** The error storyblok-js-client rejects with: { message, status, response }. */
export async function clientError(p: Promise<unknown>): Promise<{ status?: number; message?: string }> {
  try {
    await p;
  } catch (err) {
    return err as { status?: number; message?: string };
  }
  throw new Error('expected the call to fail');
}

export const q = (params: Record<string, string>) => new URLSearchParams({ token: PUBLIC_TOKEN, ...params }).toString();
