// Starts the real content service and the real storefront on free ports, talking over HTTP.
// Commerce and prices are absent here unless a test passes their URLs.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildContentApp, type ContentRepository } from '../../src/content/app.ts';
import { loadRepository, repositoryData, repositoryFromData, type RepositoryData } from '../../src/content/repository.ts';
import { buildStorefrontApp, type PurgeRelay } from '../../src/storefront/app.ts';
import { publicDir } from '../../src/storefront/render/assets.ts';
import { writeWhole } from '../../src/lib/write-whole.ts';

export interface Harness {
  port: number;
  cmsUrl: string;
  config: Config;
  get(host: string, path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;
  /** the body as bytes, not decoded (compression tests) */
  getRaw(host: string, path: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>;
  close(): Promise<void>;
}

/**
 * The storefront's requests per second to the content service in tests: spec 9's 5 per second (the
 * default, tested in cms-rate.test.ts) would make a test of a hundred uncached page views wait 20 s.
 */
export const TEST_CMS_RATE_LIMIT = 1000;

/** A page's markup without its scripts: what a reader sees. A page ships the strings of its language in a
 * script (issue 16: words the browser may show later, e.g. "open now" or the session notice), so a check
 * that a text is NOT on the page looks at the markup alone. */
export const markupOf = (html: string): string => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

let repository: ContentRepository | null = null;
/**
 * The shop's stories, read once per test process and shared by its content services. Decision (issue 27, CI
 * time): some 80 test processes of a run need them, and reading, checking and materialising them took each
 * 1.1-1.5 s; the first one keeps its result in the temp folder (v8.serialize, 15 MB), and the others read that
 * and freeze its stories again in 0.3-0.5 s (both measured beside a running CI, on the 2-core machine). The
 * copy is named by the hash of every file of src/content (the stories and the code that materialises them), of
 * src/stores.ts and of Node's version: a change to any of them makes a new one. The content service's
 * own tests (test/content) read the files themselves where they test reading them.
 */
export function contentRepository(): ContentRepository {
  repository ??= keptRepository();
  return repository;
}

function keptRepository(): ContentRepository {
  const root = fileURLToPath(new URL('../../src/content/', import.meta.url));
  const hash = createHash('sha256').update(process.version);
  for (const f of (readdirSync(root, { recursive: true, encoding: 'utf8' })).sort()) {
    const path = join(root, f);
    if (!statSync(path).isFile()) continue;
    hash.update(`\0${f}\0`).update(readFileSync(path));
  }
  // the one module outside src/content that the repository reads (the stores' keys and names name its folders)
  hash.update('\0stores.ts\0').update(readFileSync(fileURLToPath(new URL('../../src/stores.ts', import.meta.url))));
  const file = join(tmpdir(), `shop-content-${hash.digest('hex').slice(0, 32)}.v8`);
  try {
    return repositoryFromData(deserialize(readFileSync(file)) as RepositoryData);
  } catch {
    // none kept yet, or unreadable: read the stories, and keep them (whole: a process reading at the same time
    // never reads half of it)
    const repo = loadRepository();
    try {
      writeWhole(file, serialize(repositoryData(repo)));
    } catch {
      // no temp folder to write to: every process reads the stories
    }
    return repo;
  }
}

let built: Promise<unknown> | null = null;
export function ensureClientBuild() {
  // the bundler (esbuild, terser) is imported only when there is no build yet: most test processes never need it
  built ??= existsSync(`${publicDir}build/manifest.json`) && existsSync(`${publicDir}icons/icon-512.png`)
    ? Promise.resolve()
    : import('../../src/build.ts').then(({ buildClient }) => buildClient({ production: false }));
  return built;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** put something between the storefront and the content service (tests of slow upstreams) */
  cmsUrl?: (realUrl: string) => Promise<string> | string;
  upstreams?: { commerce?: string; prices?: string };
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  await ensureClientBuild();
  const config = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', CMS_CACHE_TTL_S: '0', RATE_LIMITS: opts.env?.NODE_ENV === 'production' ? 'on' : 'off', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...opts.env });
  const content = buildContentApp({ publicToken: config.CMS_TOKEN, previewToken: config.CMS_PREVIEW_TOKEN, logLevel: 'silent', repository: contentRepository() });
  await content.listen({ host: '127.0.0.1', port: 0 });
  const realCms = `http://127.0.0.1:${(content.server.address() as AddressInfo).port}/v2`;
  const cmsUrl = opts.cmsUrl ? await opts.cmsUrl(realCms) : realCms;
  const { app } = await buildStorefrontApp({
    config,
    upstreams: { commerce: opts.upstreams?.commerce ?? 'http://127.0.0.1:9', prices: opts.upstreams?.prices ?? 'http://127.0.0.1:9', cms: cmsUrl },
    logger: false,
    cmsRateLimit: TEST_CMS_RATE_LIMIT,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    port,
    cmsUrl,
    config,
    async get(host, path, headers = {}) {
      const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}`, ...headers } });
      return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
    },
    async getRaw(host, path, headers = {}) {
      const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `${host}:${port}`, ...headers } });
      return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
    },
    async close() {
      await app.close();
      await content.close();
    },
  };
}

/** A CDN's purge endpoint that records what it was sent (the purge tests). */
export async function cdnRecorder() {
  const calls: { authorization: string | undefined; body: { keys: string[] } }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      calls.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Two workers of one instance: what one sends, the other hears (as the supervisor relays it). */
export function workerPair(): [PurgeRelay, PurgeRelay] {
  const listeners: ((keys: string[]) => void)[][] = [[], []];
  const relay = (me: number): PurgeRelay => ({
    send: (keys) => listeners[1 - me].forEach((l) => l(keys)),
    subscribe: (l) => {
      listeners[me].push(l);
      return () => listeners[me].splice(listeners[me].indexOf(l), 1);
    },
  });
  return [relay(0), relay(1)];
}

/** An answer of a storefront, read whole (the purge tests). */
export interface Res { status: number; headers: Record<string, string | string[] | undefined>; text: string }

/** GET on the Swiss store of a storefront on this port. */
export async function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Res> {
  const res = await request(`http://127.0.0.1:${port}${path}`, { headers: { host: `ch.localhost:${port}`, ...headers } });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** The cache compresses a page in the background: ask until it is served from it (bounded by count). */
export async function hit(port: number, path: string): Promise<Res> {
  for (let i = 0; i < 150; i++) {
    const res = await get(port, path);
    if (res.headers['x-page-cache'] === 'hit') return res;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} never served from the cache`);
}

