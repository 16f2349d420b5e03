// Storyblok stories -> the shop's Page, Block and ArticleTeaser (src/contracts/content.ts). Wire fields
// (cached_url, linktype, _uid, seo_title, richtext marks ...) stop here; views get plain, ready values and
// the hydration payload carries only what a page renders. Content can run ahead of code: a block of an
// unknown type is skipped (and reported once through onUnknown), never a broken page.
import type {
  Article, ArticleFolder, ArticleTeaser, Banner, Block, Closure, ContactFacts, ContentLink, IconName, Image, MapView, OpeningHours, Page,
  PaymentMethod, PressRelease, ProductSource, RichDoc, RichNode, RichText, SellMetal, StoreCollection, StoreDetail, StoreSummary, TagInfo, TeaserQuery, Tone, Weekday,
} from '../../contracts/content.ts';
import type { MetalName } from '../../contracts/pricing-attributes.ts';

/** A Storyblok block: component name, _uid and fields. */
export interface WireBlock {
  _uid?: string;
  component: string;
  [field: string]: unknown;
}

export interface WireStory {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  first_published_at?: string | null;
  published_at?: string | null;
  tag_list?: string[];
  is_startpage?: boolean;
  content: WireBlock & { title?: unknown; seo_title?: unknown; seo_description?: unknown; path?: unknown; body?: unknown; body_after?: unknown; stores?: unknown };
}

interface WireRichNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: WireRichNode[];
}

export interface ReshapeOptions {
  /** called for a block type the shop does not render */
  onUnknown?: (component: string) => void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const opt = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const blocksOf = (v: unknown): WireBlock[] => (Array.isArray(v) ? v.filter((b): b is WireBlock => !!b && typeof b === 'object' && typeof (b as WireBlock).component === 'string') : []);

/** Only site paths and https/mailto/tel links leave the CMS; anything else (javascript:, http:) is dropped. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || href === '') return undefined;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (/^(https:|mailto:|tel:)/i.test(href)) return href;
  return undefined;
}

/** Storyblok link fields are objects ({ url, cached_url, linktype }); plain strings are accepted too. */
export function linkHref(v: unknown): string | undefined {
  if (typeof v === 'string') return safeHref(v);
  if (v && typeof v === 'object') {
    const o = v as { url?: string; cached_url?: string; linktype?: string };
    const u = o.url || o.cached_url || '';
    return safeHref(o.linktype === 'story' && u && !u.startsWith('/') ? `/${u}` : u);
  }
  return undefined;
}

function image(v: unknown, fallbackAlt = ''): Image | undefined {
  if (typeof v === 'string') return v ? { src: v, alt: fallbackAlt } : undefined;
  if (v && typeof v === 'object') {
    const o = v as { filename?: unknown; alt?: unknown };
    const src = str(o.filename);
    return src ? { src, alt: str(o.alt) || fallbackAlt } : undefined;
  }
  return undefined;
}

function richNode(n: WireRichNode): RichNode | null {
  const kids = () => (n.content ?? []).map(richNode).filter((x): x is RichNode => x !== null);
  switch (n.type) {
    case 'text': {
      const out: RichText = { type: 'text', text: n.text ?? '' };
      for (const m of n.marks ?? []) {
        if (m.type === 'bold') out.bold = true;
        else if (m.type === 'italic') out.italic = true;
        else if (m.type === 'link') {
          const href = safeHref(m.attrs?.href);
          if (href) out.href = href;
        }
      }
      // text without marks: a plain string (RichNode)
      return out.bold || out.italic || out.href ? out : out.text;
    }
    case 'paragraph':
    case 'bullet_list':
    case 'ordered_list':
    case 'list_item':
    case 'blockquote':
      return { type: n.type, content: kids() };
    case 'heading': {
      const level = Math.min(6, Math.max(1, Math.round(Number(n.attrs?.level ?? 2)))) as 1 | 2 | 3 | 4 | 5 | 6;
      return { type: 'heading', level, content: kids() };
    }
    case 'hard_break':
    case 'horizontal_rule':
      return { type: n.type };
    default:
      return null;
  }
}

/** Richtext (a Storyblok doc) or a plain string as the shop's RichDoc. */
export function richDoc(v: unknown): RichDoc {
  if (typeof v === 'string') return v ? [{ type: 'paragraph', content: [v] }] : [];
  if (!v || typeof v !== 'object') return [];
  const doc = v as WireRichNode;
  if (doc.type === 'doc') return (doc.content ?? []).map(richNode).filter((x): x is RichNode => x !== null);
  const one = richNode(doc);
  return one ? [one] : [];
}

function cta(block: WireBlock, field = 'cta_link', labelField = 'cta_label'): ContentLink | undefined {
  const href = linkHref(block[field]);
  const label = str(block[labelField]);
  return href && label ? { href, label } : undefined;
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const oneOf = <T extends string>(v: unknown, values: readonly T[], fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

const icons: readonly IconName[] = ['gold', 'silver', 'sell', 'depot', 'stores', 'shield', 'seal', 'people', 'cart', 'calculator', 'package', 'inspect', 'payout'];
const icon = (v: unknown): IconName | undefined => (icons.includes(v as IconName) ? (v as IconName) : undefined);
const metals: readonly MetalName[] = ['gold', 'silver', 'platinum', 'palladium'];
const weekdays: readonly Weekday[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const paymentMethods: readonly PaymentMethod[] = ['cash', 'bank_transfer', 'debit_card', 'credit_card', 'check'];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function openingHours(v: unknown): OpeningHours[] {
  return blocksOf(v).flatMap((h) => {
    const from = str(h.hourFrom);
    const to = str(h.hourTo);
    if (!weekdays.includes(h.dayFrom as Weekday) || !weekdays.includes(h.dayTo as Weekday) || !TIME.test(from) || !TIME.test(to)) return [];
    return [{ dayFrom: h.dayFrom as Weekday, dayTo: h.dayTo as Weekday, from, to }];
  });
}

function closures(v: unknown): Closure[] {
  return blocksOf(v).flatMap((c) => {
    const from = str(c.dateFrom);
    const to = str(c.dateTo) || from;
    return DAY.test(from) && DAY.test(to) ? [{ from, to, note: str(c.note) }] : [];
  });
}

function banner(b: WireBlock, id: string): Banner | null {
  const href = linkHref(b.link);
  if (!href) return null;
  return {
    id,
    headline: str(b.headline),
    ...(opt(b.text) ? { text: str(b.text) } : {}),
    ...(image(b.image) ? { image: image(b.image) } : {}),
    href,
    linkLabel: str(b.link_label) || str(b.headline),
    theme: oneOf(b.theme, ['light', 'dark', 'gold'] as const, 'light'),
    trackingName: str(b.tracking_name) || id,
  };
}

function productSource(b: WireBlock): ProductSource {
  const skus = strings(b.skus);
  if (skus.length > 0) return { skus: skus.slice(0, 24) };
  const limit = Math.min(24, Math.max(1, Math.round(num(b.limit) ?? 8)));
  const metal = metals.includes(b.metal as MetalName) ? (b.metal as MetalName) : undefined;
  const badge = (['new', 'sale', 'topseller', 'preorder'] as const).find((x) => x === b.badge);
  return { limit, ...(opt(b.category) ? { category: str(b.category) } : {}), ...(metal ? { metal } : {}), ...(badge ? { badge } : {}) };
}

function storeSummary(s: WireBlock): StoreSummary {
  return {
    slug: str(s.slug),
    storeKey: str(s.store_key),
    name: str(s.name),
    city: str(s.city),
    streetAddress: str(s.streetAddress),
    postalCode: str(s.postalCode),
    ...(opt(s.region) ? { region: str(s.region) } : {}),
    country: str(s.country),
    phone: str(s.phone),
    email: str(s.email),
    lat: num(s.coordinates_lat) ?? 0,
    lng: num(s.coordinates_long) ?? 0,
    timezone: str(s.timezone) || 'Europe/Zurich',
    openingHours: openingHours(s.openingHours),
    closures: closures(s.closures),
  };
}

export function reshapeStore(s: WireBlock): StoreDetail {
  return {
    ...storeSummary(s),
    about: richDoc(s.about),
    directions: richDoc(s.directions),
    paymentMethods: strings(s.paymentMethods).filter((m): m is PaymentMethod => paymentMethods.includes(m as PaymentMethod)),
    reviews: blocksOf(s.reviews).map((r) => ({ author: str(r.author), rating: Math.min(5, Math.max(1, Math.round(num(r.rating) ?? 5))), date: str(r.date), text: str(r.text) })),
    rating: { average: num(s.rating_average) ?? 0, count: Math.max(0, Math.round(num(s.rating_count) ?? 0)) },
  };
}

/** The stores story (stores/filialen) as the shop's StoreCollection. */
export function reshapeStores(content: WireStory['content']): StoreCollection {
  return { stores: blocksOf(content.stores).filter((s) => s.component === 'store' && str(s.slug)).map(reshapeStore), map: mapView(content) };
}

function mapView(content: Record<string, unknown>): MapView {
  return { lat: num(content.map_center_lat) ?? 47.75, lng: num(content.map_center_long) ?? 11.2, zoom: Math.round(num(content.map_zoom) ?? 6) };
}

function contactFacts(b: WireBlock, stores: WireBlock[]): ContactFacts {
  const slug = opt(b.store);
  const store = slug ? stores.find((s) => s.slug === slug) : undefined;
  if (store) {
    const s = storeSummary(store);
    return {
      name: s.name, streetAddress: s.streetAddress, postalCode: s.postalCode, city: s.city, ...(s.region ? { region: s.region } : {}), country: s.country,
      phone: s.phone, email: s.email, hours: s.openingHours, ...(opt(b.note) ? { note: str(b.note) } : {}), storeSlug: s.slug,
    };
  }
  const out: ContactFacts = { hours: openingHours(b.hours) };
  for (const k of ['name', 'streetAddress', 'postalCode', 'city', 'region', 'country', 'phone', 'email', 'note'] as const) {
    const v = opt(b[k]);
    if (v) out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------- data blocks need from elsewhere

const count = (v: unknown) => Math.min(12, Math.max(1, Math.round(num(v) ?? 3)));

/** The list a news or articles block shows (its teasers are deferred data of the page's loader). */
export function teaserQuery(b: WireBlock): TeaserQuery {
  const n = count(b.count);
  if (b.component === 'news') {
    const category = opt(b.category);
    return { key: `news|${n}|${category ?? ''}`, folder: 'news', count: n, ...(category ? { category } : {}) };
  }
  const folder = b.folder === 'wissen' ? 'wissen' : 'blog';
  const tag = opt(b.tag);
  return { key: `${folder}|${n}|${tag ?? ''}`, folder, count: n, ...(tag ? { tag } : {}) };
}

/** Whether a story's blocks show stores (stores_list, contact_data with a store): the reader then fetches
 * stores/filialen once for the page (unless the story is that one). */
export function needsStores(content: WireStory['content']): boolean {
  const walk = (list: unknown): boolean =>
    blocksOf(list).some((b) => (b.component === 'section' ? walk(b.body) : b.component === 'stores_list' || (b.component === 'contact_data' && !!opt(b.store))));
  return walk(content.body) || walk(content.body_after);
}

/** What the reader fetched for a story's blocks. */
export interface BlockData {
  /** the store blocks of stores/filialen (the story's own when it is that story) */
  stores: WireBlock[];
  map: MapView | null;
}

export const noBlockData: BlockData = { stores: [], map: null };

export function reshapeBlock(b: WireBlock, data: BlockData, opts: ReshapeOptions = {}): Block | null {
  const id = str(b._uid) || `${b.component}`;
  const headline = opt(b.headline) ?? opt(b.title);
  const itemId = (i: WireBlock, n: number) => str(i._uid) || `${id}-${n}`;
  switch (b.component) {
    case 'hero':
      return { type: 'hero', id, headline: headline ?? '', text: richDoc(b.text), image: image(b.image), cta: cta(b) };
    case 'banner': {
      const one = banner(b, id);
      return one ? { type: 'banner', ...one } : null;
    }
    case 'slider': {
      const slides = blocksOf(b.slides).map((s, n) => banner(s, itemId(s, n))).filter((s): s is Banner => s !== null);
      return slides.length ? { type: 'slider', id, label: str(b.label), slides, autoplay: b.autoplay === true } : null;
    }
    case 'rich_text':
      return { type: 'rich_text', id, headline: opt(b.headline), text: richDoc(b.text) };
    case 'faq':
      return { type: 'faq', id, headline, items: blocksOf(b.items).map((i, n) => ({ id: itemId(i, n), question: str(i.question), answer: richDoc(i.answer) })) };
    case 'accordion':
      return { type: 'accordion', id, headline, items: blocksOf(b.items).map((i, n) => ({ id: itemId(i, n), title: str(i.title), text: richDoc(i.text) })) };
    case 'cards':
      return {
        type: 'cards', id, headline,
        items: blocksOf(b.items).map((i, n) => ({
          id: itemId(i, n), title: str(i.title), text: str(i.text),
          ...(icon(i.icon) ? { icon: icon(i.icon) } : {}),
          ...(cta(i, 'link', 'link_label') ? { link: cta(i, 'link', 'link_label') } : {}),
          ...(image(i.image) ? { image: image(i.image) } : {}),
        })),
      };
    case 'notice':
      return { type: 'notice', id, tone: (oneOf(b.tone, ['info', 'warning'] as const, 'info') satisfies Tone), title: headline, text: richDoc(b.text) };
    case 'stores_list':
      return { type: 'stores_list', id, headline, stores: data.stores.filter((s) => s.component === 'store' && str(s.slug)).map(storeSummary), map: b.show_map === true ? data.map : null };
    case 'metal_price_chart':
      return { type: 'metal_price_chart', id, headline, metal: opt(b.metal), range: opt(b.range) };
    case 'product_carousel':
    case 'product_cards':
      return { type: b.component, id, headline: headline ?? '', trackingName: str(b.tracking_name) || id, source: productSource(b), products: [] };
    case 'news':
    case 'articles':
      return { type: b.component, id, headline: headline ?? '', query: teaserQuery(b) };
    case 'old_metal_calculator':
      return {
        type: 'old_metal_calculator', id, headline: headline ?? '', ...(opt(b.text) ? { text: str(b.text) } : {}),
        // the CMS writes dental_gold; the shop's sell metals (src/contracts/scrap.ts) spell it dental-gold
        defaultMetal: oneOf<SellMetal>(b.default_metal === 'dental_gold' ? 'dental-gold' : b.default_metal, ['gold', 'silver', 'platinum', 'palladium', 'dental-gold'], 'gold'),
      };
    case 'contact_data':
      return { type: 'contact_data', id, headline: headline ?? '', contact: contactFacts(b, data.stores) };
    case 'company_facts':
      return { type: 'company_facts', id, headline: headline ?? '', showLegal: b.show_legal === true, showBank: b.show_bank === true };
    case 'newsletter':
      return { type: 'newsletter', id, headline: headline ?? '', text: str(b.text) };
    case 'whistleblower_form':
      return { type: 'whistleblower_form', id, headline: headline ?? '', intro: richDoc(b.intro) };
    case 'how_to_sell':
      return {
        type: 'how_to_sell', id, headline: headline ?? '', ...(opt(b.intro) ? { intro: str(b.intro) } : {}),
        steps: blocksOf(b.steps).map((st, n) => ({ id: itemId(st, n), title: str(st.title), text: str(st.text), icon: icon(st.icon) ?? 'sell' })),
        ...(cta(b, 'link', 'link_label') ? { link: cta(b, 'link', 'link_label') } : {}),
      };
    case 'video': {
      const provider = oneOf(b.provider, ['youtube', 'vimeo'] as const, 'youtube');
      const videoId = str(b.video_id);
      // the id goes into an embed URL: only the characters the providers use
      if (!(provider === 'youtube' ? /^[A-Za-z0-9_-]{11}$/ : /^\d{6,12}$/).test(videoId)) return null;
      return {
        type: 'video', id, provider, videoId, title: str(b.title), alignment: oneOf(b.alignment, ['left', 'center', 'right'] as const, 'center'),
        embedded: b.embedded === true, placeholderText: str(b.placeholder_text), ...(opt(b.caption) ? { caption: str(b.caption) } : {}),
      };
    }
    case 'section': {
      const columns = num(b.columns);
      return { type: 'section', id, headline, columns: columns === 2 || columns === 3 ? columns : 1, blocks: reshapeBlocks(b.body, data, opts).filter((x) => x.type !== 'section') };
    }
    default:
      opts.onUnknown?.(b.component);
      return null;
  }
}

export function reshapeBlocks(list: unknown, data: BlockData, opts: ReshapeOptions = {}): Block[] {
  return blocksOf(list).map((b) => reshapeBlock(b, data, opts)).filter((b): b is Block => b !== null);
}

export function reshapePage(story: WireStory, alternatePath: string | null, data: BlockData = noBlockData, opts: ReshapeOptions = {}): Page {
  const c = story.content;
  const title = str(c.title) || story.name;
  return {
    id: story.uuid,
    title,
    meta: meta(c, title),
    ...(typeof c.path === 'string' && c.path.startsWith('/') ? { path: c.path } : {}),
    ...(alternatePath ? { alternatePath } : {}),
    blocks: reshapeBlocks(c.body, data, opts),
    after: reshapeBlocks(c.body_after, data, opts),
  };
}

/** The brand at the end of an SEO title ("... – Aurum Edelmetalle", "... | Aurum Edelmetalle"): the shop adds
 * its brand to every document title itself (views/lib/meta.ts), so the reshape takes it off. */
const TRAILING_BRAND = /\s+[–|-]\s+Aurum (Edelmetalle|Precious Metals)$/;

function meta(c: WireStory['content'], title: string): Page['meta'] {
  return { title: (str(c.seo_title) || title).replace(TRAILING_BRAND, ''), ...(opt(c.seo_description) ? { description: str(c.seo_description) } : {}) };
}

const folderOf = (fullSlug: string): ArticleFolder => {
  const parts = fullSlug.split('/');
  const f = parts[parts.length - 2];
  return f === 'blog' || f === 'wissen' ? f : 'news';
};

export function reshapeTeaser(s: WireStory): ArticleTeaser {
  const c = s.content;
  const minutes = num(c.reading_time);
  return {
    id: s.uuid,
    slug: s.slug,
    slugEn: opt(c.slug_en) ?? null,
    folder: folderOf(s.full_slug),
    title: str(c.title) || s.name,
    teaser: opt(c.teaser) ?? null,
    publishedAt: s.first_published_at ?? s.published_at ?? null,
    date: opt(c.date) ?? null,
    category: opt(c.category) ?? null,
    readingMinutes: minutes && minutes > 0 ? Math.round(minutes) : null,
    tags: strings(s.tag_list),
  };
}

/** A relation field resolved by the content API (resolve_relations): the story itself, else nothing. */
const resolved = (v: unknown): WireStory | null => (v && typeof v === 'object' && 'content' in v && 'uuid' in v ? (v as WireStory) : null);

export function reshapeArticle(s: WireStory): Article {
  const c = s.content;
  const author = resolved(c.author);
  const title = str(c.title) || s.name;
  return {
    ...reshapeTeaser(s),
    body: richDoc(c.body),
    meta: meta(c, title),
    author: author ? { name: str(author.content.name) || author.name, role: str(author.content.role), bio: str(author.content.bio) } : null,
    related: (Array.isArray(c.related) ? c.related : []).map(resolved).filter((r): r is WireStory => r !== null).map(reshapeTeaser),
    metals: strings(c.metals).filter((m): m is MetalName => metals.includes(m as MetalName)),
  };
}

/** The blog's tag_labels story and the tag counts (cdn/tags) as TagInfo, in the labels' order. */
export function reshapeTags(labels: WireStory | null, counts: { name: string; taggings_count: number }[]): TagInfo[] {
  const countOf = new Map(counts.map((c) => [c.name, c.taggings_count]));
  const out: TagInfo[] = blocksOf(labels?.content.tags).map((l) => ({ name: str(l.name), label: str(l.label) || str(l.name), description: str(l.description), count: countOf.get(str(l.name)) ?? 0 }));
  // a tag in use that has no label yet still filters, under its name
  for (const c of counts) if (!out.some((t) => t.name === c.name)) out.push({ name: c.name, label: c.name, description: '', count: c.taggings_count });
  return out.filter((t) => t.name && t.count > 0);
}

export function reshapePressRelease(s: WireStory): PressRelease {
  const c = s.content;
  return {
    id: s.uuid,
    slug: s.slug,
    title: str(c.title) || s.name,
    teaser: str(c.teaser),
    body: richDoc(c.body),
    date: str(c.date),
    location: str(c.location),
    contacts: blocksOf(c.contact).map((p) => ({ name: str(p.name), role: str(p.role), email: str(p.email), phone: str(p.phone) })),
  };
}
