// The CMS block vocabulary (spec 2: "CMS block types include banners, sliders, rich text, FAQ, accordion,
// product carousel and cards, news, articles, stores list, metal price chart, old-metal calculator, contact
// data, newsletter block, whistleblower form, how-to-sell"): the wire shape of every block as the content
// API serves it, in one language (translations already applied, `__i18n__en` keys gone, `$markdown`
// expanded to richtext, `$story` resolved). The content service's stories are checked against these
// schemas (test/content/pages.test.ts); the views render them. src/content/README.md ("Blocks") is the
// same contract in prose, with what each field means and which fields are translated.
//
// Decision: blocks are strict (no unknown fields), so a typo in a story file fails a test instead of
// rendering nothing; links, assets and richtext docs stay open, because Storyblok adds fields to them
// that views ignore. Fields marked optional may be absent or '' and views treat both alike.
import Type, { type Static, type TLiteral, type TSchema, type TUnion } from 'typebox';
import { Badge } from './catalogue.ts';
import { MetalName } from './pricing-attributes.ts';

const Text = Type.String();
const Optional = <T extends TSchema>(s: T) => Type.Optional(s);
/** a closed set of string values, typed as their union */
const OneOf = <const L extends string[]>(...values: L) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{ [K in keyof L]: TLiteral<L[K]> }>;
const block = <C extends string, P extends Record<string, TSchema>>(component: C, fields: P) =>
  Type.Object({ _uid: Type.String({ minLength: 1 }), component: Type.Literal(component), ...fields }, { additionalProperties: false });

/** A Storyblok link field: `url` is the href a visitor follows (`/ankauf`, `/en/sell-to-us`, https://...). */
export const CmsLink = Type.Object({
  fieldtype: Type.Literal('multilink'),
  linktype: OneOf('url', 'story', 'email'),
  url: Text,
  cached_url: Text,
  /** the target story's uuid, for story links */
  id: Optional(Text),
}, { additionalProperties: true });
export type CmsLink = Static<typeof CmsLink>;

/** A Storyblok asset: filename is a path on the storefront's origin or an https URL; '' when unset. */
export const CmsAsset = Type.Object({
  fieldtype: Type.Literal('asset'),
  filename: Text,
  alt: Text,
}, { additionalProperties: true });
export type CmsAsset = Static<typeof CmsAsset>;

/** Storyblok richtext (nodes and marks in src/content/README.md). */
export const CmsRichText = Type.Object({
  type: Type.Literal('doc'),
  content: Type.Array(Type.Object({ type: Text }, { additionalProperties: true })),
}, { additionalProperties: true });
export type CmsRichText = Static<typeof CmsRichText>;

/** One icon set for cards and how-to-sell steps; views draw each one. */
export const CmsIcon = OneOf(
  'gold', 'silver', 'sell', 'depot', 'stores', 'shield', 'seal', 'people',
  'cart', 'calculator', 'package', 'inspect', 'payout',
);
export type CmsIcon = Static<typeof CmsIcon>;

/** schema.org day names and 24-hour times, local time of the store (or of the office for contact_data). */
const Day = OneOf('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday');
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const OpeningHours = block('opening_hours', { dayFrom: Day, dayTo: Day, hourFrom: Time, hourTo: Time });
export type OpeningHours = Static<typeof OpeningHours>;

/** a name for tracking events (banner_click, view_item_list): lower case, stable, never translated */
const TrackingName = Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$' });

// ---------------------------------------------------------------- blocks

export const HeroBlock = block('hero', {
  headline: Text,
  text: Text,
  image: CmsAsset,
  cta_label: Optional(Text),
  cta_link: Optional(CmsLink),
});

export const BannerBlock = block('banner', {
  headline: Text,
  text: Optional(Text),
  image: Optional(CmsAsset),
  link: CmsLink,
  link_label: Text,
  /** light: white background; dark: anthracite with light text; gold: the brand's gold tone */
  theme: OneOf('light', 'dark', 'gold'),
  /** banner_click's name (spec 7 tracking) */
  tracking_name: TrackingName,
});
export type BannerBlock = Static<typeof BannerBlock>;

export const SliderBlock = block('slider', {
  /** accessible name of the carousel region (aria-label); not shown */
  label: Text,
  /** 2 to 6 banners; each slide is announced as "<n> of <total>" (locale strings) */
  slides: Type.Array(BannerBlock, { minItems: 2, maxItems: 6 }),
  /** rotate by itself (every 7 s); it stops on hover, on focus and for prefers-reduced-motion, with a pause button */
  autoplay: Type.Boolean(),
});

export const RichTextBlock = block('rich_text', {
  headline: Optional(Text),
  text: CmsRichText,
});

export const FaqItem = block('faq_item', { question: Text, answer: CmsRichText });
export const FaqBlock = block('faq', { headline: Text, items: Type.Array(FaqItem, { minItems: 1 }) });

export const AccordionItem = block('accordion_item', { title: Text, text: CmsRichText });
export const AccordionBlock = block('accordion', { headline: Optional(Text), items: Type.Array(AccordionItem, { minItems: 1 }) });

export const Card = block('card', {
  title: Text,
  text: Text,
  icon: Optional(CmsIcon),
  link: Optional(CmsLink),
  link_label: Optional(Text),
});
export const CardsBlock = block('cards', { headline: Optional(Text), items: Type.Array(Card, { minItems: 1 }) });

export const NoticeBlock = block('notice', { tone: OneOf('info', 'warning'), title: Text, text: Text });

export const StoresListBlock = block('stores_list', {
  headline: Text,
  /** the map beside the list; it loads only with Targeting ("marketing") consent, a placeholder otherwise */
  show_map: Type.Boolean(),
});

/** spec 2: price chart of 1 week, 6 months or 1 year (views/components/prices/PriceChart.tsx) */
export const MetalPriceChartBlock = block('metal_price_chart', {
  headline: Optional(Text),
  metal: MetalName,
  range: OneOf('1w', '6m', '1y'),
});

/** Catalogue products: the given skus in that order, or (skus empty) a catalogue query. */
export const ProductCarouselBlock = block('product_carousel', {
  headline: Text,
  skus: Type.Array(Type.String({ minLength: 1 }), { maxItems: 24 }),
  /** a catalogue category id (src/commerce/catalogue/reference.ts); '' for any */
  category: Optional(Type.String()),
  metal: Optional(Type.Union([MetalName, Type.Literal('')])),
  badge: Optional(Type.Union([Badge, Type.Literal('')])),
  /** most products shown, 1-24 */
  limit: Type.Integer({ minimum: 1, maximum: 24 }),
  /** item_list_id of view_item_list / select_item */
  tracking_name: TrackingName,
});

export const ProductCardsBlock = block('product_cards', {
  headline: Text,
  skus: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: 12 }),
  tracking_name: TrackingName,
});

export const NewsCategory = OneOf('markt', 'wissen', 'produkte', 'unternehmen');
export const NewsBlock = block('news', {
  headline: Text,
  count: Type.Integer({ minimum: 1, maximum: 12 }),
  category: Optional(Type.Union([NewsCategory, Type.Literal('')])),
});

export const ArticlesBlock = block('articles', {
  headline: Text,
  folder: OneOf('blog', 'wissen'),
  count: Type.Integer({ minimum: 1, maximum: 12 }),
  /** a story tag (Storyblok tags are not translated) */
  tag: Optional(Type.String()),
});

/** spec 1 sell metals: gold, silver, platinum, palladium, dental gold */
export const SellMetal = OneOf('gold', 'silver', 'platinum', 'palladium', 'dental_gold');
export type SellMetal = Static<typeof SellMetal>;
export const OldMetalCalculatorBlock = block('old_metal_calculator', {
  headline: Text,
  text: Optional(Text),
  default_metal: SellMetal,
});

/** Contact facts of one store (`store` = its slug in stores/filialen) or of an office (the other fields). */
export const ContactDataBlock = block('contact_data', {
  headline: Text,
  store: Optional(Type.String()),
  name: Optional(Text),
  streetAddress: Optional(Text),
  postalCode: Optional(Text),
  city: Optional(Text),
  country: Optional(Type.String({ pattern: '^([A-Z]{2})?$' })),
  phone: Optional(Text),
  email: Optional(Text),
  hours: Optional(Type.Array(OpeningHours)),
  note: Optional(Text),
});

/** The company's facts (legal name, seat, hotline and hours; with show_legal the register and VAT numbers,
 * with show_bank the account of the store's currency), read from the story `company`, never typed here. */
export const CompanyFactsBlock = block('company_facts', {
  headline: Text,
  show_legal: Type.Boolean(),
  show_bank: Type.Boolean(),
});

export const NewsletterBlock = block('newsletter', { headline: Text, text: Text });

export const WhistleblowerFormBlock = block('whistleblower_form', { headline: Text, intro: CmsRichText });

export const HowToSellStep = block('how_to_sell_step', { title: Text, text: Text, icon: CmsIcon });
export const HowToSellBlock = block('how_to_sell', {
  headline: Text,
  intro: Optional(Text),
  steps: Type.Array(HowToSellStep, { minItems: 2, maxItems: 6 }),
  link: Optional(CmsLink),
  link_label: Optional(Text),
});

export const VideoBlock = block('video', {
  provider: OneOf('youtube', 'vimeo'),
  /** YouTube: 11 characters; Vimeo: digits */
  video_id: Type.String({ pattern: '^([A-Za-z0-9_-]{11}|\\d{6,12})$' }),
  /** the iframe's accessible title and the placeholder's heading */
  title: Text,
  alignment: OneOf('left', 'center', 'right'),
  /** true: 16:9 at the full content width; false: 560 x 315 px; always 100 % wide below 768 px */
  embedded: Type.Boolean(),
  /** shown until Targeting consent: why the video is not loaded, above the consent button */
  placeholder_text: Text,
  caption: Optional(Text),
});

/** Every block that may stand in a page body or inside a section. */
export const contentBlocks = [
  HeroBlock, BannerBlock, SliderBlock, RichTextBlock, FaqBlock, AccordionBlock, CardsBlock, NoticeBlock,
  StoresListBlock, MetalPriceChartBlock, ProductCarouselBlock, ProductCardsBlock, NewsBlock, ArticlesBlock,
  OldMetalCalculatorBlock, ContactDataBlock, CompanyFactsBlock, NewsletterBlock, WhistleblowerFormBlock, HowToSellBlock, VideoBlock,
] as const;

/** Layout: up to three columns from 768 px (spec 9 breakpoint), one column below; no nested sections. */
export const SectionBlock = block('section', {
  headline: Optional(Text),
  columns: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  body: Type.Array(Type.Union([...contentBlocks]), { minItems: 1 }),
});

export const PageBlock = Type.Union([...contentBlocks, SectionBlock]);
export type PageBlock = Static<typeof PageBlock>;

/** Each page block's schema by its component name; views skip (and log once) a component not in here. */
export const pageBlockSchemas = Object.fromEntries([...contentBlocks, SectionBlock].map((s) => [s.properties.component.const, s])) as
  Record<PageBlock['component'], (typeof contentBlocks)[number] | typeof SectionBlock>;
export const pageBlockComponents = Object.keys(pageBlockSchemas) as PageBlock['component'][];

// ---------------------------------------------------------------- page stories

/**
 * A page story's content. `body` is the page; on a screen with its own form or list (contact, sell to us,
 * scrap metals, blog and news lists) `body` goes above it and `body_after` below it.
 */
const pageFields = {
  _uid: Type.String({ minLength: 1 }),
  component: Type.Literal('page'),
  /** URL path without the language prefix; '' for 404 and maintenance (fetched by slug) */
  path: Type.String({ pattern: '^(/[a-z0-9/-]*)?$' }),
  title: Text,
  seo_title: Text,
  seo_description: Text,
  body: Type.Array(PageBlock, { minItems: 1 }),
  body_after: Optional(Type.Array(PageBlock)),
};
export const PageContent = Type.Object(pageFields, { additionalProperties: false });
export type PageContent = Static<typeof PageContent>;

// ---------------------------------------------------------------- stores (stores/filialen)

export const PaymentMethod = OneOf('cash', 'bank_transfer', 'debit_card', 'credit_card', 'check');

export const Review = block('review', {
  /** first name and initial, as the customer agreed to be named */
  author: Type.String({ pattern: '^\\S.* [A-Z]\\.$' }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  date: IsoDay,
  text: Text,
});

/** Whole days closed (holidays), in the store's time zone; dateTo >= dateFrom. */
export const Closure = block('closure', { dateFrom: IsoDay, dateTo: IsoDay, note: Text });

export const Store = block('store', {
  slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$' }),
  /** the shop (src/stores.ts key) the store belongs to */
  store_key: OneOf('at', 'ch', 'de', 'li', 'us'),
  name: Text,
  city: Text,
  streetAddress: Text,
  postalCode: Text,
  /** state or canton where addresses carry one (US: NY) */
  region: Optional(Text),
  country: OneOf('AT', 'CH', 'DE', 'LI', 'US'),
  coordinates_lat: Type.Number({ minimum: -90, maximum: 90 }),
  coordinates_long: Type.Number({ minimum: -180, maximum: 180 }),
  /** IANA time zone: opening hours, "open now" and closures are in this zone */
  timezone: Type.String({ pattern: '^[A-Z][A-Za-z_]+/[A-Za-z_]+$' }),
  phone: Text,
  email: Text,
  openingHours: Type.Array(OpeningHours, { minItems: 1 }),
  closures: Type.Array(Closure),
  paymentMethods: Type.Array(PaymentMethod, { minItems: 1 }),
  about: CmsRichText,
  /** how to get there (public transport, parking); the route link is built from the coordinates */
  directions: CmsRichText,
  reviews: Type.Array(Review, { minItems: 3, maxItems: 5 }),
  /** over all reviews the store has collected (the list shows a selection) */
  rating_average: Type.Number({ minimum: 1, maximum: 5 }),
  rating_count: Type.Integer({ minimum: 1 }),
});
export type Store = Static<typeof Store>;

/** stores/filialen: a page with the stores and the finder map's first view */
export const StoresPageContent = Type.Object({
  ...pageFields,
  map_center_lat: Type.Number({ minimum: -90, maximum: 90 }),
  map_center_long: Type.Number({ minimum: -180, maximum: 180 }),
  map_zoom: Type.Integer({ minimum: 1, maximum: 18 }),
  stores: Type.Array(Store, { minItems: 1 }),
}, { additionalProperties: false });
export type StoresPageContent = Static<typeof StoresPageContent>;
