// The page cache for visitors without a session. A guest's page is the same for every guest of a store:
// its content comes from the CMS cache (CMS_CACHE_TTL_S); prices, carts and anything about the visitor
// render in the browser, never in the HTML. So a guest page rendered once is kept for as long as the CMS
// cache keeps its content, and the next guests get it without a render. It is kept as one document for
// everyone: without the first answer's nonce, its inline scripts named in the CSP by their sha256 hashes
// instead, and compressed once (br and gzip) in the background, so an answer from the cache is served
// like a static file. A page of a session (anonymous or signed in), with a query, with the
// session-expired notice, or that was not a complete 200 is never kept.
//
// Rule for the views that keeps this correct: HTML must not depend on anything but the store, host, path
// and session level. Anything per visitor or per moment (prices, countdowns, carts, "open now", consent
// choices) renders in the browser; a cookie the server reads for HTML must be made part of the key below
// (the consent cookie is: with no choice in it the page carries the consent banner).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from '../plugins/compression.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Compressed once per page and TTL, so the best ratios are affordable (on the thread pool). */
const BR_BEST: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP_BEST: zlib.ZlibOptions = { level: 9 };

export interface PageCacheOptions {
  /** how long a page is kept (the CMS cache's TTL: pages are no staler than their content) */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface CachedPage {
  body: Buffer;
  /** content-encoding of body, null for identity */
  encoding: Encoding | null;
  /** sha256 (base64) of each inline script, for the CSP */
  scriptHashes: readonly string[];
}

interface Entry {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  scriptHashes: string[];
  expires: number;
  bytes: number;
}

export interface CacheableRequest {
  method: string;
  url: URL;
  host: string | undefined;
  protocol: string;
  /** the session level and notice of the visitor */
  session: { level: string; notice?: string };
  bot: boolean;
  /** the visitor's consent cookie holds a choice (the page then has no consent banner) */
  consentDecided: boolean;
}

const NONCE_ATTR = / nonce="[^"]*"/g;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The document as everyone may get it: no nonce attributes; the hashes of its inline scripts. */
export function withoutNonces(html: string): { html: string; scriptHashes: string[] } {
  const clean = html.replace(NONCE_ATTR, '');
  const hashes = new Set<string>();
  for (const m of clean.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/.test(m[1]) || m[2] === '') continue;
    hashes.add(createHash('sha256').update(m[2]).digest('base64'));
  }
  return { html: clean, scriptHashes: [...hashes] };
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  /** keys whose document is being compressed: one preparation per page at a time */
  private readonly preparing = new Set<string>();
  private bytes = 0;
  private readonly opts: PageCacheOptions;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, stored: 0 };

  constructor(opts: PageCacheOptions) {
    this.opts = opts;
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** The cache key of a request, or null when its page must be rendered for it alone. */
  keyOf(r: CacheableRequest): string | null {
    if (!this.enabled || r.method !== 'GET' || r.url.search !== '') return null;
    if (r.session.level !== 'guest' || r.session.notice) return null;
    // Bots get a document without streamed swaps (see ssr.tsx), people the streamed one: two variants.
    // The consent banner is rendered when the visitor has not chosen yet: a variant with and one without.
    const consent = r.consentDecided ? 'consent' : 'ask';
    return `${r.bot ? 'bot' : 'web'}|${consent}|${r.protocol}|${(r.host ?? '').toLowerCase()}|${r.url.pathname}`;
  }

  /** The cached page in the best encoding the client takes, or null. */
  get(key: string, encoding: Encoding | null): CachedPage | null {
    const e = this.entries.get(key);
    if (!e || e.expires <= this.now()) {
      if (e) this.drop(key, e);
      this.stats.misses++;
      return null;
    }
    // least recently used goes first
    this.entries.delete(key);
    this.entries.set(key, e);
    this.stats.hits++;
    const body = encoding === 'br' ? e.br : encoding === 'gzip' ? e.gzip : e.identity;
    return { body, encoding, scriptHashes: e.scriptHashes };
  }

  /** Keeps a complete document (rendered for one visitor with `nonce`): resolves when it is ready to serve.
   * expiresAt (epoch ms) shortens its stay for a page that says when it goes out of date. */
  async set(key: string, html: string, expiresAt?: number): Promise<void> {
    if (!this.enabled || this.preparing.has(key)) return;
    this.preparing.add(key);
    try {
      const clean = withoutNonces(html);
      const identity = Buffer.from(clean.html);
      if (identity.length > this.maxBytes / 16) return;
      const [br, gz] = await Promise.all([brotli(identity, BR_BEST), gzip(identity, GZIP_BEST)]);
      const old = this.entries.get(key);
      if (old) this.drop(key, old);
      const expires = Math.min(this.now() + this.opts.ttlMs, expiresAt ?? Number.POSITIVE_INFINITY);
      if (expires <= this.now()) return;
      const entry: Entry = { identity, br, gzip: gz, scriptHashes: clean.scriptHashes, expires, bytes: identity.length + br.length + gz.length };
      this.entries.set(key, entry);
      this.bytes += entry.bytes;
      this.stats.stored++;
      while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
        const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
        this.drop(oldestKey, oldest);
      }
    } finally {
      this.preparing.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private drop(key: string, e: Entry) {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}
