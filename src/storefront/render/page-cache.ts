// The page cache: public pages kept for the next visitors of their store at the same session level. A
// public page (home, shop and categories, product, CMS pages, blog, news, knowledge, stores, price list) is
// the same for every visitor of a store at a session level: its content comes from the CMS cache
// (CMS_CACHE_TTL_S); prices, carts, wishlist marks and anything about the visitor (name, counts) render in
// the browser, never in the HTML. So a page rendered once is kept for as long as the CMS cache keeps its
// content, and the next visitors get it without a render: guests on every screen, visitors with a session
// (anonymous or signed in) on the shared screens below only. It is kept as one document for everyone:
// without the first answer's nonce, its inline scripts named in the CSP by their sha256 hashes instead,
// and compressed once (br and gzip) in the background, so an answer from the cache is served like a static
// file. A page with the session-expired notice, of a screen that is not shared (account, cart, checkout:
// personal data), with a query other than a listing's canonical one, or that was not a complete 200 is
// never kept.
//
// Rule for the views that keeps this correct: HTML must not depend on anything but the store, host, path
// (with a listing's canonical query) and session level. Anything per visitor or per moment (prices,
// countdowns, carts, names, wishlist marks, "open now", consent choices) renders in the browser; a cookie
// the server reads for HTML must be made part of the key, which keyOf() alone builds (the consent cookie is:
// with no choice in it the page carries the consent banner; the currency cookie is: a page in USD names it).
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from '../plugins/compression.ts';
import type { ScreenId } from '../../screens.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Compressed once per page and TTL, so the best ratios are affordable (on the thread pool). */
const BR_BEST: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP_BEST: zlib.ZlibOptions = { level: 9 };

/**
 * Screens whose HTML is the same for every visitor of a store at a session level, so visitors with a
 * session get them from the cache too. Their loaders read no session and their views show nothing of the
 * visitor (the header's counts and name, wishlist marks and the alert form's address are the browser's).
 * Every other screen with a session is rendered per request: account pages, carts, checkout, wishlist,
 * login and registration forms, search (any words), previews.
 */
export const SHARED_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'home', 'shop', 'shopItem', 'product', 'cmsPage', 'contact', 'consulate', 'whistleblower',
  'blog', 'blogArticle', 'news', 'newsArticle', 'encyclopedia', 'knowledgeArticle', 'pressReleases',
  'storeDetail', 'pricelist',
]);

/** Listings: their query (filters, sort, view, page) is part of the page; kept by its canonical form. */
export const LISTING_SCREENS: ReadonlySet<ScreenId> = new Set<ScreenId>(['shop', 'shopItem']);

export interface PageCacheOptions {
  /** how long a page is kept (the CMS cache's TTL: pages are no staler than their content) */
  ttlMs: number;
  /** bounds of the pages without a query */
  maxEntries?: number;
  maxBytes?: number;
  /** bounds of the listings with a query, kept apart: a crawler walking filter combinations can only push
   * out other filtered listings, never the shop's pages themselves */
  maxQueryEntries?: number;
  maxQueryBytes?: number;
  /** a listing's canonical query ('' or '?...'): known parameters only, values validated, in one order
   * (views' listing URL contract); without it no page with a query is kept */
  canonicalQuery?: (params: URLSearchParams) => string;
  now?: () => number;
}

export interface CachedPage {
  body: Buffer;
  /** content-encoding of body, null for identity */
  encoding: Encoding | null;
  /** sha256 (base64) of each inline script, for the CSP */
  scriptHashes: readonly string[];
  /** the stories, lists and products the page shows (render/surrogate-keys.ts) */
  keys: readonly string[];
}

interface Entry {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  scriptHashes: string[];
  /** surrogate keys: purge() drops the page when one of them changes */
  keys: readonly string[];
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
  /** the screen the path shows, null when none matches */
  screen: ScreenId | null;
  /** the visitor's consent cookie holds a choice (the page then has no consent banner) */
  consentDecided: boolean;
  /** the currency the visitor sees prices in (spec 1: the store's or USD, from the currency cookie): the
   * page's boot state, the currency switch and price captions name it */
  currency: string;
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

/** Longest a render may hold back the same page's next misses. */
const CLAIM_MAX_MS = 30_000;

/** One bounded least-recently-used region of the cache. */
class Region {
  readonly entries = new Map<string, Entry>();
  bytes = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;

  constructor(maxEntries: number, maxBytes: number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  add(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.drop(oldestKey, oldest);
    }
  }

  drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

export class PageCache {
  private readonly pages: Region;
  private readonly listings: Region;
  /** keys whose document is being compressed: one preparation per page at a time */
  private readonly preparing = new Set<string>();
  /** keys whose page is being rendered for the cache: the next misses wait for it instead of rendering it
   * again (16 visitors arriving at once at a page that expired cost one render, not 16) */
  private readonly rendering = new Map<string, Promise<void>>();
  private readonly opts: PageCacheOptions;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, stored: 0 };
  /** purges so far, and the keys of the recent ones: a page rendered before a purge of one of its keys and
   * kept after it would bring the old content back */
  private purges = 0;
  private readonly recentPurges: { n: number; keys: ReadonlySet<string> }[] = [];

  constructor(opts: PageCacheOptions) {
    this.opts = opts;
    this.pages = new Region(opts.maxEntries ?? 2000, opts.maxBytes ?? 64 * 1024 * 1024);
    this.listings = new Region(opts.maxQueryEntries ?? 1000, opts.maxQueryBytes ?? 32 * 1024 * 1024);
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.opts.ttlMs > 0;
  }

  /** Pages and bytes kept (pages without a query, listings with one). */
  get size(): { pages: number; listings: number; bytes: number } {
    return { pages: this.pages.entries.size, listings: this.listings.entries.size, bytes: this.pages.bytes + this.listings.bytes };
  }

  /** The cache key of a request, or null when its page must be rendered for it alone. The one place the
   * key is built: whatever the server reads to render a kept page's HTML belongs in it. */
  keyOf(r: CacheableRequest): string | null {
    if (!this.enabled || r.method !== 'GET' || r.session.notice) return null;
    const level = r.session.level;
    if (level !== 'guest' && !(r.screen && SHARED_SCREENS.has(r.screen))) return null;
    let query = '';
    if (r.url.search !== '') {
      if (!r.screen || !LISTING_SCREENS.has(r.screen) || !this.opts.canonicalQuery) return null;
      query = this.opts.canonicalQuery(r.url.searchParams);
      // Only the canonical spelling (the shop's own links): the page's links and the browser's hydration
      // read the address as it was typed, so another spelling (unknown parameters, dropped values, another
      // order) is rendered for its visitor, never served a document made for a different address.
      if (query !== r.url.search) return null;
    }
    // Bots get a document without streamed swaps (see ssr.tsx), people the streamed one: two variants.
    // The session level changes the header (log in vs my account) and the browser's boot state.
    // The consent banner is rendered when the visitor has not chosen yet: a variant with and one without.
    const consent = r.consentDecided ? 'consent' : 'ask';
    // A page in USD is another document than the store's own currency's (spec 1: a user can switch to USD).
    return `${r.bot ? 'bot' : 'web'}|${consent}|${r.currency}|${level}|${r.protocol}|${(r.host ?? '').toLowerCase()}|${r.url.pathname}${query}`;
  }

  private regionOf(key: string): Region {
    return key.includes('?') ? this.listings : this.pages;
  }

  /** The cached page in the best encoding the client takes, or null. */
  get(key: string, encoding: Encoding | null): CachedPage | null {
    const region = this.regionOf(key);
    const e = region.entries.get(key);
    if (!e || e.expires <= this.now()) {
      if (e) region.drop(key, e);
      this.stats.misses++;
      return null;
    }
    // least recently used goes first
    region.entries.delete(key);
    region.entries.set(key, e);
    this.stats.hits++;
    const body = encoding === 'br' ? e.br : encoding === 'gzip' ? e.gzip : e.identity;
    return { body, encoding, scriptHashes: e.scriptHashes, keys: e.keys };
  }

  /** Marks key as being rendered; the returned release() ends that (whether the page was kept or not). */
  claim(key: string): () => void {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    this.rendering.set(key, done);
    const end = () => {
      clearTimeout(stuck);
      if (this.rendering.get(key) === done) this.rendering.delete(key);
      release();
    };
    // a render that never reports back must not keep the next visitors waiting for ever
    const stuck = setTimeout(end, CLAIM_MAX_MS).unref();
    return end;
  }

  /** Waits (at most waitMs) for a render of key in progress, then returns its page like get(); null when
   * none was in progress or it was not kept: the caller renders the page itself. */
  async afterRender(key: string, encoding: Encoding | null, waitMs: number): Promise<CachedPage | null> {
    const pending = this.rendering.get(key);
    if (!pending) return null;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    const e = this.regionOf(key).entries.get(key);
    return e && e.expires > this.now() ? this.get(key, encoding) : null;
  }

  /** Keeps a complete document (rendered for one visitor with `nonce`): resolves when it is ready to serve.
   * expiresAt (epoch ms) shortens its stay for a page that says when it goes out of date; shows: the keys of
   * what it shows (purge) and purgeMark() from before its render began (a page whose content was purged while
   * it rendered is not kept: it may hold the old content). */
  async set(key: string, html: string, expiresAt?: number, shows: { keys: readonly string[]; since: number } = { keys: [], since: this.purges }): Promise<void> {
    if (!this.enabled || this.preparing.has(key)) return;
    const region = this.regionOf(key);
    this.preparing.add(key);
    try {
      const clean = withoutNonces(html);
      const identity = Buffer.from(clean.html);
      if (identity.length > region.maxBytes / 16) return;
      const [br, gz] = await Promise.all([brotli(identity, BR_BEST), gzip(identity, GZIP_BEST)]);
      const expires = Math.min(this.now() + this.opts.ttlMs, expiresAt ?? Number.POSITIVE_INFINITY);
      if (expires <= this.now()) return;
      if (this.purgedSince(shows.since, shows.keys)) return;
      region.add(key, { identity, br, gzip: gz, scriptHashes: clean.scriptHashes, keys: shows.keys, expires, bytes: identity.length + br.length + gz.length });
      this.stats.stored++;
    } finally {
      this.preparing.delete(key);
    }
  }

  clear(): void {
    this.pages.clear();
    this.listings.clear();
  }

  /** A mark to pass to set() as shows.since, taken before the page's content is read. */
  purgeMark(): number {
    return this.purges;
  }

  private purgedSince(n: number, keys: readonly string[]): boolean {
    return this.recentPurges.some((p) => p.n > n && keys.some((k) => p.keys.has(k)));
  }

  /** Drops every kept page that shows one of keys (issue 27: a publish); returns how many were dropped. */
  purge(keys: readonly string[]): number {
    const wanted = new Set(keys);
    this.purges++;
    this.recentPurges.push({ n: this.purges, keys: wanted });
    if (this.recentPurges.length > 32) this.recentPurges.shift();
    let dropped = 0;
    for (const region of [this.pages, this.listings]) {
      for (const [key, e] of [...region.entries]) {
        if (e.keys.some((k) => wanted.has(k))) {
          region.drop(key, e);
          dropped++;
        }
      }
    }
    return dropped;
  }
}
