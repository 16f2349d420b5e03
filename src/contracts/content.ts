// The shop's own content types: what a CMS page, block or article is to the views. The storefront's
// reshape layer (src/storefront/cms/reshape.ts) turns Storyblok stories into these, so views never read
// Storyblok wire fields (cached_url, linktype, content.seo_title, _uid ...), and the hydration payload
// carries only what a page renders. Adding a block type: a member of Block here, its reshape, its view.
import type { MetalName } from './pricing-attributes.ts';
import type { ScrapMetal } from './scrap.ts';

/** Inline text with marks; a link carries a ready, safe href (site path, https:, mailto: or tel:). */
export interface RichText {
  type: 'text';
  text: string;
  bold?: true;
  italic?: true;
  href?: string;
}

/** A node of rich text. Text without marks (most of a page) is a plain string: a CMS page carries its text for
 * hydration, and {"type":"text","text":…} around every run was a sixth of the privacy page's data (issue 27,
 * hydration data at most half of the document). */
export type RichNode =
  | string
  | RichText
  | { type: 'paragraph' | 'bullet_list' | 'ordered_list' | 'list_item' | 'blockquote'; content: RichNode[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; content: RichNode[] }
  | { type: 'hard_break' | 'horizontal_rule' };

/** A richtext document: its top-level nodes. */
export type RichDoc = RichNode[];

export interface Image {
  src: string;
  alt: string;
}

export interface ContentLink {
  href: string;
  label: string;
}

export type Tone = 'info' | 'warning';

/** The icon set of cards and how-to-sell steps (src/contracts/cms-blocks.ts CmsIcon); views draw each. */
export type IconName =
  | 'gold' | 'silver' | 'sell' | 'depot' | 'stores' | 'shield' | 'seal' | 'people'
  | 'cart' | 'calculator' | 'package' | 'inspect' | 'payout';

/** A clickable banner (alone or as a slide): the whole banner is one link; a click is tracked (spec 7 banner_click). */
export interface Banner {
  id: string;
  headline: string;
  text?: string;
  image?: Image;
  href: string;
  linkLabel: string;
  theme: 'light' | 'dark' | 'gold';
  /** banner_click's name: stable, never translated */
  trackingName: string;
}

/** A product as CMS product blocks show it; prices are read in the browser (views/hooks/usePrices.ts). */
export interface ProductTeaser {
  sku: string;
  name: string;
  /** the product page's slug in the page's language */
  slug: string;
  image?: Image;
  metal: MetalName | null;
  weightLabel: string | null;
  availability: 'available' | 'soldOut' | 'preorder';
  badges: ('new' | 'sale' | 'topseller' | 'preorder')[];
}

/** Which products a product block shows: these skus in this order, or a catalogue query. */
export type ProductSource =
  | { skus: string[] }
  | { category?: string; metal?: MetalName; badge?: ProductTeaser['badges'][number]; limit: number };

/** spec 1 sell metals: the four metals and dental gold (src/contracts/scrap.ts computes estimates). */
export type SellMetal = ScrapMetal;

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

/** Opening hours (spec 3): days dayFrom..dayTo, from (inclusive) to (exclusive), HH:MM local time. */
export interface OpeningHours {
  dayFrom: Weekday;
  dayTo: Weekday;
  from: string;
  to: string;
}

/** Whole days closed (YYYY-MM-DD, inclusive, in the store's time zone); they win over the opening hours. */
export interface Closure {
  from: string;
  to: string;
  note: string;
}

export type PaymentMethod = 'cash' | 'bank_transfer' | 'debit_card' | 'credit_card' | 'check';

/** A store (spec 3 Store) as lists show it: enough for the finder's entry, its map marker and "open now". */
export interface StoreSummary {
  slug: string;
  /** the country shop it belongs to (src/stores.ts key) */
  storeKey: string;
  name: string;
  city: string;
  streetAddress: string;
  postalCode: string;
  region?: string;
  country: string;
  phone: string;
  email: string;
  lat: number;
  lng: number;
  /** IANA zone of the opening hours, closures and "open now" */
  timezone: string;
  openingHours: OpeningHours[];
  closures: Closure[];
}

export interface Review {
  author: string;
  rating: number;
  date: string;
  text: string;
}

/** The store detail page (spec 2: opening hours, about, reviews, directions, payment methods). */
export interface StoreDetail extends StoreSummary {
  about: RichDoc;
  directions: RichDoc;
  paymentMethods: PaymentMethod[];
  reviews: Review[];
  rating: { average: number; count: number };
}

/** The map's first view (stores/filialen map_center_lat, map_center_long, map_zoom). */
export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export interface StoreCollection {
  stores: StoreDetail[];
  map: MapView;
}

/** Contact facts: a store's (contact_data with `store`) or an office's own. Empty strings are left out. */
export interface ContactFacts {
  name?: string;
  streetAddress?: string;
  postalCode?: string;
  city?: string;
  region?: string;
  country?: string;
  phone?: string;
  email?: string;
  hours: OpeningHours[];
  note?: string;
  /** set when the facts are a store's: its detail page */
  storeSlug?: string;
}

export type ArticleFolder = 'blog' | 'wissen' | 'news';

/** The newest `count` articles of a folder (news and articles blocks), optionally with a tag or category. */
export interface TeaserQuery {
  /** the same for equal queries: the key of its result in a page's teaser lists */
  key: string;
  folder: ArticleFolder;
  count: number;
  tag?: string;
  category?: string;
}

/** product_carousel and product_cards: products are filled at loader time from source (the catalogue
 * port); without products the block renders nothing. */
export interface ProductBlockFields {
  id: string;
  headline: string;
  trackingName: string;
  source: ProductSource;
  products: ProductTeaser[];
}

/** news and articles: their teasers stream in after the page's shell (loaders ask for query as deferred data). */
export interface TeaserBlockFields {
  id: string;
  headline: string;
  query: TeaserQuery;
}

export type Block =
  | { type: 'hero'; id: string; headline: string; text: RichDoc; image?: Image; cta?: ContentLink }
  | ({ type: 'banner' } & Banner)
  | { type: 'slider'; id: string; label: string; slides: Banner[]; autoplay: boolean }
  | { type: 'rich_text'; id: string; headline?: string; text: RichDoc }
  | { type: 'faq'; id: string; headline?: string; items: { id: string; question: string; answer: RichDoc }[] }
  | { type: 'accordion'; id: string; headline?: string; items: { id: string; title: string; text: RichDoc }[] }
  | { type: 'cards'; id: string; headline?: string; items: { id: string; title: string; text: string; icon?: IconName; link?: ContentLink; image?: Image }[] }
  | { type: 'notice'; id: string; tone: Tone; title?: string; text: RichDoc }
  | { type: 'stores_list'; id: string; headline?: string; stores: StoreSummary[]; map: MapView | null }
  | { type: 'metal_price_chart'; id: string; headline?: string; metal?: string; range?: string }
  | ({ type: 'product_carousel' } & ProductBlockFields)
  | ({ type: 'product_cards' } & ProductBlockFields)
  | ({ type: 'news' } & TeaserBlockFields)
  | ({ type: 'articles' } & TeaserBlockFields)
  | { type: 'old_metal_calculator'; id: string; headline: string; text?: string; defaultMetal: SellMetal }
  | { type: 'contact_data'; id: string; headline: string; contact: ContactFacts }
  | { type: 'company_facts'; id: string; headline: string; showLegal: boolean; showBank: boolean }
  | { type: 'newsletter'; id: string; headline: string; text: string }
  | { type: 'whistleblower_form'; id: string; headline: string; intro: RichDoc }
  | { type: 'how_to_sell'; id: string; headline: string; intro?: string; steps: { id: string; title: string; text: string; icon: IconName }[]; link?: ContentLink }
  | {
    type: 'video'; id: string; provider: 'youtube' | 'vimeo'; videoId: string; title: string;
    alignment: 'left' | 'center' | 'right'; embedded: boolean; placeholderText: string; caption?: string;
  }
  | { type: 'section'; id: string; headline?: string; columns: 1 | 2 | 3; blocks: Block[] };

export type BlockType = Block['type'];

/** A CMS page (spec 2: resolved by its URL path field per language). */
export interface Page {
  /** stable id of the story (keys, analytics) */
  id: string;
  title: string;
  /** document title and description (SEO fields, else the title) */
  meta: { title: string; description?: string };
  /** the page's own path in its language (without prefix); absent for pages fetched by slug only (404) */
  path?: string;
  /** the page's path in the other language (without prefix), when it has one */
  alternatePath?: string;
  blocks: Block[];
  /** blocks below a screen's own form or list (body_after); empty on plain CMS pages */
  after: Block[];
}

/** What lists show of an article (news, blog, knowledge hub). */
export interface ArticleTeaser {
  id: string;
  /** the story's slug: the German URL segment */
  slug: string;
  /** the English URL segment (content field slug_en); null: the same as slug */
  slugEn?: string | null;
  folder: ArticleFolder;
  title: string;
  teaser: string | null;
  publishedAt: string | null;
  /** the editorial date, YYYY-MM-DD HH:MM */
  date: string | null;
  /** markt, wissen, produkte, unternehmen */
  category: string | null;
  readingMinutes: number | null;
  /** story tags (German names; labels come from blog/tags) */
  tags: string[];
}

export interface Author {
  name: string;
  role: string;
  bio: string;
}

/** A blog, knowledge or news article page. */
export interface Article extends ArticleTeaser {
  body: RichDoc;
  meta: { title: string; description?: string };
  author: Author | null;
  related: ArticleTeaser[];
  metals: MetalName[];
}

/** One page of an article list. */
export interface ArticleList {
  items: ArticleTeaser[];
  total: number;
  page: number;
  perPage: number;
}

/** A blog tag: its name (what URLs and filters use, never translated), label and intro per language. */
export interface TagInfo {
  name: string;
  label: string;
  description: string;
  count: number;
}

/** A press release, shown in full on the press releases page (it has no page of its own). */
export interface PressRelease {
  id: string;
  slug: string;
  title: string;
  teaser: string;
  body: RichDoc;
  date: string;
  location: string;
  contacts: { name: string; role: string; email: string; phone: string }[];
}
