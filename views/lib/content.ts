// What loaders of CMS-driven screens share: the page story of the current path, the products of its
// product blocks (resolved through the catalogue port: the CMS names skus, the catalogue knows products),
// hrefs of articles and the page's other-language path.
import type { LoaderFunctionArgs } from 'react-router';
import type { StorefrontProduct } from '../../src/contracts/catalogue.ts';
import type { ArticleTeaser, Block, Page, ProductSource, ProductTeaser, TeaserQuery } from '../../src/contracts/content.ts';
import type { TeaserLists } from './teaser-lists.ts';
import { localizedPath, pathFor, unprefixedPath, type ScreenId } from '../../src/screens.ts';
import type { Language } from '../../src/stores.ts';
import type { LoaderContext } from './context.tsx';
import type { PageMeta } from './meta.ts';

/** The request's path without its language prefix: what a page story's `path` field is matched with. */
export function contentPath(request: Request): string {
  return unprefixedPath(decodeURIComponent(new URL(request.url).pathname));
}

/** The screen's page story (by path, as CMS pages resolve); null without one or when the CMS fails. The
 * screen then renders alone (src/content/README.md: screens find their story by path too). */
export async function screenStory(ctx: LoaderContext, request: Request): Promise<Page | null> {
  const page = await ctx.cms.pageByPath(contentPath(request)).catch(() => null);
  return page ? withProducts(ctx, page) : null;
}

/** A page's meta for the document head: its SEO fields, and its path in the other language. */
export function pageMetaOf(ctx: LoaderContext, page: Page | null, otherPath?: string): PageMeta {
  const other: Language = ctx.lang === 'de' ? 'en' : 'de';
  const alt = otherPath ?? (page?.alternatePath ? localizedPath(other, page.alternatePath) : undefined);
  return { title: page?.meta.title, description: page?.meta.description, alternates: alt ? { [other]: alt } : undefined };
}

/** The same screen in the other language (screens whose paths differ only by their prefix and params). */
export function otherLanguagePath(ctx: LoaderContext, id: ScreenId, params: Record<string, string> = {}): string {
  return pathFor(id, ctx.lang === 'de' ? 'en' : 'de', params);
}

export function teaserOf(p: StorefrontProduct): ProductTeaser {
  const img = p.images[0];
  return {
    sku: p.sku,
    name: p.localizedName,
    slug: p.localizedSlug,
    ...(img ? { image: { src: img.url, alt: img.alt } } : {}),
    metal: p.metal,
    weightLabel: p.attributes.weightLabel,
    availability: p.availability,
    badges: p.badges,
  };
}

async function productsFor(ctx: LoaderContext, source: ProductSource): Promise<ProductTeaser[]> {
  // Unpublished products are left out (by-skus still answers them); a failing catalogue leaves the
  // block empty, and an empty product block renders nothing: the page stays up.
  if ('skus' in source) {
    const res = await ctx.catalogue.bySkus(source.skus).catch(() => null);
    return res?.data ? res.data.products.filter((p) => p.published).map(teaserOf) : [];
  }
  const res = await ctx.catalogue.list({ ...(source.category ? { category: source.category } : {}), ...(source.metal ? { metal: source.metal } : {}), ...(source.badge ? { badge: source.badge } : {}), limit: source.limit, sort: 'default' }).catch(() => null);
  return res?.data ? res.data.products.filter((p) => p.published).map(teaserOf) : [];
}

const hasProductBlock = (blocks: Block[]): boolean =>
  blocks.some((b) => b.type === 'product_carousel' || b.type === 'product_cards' || (b.type === 'section' && hasProductBlock(b.blocks)));

/**
 * The page with the products of its product blocks. The CMS cache hands the same Page to every request
 * and it must not change (render/shared-json.ts), so a page with product blocks is copied; one without
 * is returned as it is.
 */
export async function withProducts(ctx: LoaderContext, page: Page): Promise<Page> {
  if (!hasProductBlock(page.blocks) && !hasProductBlock(page.after)) return page;
  const fill = (blocks: Block[]): Promise<Block[]> =>
    Promise.all(
      blocks.map(async (b): Promise<Block> => {
        if (b.type === 'product_carousel' || b.type === 'product_cards') return { ...b, products: await productsFor(ctx, b.source) };
        if (b.type === 'section') return { ...b, blocks: await fill(b.blocks) };
        return b;
      }),
    );
  const [blocks, after] = await Promise.all([fill(page.blocks), fill(page.after)]);
  return { ...page, blocks, after };
}

function teaserQueries(blocks: Block[], out: Map<string, TeaserQuery>) {
  for (const b of blocks) {
    if (b.type === 'news' || b.type === 'articles') out.set(b.query.key, b.query);
    else if (b.type === 'section') teaserQueries(b.blocks, out);
  }
}

/**
 * Deferred data: the teasers of the pages' news and articles blocks, fetched after the loader returns and
 * streamed in (views/lib/teaser-lists.ts). Never rejects: a list that fails is empty (the block then
 * renders nothing). Pages without such blocks get a plain empty object, so nothing waits.
 */
export function teaserLists(ctx: LoaderContext, ...pages: (Page | null)[]): Promise<TeaserLists> | TeaserLists {
  const queries = new Map<string, TeaserQuery>();
  for (const p of pages) if (p) teaserQueries([...p.blocks, ...p.after], queries);
  if (queries.size === 0) return {};
  return Promise.all([...queries.values()].map(async (q) => [q.key, await ctx.cms.teasers(q).catch(() => [])] as const)).then(Object.fromEntries);
}

const articleScreens: Record<ArticleTeaser['folder'], ScreenId> = { blog: 'blogArticle', wissen: 'knowledgeArticle', news: 'newsArticle' };

/** The article's page: /blog/{slug}, /wissen/{slug} (/en/knowledge-hub/{slug}), /news/{slug}. */
export function articleHref(a: Pick<ArticleTeaser, 'folder' | 'slug'> & { slugEn?: string | null }, lang: Language): string {
  const id = articleScreens[a.folder];
  const slug = articleSlug(a, lang);
  return pathFor(id, lang, id === 'newsArticle' ? { '*': slug } : { slug });
}

/** An article's URL segment in a language: English URLs carry the English slug where the story has one. */
export function articleSlug(a: Pick<ArticleTeaser, 'slug'> & { slugEn?: string | null }, lang: Language): string {
  return lang === 'en' && a.slugEn ? a.slugEn : a.slug;
}

/** A positive page number from ?page=, or null for anything else (page 1 has no parameter). */
export function pageParam(url: URL): number | null {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  return /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : null;
}
