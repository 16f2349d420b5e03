// What page loaders may ask of the server, as interfaces (ports). The storefront implements them (CMS
// through storyblok-js-client and the reshape layer, catalogue and account through the commerce client)
// and hands them to loaders through react-router's context (views/lib/context.tsx LoaderContext); views
// never import the implementations. Every answer is in the shop's own types.
import type { Article, ArticleList, ArticleTeaser, Page, PressRelease, StoreCollection, TagInfo, TeaserQuery } from './content.ts';
import type { BySkusResponse, CategoriesResponse, ProductDetail, ProductListQuery, ProductListResponse, SimilarResponse } from './catalogue.ts';
import type { Order, OrdersResponse, ShippingCostsResponse } from './order.ts';
import type { LimitOrder, LimitOrdersResponse } from './limit-order.ts';
import type { Deposit } from './deposit.ts';
import type { DepotStatement } from './depot-statement.ts';
import type { CurrencyCode, ProductPrice } from './prices.ts';
import type { Result } from './result.ts';
import type { CompanyFactsView } from './company-facts.ts';
import type { SessionInfo, ShopCustomer } from './shop-api.ts';

/** Content, bound to the request's store (domain folder) and language. */
export interface ContentReader {
  /** a page by slug relative to the store's folder ('home', '404', 'maintenance'); null when absent */
  page(slug: string): Promise<Page | null>;
  /** the page whose URL path field equals path (without the /en prefix), with its other-language path */
  pageByPath(path: string): Promise<Page | null>;
  /** an article by its slug in a folder (blog/, wissen/ or news/), with author and related articles */
  article(folder: 'blog' | 'wissen' | 'news', slug: string): Promise<Article | null>;
  /** the newest articles a news or articles block shows */
  teasers(query: TeaserQuery): Promise<ArticleTeaser[]>;
  /** published articles of a folder, newest first, one page of perPage; tag: only articles with that tag */
  articles(folder: 'blog' | 'wissen' | 'news', query: { tag?: string; page?: number; perPage: number }): Promise<ArticleList>;
  /** the blog's tags with their labels in the language and how many published articles carry each */
  tags(): Promise<TagInfo[]>;
  /** every press release, newest first */
  pressReleases(): Promise<PressRelease[]>;
  /** the stores of stores/filialen and the finder map's first view; null when the story is missing */
  stores(): Promise<StoreCollection | null>;
  /** a draft page by path, read with the preview token and never cached (the preview routes only) */
  draftPageByPath(path: string): Promise<Page | null>;
  /** the company's facts for the store (the story `company`), both languages; null when the story is missing
   * or fails its checks (pages then show no facts rather than wrong ones) */
  company(): Promise<CompanyFactsView | null>;
}

/** Public catalogue reads (spec 3 products) in the request's store and language. */
export interface CatalogueReader {
  list(query: Partial<ProductListQuery>): Promise<Result<ProductListResponse>>;
  search(q: string, query?: Partial<ProductListQuery>): Promise<Result<ProductListResponse>>;
  bySlug(slug: string): Promise<Result<ProductDetail>>;
  bySkus(skus: string[]): Promise<Result<BySkusResponse>>;
  /** the shop's categories with slugs in both languages (the shop's category pages, the sitemap) */
  categories(): Promise<Result<CategoriesResponse>>;
  /** products like the one of this slug, for its product page */
  similar(slug: string, limit?: number): Promise<Result<SimilarResponse>>;
  /** the store's shipping cost table (GET /orders/shipping-costs), for the product page */
  shippingCosts(): Promise<Result<ShippingCostsResponse>>;
}

/** One product's prices of the current recalculation, as the price hub holds them for the store. */
export interface CurrentPrices {
  currency: CurrencyCode;
  lastRecalculatedAt: string;
  /** spec 9: lastRecalculatedAt + 180 s */
  validUntil: string;
  prices: ProductPrice[];
}

/** The store's current prices on the server. Pages never render prices into people's HTML (the guest
 * page cache would serve them stale); only what is made for crawlers (a product's JSON-LD Offer in the
 * bots' variant) reads them here. */
export interface PriceReader {
  /** null before the first prices, or for a sku the price service does not price */
  current(sku: string): CurrentPrices | null;
}

/** Who the session belongs to. customer is null for guests and anonymous sessions. */
export interface MeView {
  session: SessionInfo;
  customer: ShopCustomer | null;
}

/** The customer's own data through the session-aware client (reads only). */
export interface AccountReader {
  me(): Promise<Result<MeView>>;
}

/** One page of the customer's orders: purchase (buy) or sell orders only, or both. */
export interface OrdersPage {
  type?: 'buy' | 'sell';
  limit: number;
  offset: number;
}

/** How many rows of each list the account overview shows. */
export interface AccountOverviewPage {
  orders: number;
  limitOrders: number;
}

/** The account overview: the customer as the account pages show them, and the two short lists. */
export interface AccountOverview {
  customer: ShopCustomer;
  latestOrders: Order[];
  openLimitOrders: LimitOrder[];
}

/** One page of the customer's limit orders; status: a comma list of spec 4 statuses, all when absent. */
export interface LimitOrdersPage {
  status?: string;
  limit: number;
  offset: number;
}

/** The signed-in customer's orders, limit orders and deposit in the request's store and language (reads
 * only). Another customer's id answers 404 (not_found codes), a guest 401. */
export interface AccountAreaReader {
  /** The account overview's data in one call (the customer, the newest orders, the newest open limit
   * orders): a guest 401, an anonymous token 403 user_token_required. */
  overview(q: AccountOverviewPage): Promise<Result<AccountOverview>>;
  orders(q: OrdersPage): Promise<Result<OrdersResponse>>;
  order(id: string): Promise<Result<Order>>;
  limitOrders(q: LimitOrdersPage): Promise<Result<LimitOrdersResponse>>;
  limitOrder(id: string): Promise<Result<LimitOrder>>;
  /** null: the customer has no deposit (yet) */
  deposit(): Promise<Result<Deposit | null>>;
  /** issue 25: the customer's depot statements, newest first (url: the storefront's download) */
  depotStatements(): Promise<Result<DepotStatement[]>>;
}
