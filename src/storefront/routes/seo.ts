// Findability: /sitemap.xml and /robots.txt per store host.
//
// The sitemap lists every URL of the store that answers 200 to a visitor, in both languages, each with its
// hreflang alternates (the same as in the pages' heads): the shop's own screens without parameters, every
// category with products (and the deals list when there are deals), every published product, every
// published CMS page by its path field (404 and maintenance have none; drafts are invisible to the
// published token), the articles of blog/, wissen/ and news/ (blog and knowledge articles by their path
// field, news by their slug under /news/), and the store detail pages of the stores story. Guarded,
// personal, checkout, preview and search pages are left out (robots.txt keeps crawlers off the private
// ones). It is built from the catalogue and the CMS directly and kept per store for CMS_CACHE_TTL_S.
import type { FastifyInstance } from 'fastify';
import type { Cms } from '../cms/reader.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';
import { catalogueClient } from '../commerce-client/catalogue.ts';
import { localizedPath, pathFor, screenList, type ScreenId } from '../../screens.ts';
import { languages, storeKeys, type Language, type StoreKey } from '../../stores.ts';
import { hreflangAlternates } from '../render/seo-head.ts';
import { escapeHtml } from '../render/document.ts';
import { dealsSlugs } from '../../../views/server.tsx';

/** A page in both languages (null: not in that language) and when it last changed, if known. */
export interface SitemapEntry {
  paths: Record<Language, string | null>;
  lastmod?: string;
}

/** Screens of their own that answer 200 to anyone without parameters (the rest need a slug, a session or a query). */
const listedScreens: ScreenId[] = ['home', 'shop', 'sellToUs', 'scrapMetals', 'contact', 'blog', 'news', 'pricelist', 'encyclopedia', 'pressReleases'];


interface WireStory {
  uuid: string;
  full_slug: string;
  published_at?: string | null;
  updated_at?: string | null;
  content: { path?: unknown; slug_en?: unknown; stores?: { slug?: unknown }[] };
}

const both = (f: (lang: Language) => string | null): Record<Language, string | null> => ({ de: f('de'), en: f('en') });

async function productEntries(commerce: CommerceHttp, store: StoreKey): Promise<SitemapEntry[]> {
  const catalogue = catalogueClient(commerce, store, 'de');
  const out: SitemapEntry[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await catalogue.list({ limit: 100, offset, sort: 'default' });
    if (r.error) throw new Error(`catalogue: ${r.error.code}`);
    for (const p of r.data.products) out.push({ paths: { de: pathFor('product', 'de', { slug: p.slug['de-AT'] }), en: pathFor('product', 'en', { slug: p.slug.en }) } });
    if (offset + 100 >= r.data.total || r.data.products.length === 0) return out;
  }
}

async function categoryEntries(commerce: CommerceHttp, store: StoreKey): Promise<SitemapEntry[]> {
  const catalogue = catalogueClient(commerce, store, 'de');
  const [cats, deals] = await Promise.all([catalogue.categories(), catalogue.list({ deal: true, limit: 1 })]);
  if (cats.error) throw new Error(`categories: ${cats.error.code}`);
  const out: SitemapEntry[] = cats.data.categories
    .filter((c) => c.productCount > 0)
    .map((c) => ({ paths: { de: pathFor('shopItem', 'de', { slug: c.slug['de-AT'] }), en: pathFor('shopItem', 'en', { slug: c.slug.en }) } }));
  if (!deals.error && deals.data.total > 0) out.push({ paths: both((lang) => pathFor('shopItem', lang, { slug: dealsSlugs[lang] })) });
  return out;
}

/** Published stories of a content type in both languages, by uuid. */
async function storiesOf(cms: Cms, store: StoreKey, contentType: string): Promise<Map<string, Record<Language, WireStory>>> {
  const [de, en] = await Promise.all(
    languages.map((lang) =>
      cms.client.getAll('cdn/stories', { starts_with: `${store}/`, content_type: contentType, version: 'published', ...(lang === 'en' ? { language: 'en' } : {}) }) as Promise<WireStory[]>,
    ),
  );
  const byUuid = new Map<string, Record<Language, WireStory>>();
  const enByUuid = new Map(en.map((s) => [s.uuid, s]));
  for (const s of de) byUuid.set(s.uuid, { de: s, en: enByUuid.get(s.uuid) ?? s });
  return byUuid;
}

const sitePath = (v: unknown): string | null => (typeof v === 'string' && v.startsWith('/') ? v : null);
const lastmodOf = (s: WireStory): string | undefined => (s.updated_at ?? s.published_at ?? undefined) || undefined;

async function contentEntries(cms: Cms, store: StoreKey): Promise<SitemapEntry[]> {
  const [pages, articles] = await Promise.all([storiesOf(cms, store, 'page'), storiesOf(cms, store, 'article')]);
  const out: SitemapEntry[] = [];
  // CMS pages by their path field; 404 and maintenance have none
  for (const s of pages.values()) {
    const paths = both((lang) => {
      const p = sitePath(s[lang].content.path);
      return p ? localizedPath(lang, p) : null;
    });
    if (paths.de || paths.en) out.push({ paths, lastmod: lastmodOf(s.de) });
  }
  // articles: blog and knowledge hub by their path, news by slug (spec 2 /news/{slug...})
  const newsPrefix = `${store}/news/`;
  for (const s of articles.values()) {
    const slug = s.de.full_slug;
    const paths = slug.startsWith(newsPrefix)
      ? both((lang) => pathFor('newsArticle', lang, { '*': (lang === 'en' && typeof s.en.content.slug_en === 'string' && s.en.content.slug_en) || slug.slice(newsPrefix.length) }))
      : both((lang) => {
          const p = sitePath(s[lang].content.path);
          return p ? localizedPath(lang, p) : null;
        });
    if (paths.de || paths.en) out.push({ paths, lastmod: lastmodOf(s.de) });
  }
  // the store detail pages named in the stores story
  try {
    const res = await cms.client.getStory(`${store}/stores/filialen`, { version: 'published' });
    for (const st of (res.data.story as WireStory).content.stores ?? []) {
      if (typeof st.slug === 'string' && /^[a-z0-9-]+$/.test(st.slug)) out.push({ paths: both((lang) => pathFor('storeDetail', lang, { slug: st.slug as string })) });
    }
  } catch {
    // no stores story: no store pages to list
  }
  return out;
}

/** Every entry of a store's sitemap, each URL once. */
export async function sitemapEntries(deps: { commerce: CommerceHttp; cms: Cms }, store: StoreKey): Promise<SitemapEntry[]> {
  const screens: SitemapEntry[] = listedScreens.map((id) => ({ paths: both((lang) => pathFor(id, lang)) }));
  const [products, categories, content] = await Promise.all([productEntries(deps.commerce, store), categoryEntries(deps.commerce, store), contentEntries(deps.cms, store)]);
  const seen = new Set<string>();
  const out: SitemapEntry[] = [];
  for (const e of [...screens, ...content, ...categories, ...products]) {
    const key = e.paths.de ?? e.paths.en ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(e);
  }
  return out;
}

export function sitemapXml(origin: string, entries: SitemapEntry[], origins?: Record<StoreKey, string>): string {
  const url = (p: string) => escapeHtml(origin + p);
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  for (const e of entries) {
    // the same cluster as the pages' heads: every store's host, by language and region, and x-default
    const alternates = e.paths.de && e.paths.en
      ? hreflangAlternates({ lang: 'de', path: e.paths.de, otherPath: e.paths.en, query: '', origins: origins ?? sameOrigin(origin) })
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
      : [];
    for (const lang of languages) {
      const p = e.paths[lang];
      if (!p) continue;
      parts.push(`<url><loc>${url(p)}</loc>${e.lastmod ? `<lastmod>${escapeHtml(e.lastmod)}</lastmod>` : ''}${alternates.join('')}</url>`);
    }
  }
  parts.push('</urlset>\n');
  return parts.join('\n');
}

function sameOrigin(origin: string): Record<StoreKey, string> {
  return Object.fromEntries(storeKeys.map((k) => [k, origin])) as Record<StoreKey, string>;
}

/** robots.txt: the private areas from the screen table (guards, checkout, previews), the browser's own
 * endpoints, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const paths = ['/__data/', '/api/', '/dev/'];
  for (const s of screenList) {
    // the price list's guard refuses nobody (route-rules.ts): it stays crawlable
    if (s.guard !== 'account' && s.guard !== 'cart' && s.layout !== 'checkout' && s.layout !== 'preview') continue;
    for (const lang of languages) {
      const path = s.paths[lang];
      // a parameter inside the path (/produkt/:slug/limit-order) becomes the wildcard of RFC 9309, so the
      // public page above it (/produkt/{slug}) stays crawlable; a trailing one just ends the prefix
      const inner = /\/:[^/]+\/./.test(path);
      paths.push(inner ? path.replace(/:[^/]+/g, '*') : path.replace(/\/[:*].*$/, '') || '/');
    }
  }
  // a path under one already disallowed adds nothing
  const sorted = [...new Set(paths)].sort();
  const disallow = sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(q.endsWith('/') ? q : `${q}/`)));
  return ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export interface SeoOptions {
  commerce: CommerceHttp;
  cms: Cms;
  /** how long a store's sitemap is kept (CMS_CACHE_TTL_S; 0: built for every request) */
  ttlMs: number;
}

export function registerSeo(app: FastifyInstance, opts: SeoOptions): void {
  const kept = new Map<string, { at: number; xml: Promise<string> }>();

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = app.stores.originOf(req.store, req.protocol, req.host);
    const key = `${req.store}|${origin}`;
    const hit = kept.get(key);
    let xml = hit && Date.now() - hit.at < opts.ttlMs ? hit.xml : null;
    if (!xml) {
      const origins = Object.fromEntries(storeKeys.map((k) => [k, app.stores.originOf(k, req.protocol, req.host)])) as Record<StoreKey, string>;
      xml = sitemapEntries(opts, req.store).then((entries) => sitemapXml(origin, entries, origins));
      if (opts.ttlMs > 0) kept.set(key, { at: Date.now(), xml });
      xml.catch(() => kept.get(key)?.xml === xml && kept.delete(key));
    }
    try {
      const body = await xml;
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
    } catch (err) {
      req.log.warn({ err }, 'sitemap not built');
      return reply.status(503).header('retry-after', '60').type('text/plain; charset=utf-8').send('Sitemap temporarily unavailable.');
    }
  });

  app.get('/robots.txt', async (req, reply) => {
    const origin = app.stores.originOf(req.store, req.protocol, req.host);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin));
  });
}
