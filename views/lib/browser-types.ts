// What the views and the browser runtime (client/) say to each other: the shapes the browser services hand
// to the views through the port (views/lib/browser-port.ts). Types, plain constants and two pure helpers
// only, so both the server's render and the browser's runtime import them; client/ implements the port,
// views/ reads it.
import type { CartLineItem, TransactionType } from '../../src/contracts/cart.ts';
import type { CurrencyCode, StoreMetalPricesResponse, ProductPrices, StoreSnapshotsResponse } from '../../src/contracts/price-stream.ts';
import type { Wishlist } from '../../src/contracts/wishlist.ts';
import type { Result } from '../../src/contracts/result.ts';
import type { AnswerOf, CartApiResponse, SessionInfo, ShopApi, ShopCart, ShopCustomer } from '../../src/contracts/shop-api.ts';
import type { MetalName, SnapshotRange } from '../../src/contracts/prices.ts';
import type { ConsentChoice, ConsentGroup } from '../../src/contracts/consent.ts';
import type { UtmParams } from '../../src/contracts/order.ts';
import type { BridgeMessage } from '../../src/contracts/preview-bridge.ts';
import type { AuthFailedDetail } from '../../src/contracts/app-events.ts';
import type { Currency } from '../../src/stores.ts';

export type { ShopCart, TransactionType };

// ---------------------------------------------------------------- prices

/** window CustomEvent names (spec 4 app events and the price states around them), sent by the price socket. */
export const priceEvents = {
  /** spec 4 RecalculationProcessStarted: prices cleared, fetching on; next-step navigation disabled */
  refreshing: 'PricesRefreshing',
  /** spec 4 "price-updated event": new prices are shown (carts outside cart and checkout recalculate) */
  updated: 'PricesUpdated',
  /** spec 4: the prices' time runs out in 3 s or less */
  impending: 'PricesImpendingUpdate',
  /** the shop lost the price service; shown prices may be outdated */
  stale: 'PricesStale',
  /** spec 4 and 8: 'Failed metal price fetch: PricesUpdateError' */
  updateError: 'PricesUpdateError',
} as const;

export interface PricesUpdatedDetail {
  lastRecalculatedAt: string;
  validUntil: string;
}
export interface PricesImpendingDetail {
  validUntil: string;
  remainingMs: number;
}
export interface PricesUpdateErrorDetail {
  /** spec 8 */
  message: 'Failed metal price fetch: PricesUpdateError';
  /** what failed: metal prices, product prices or the chart */
  source: 'metals' | 'products' | 'chart';
  /** HTTP status, 0 for a network failure */
  status: number;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed';

export interface PriceState {
  currency: CurrencyCode;
  connection: ConnectionState;
  /** between RecalculationProcessStarted and the new prices being shown */
  refreshing: boolean;
  /** the shop told us the prices may be outdated */
  stale: boolean;
  lastRecalculatedAt: string | null;
  /** epoch ms, in the shop's clock (add clockOffsetMs to Date.now() to compare) */
  validUntil: number | null;
  /** shop clock minus this browser's clock */
  clockOffsetMs: number;
  /** a price fetch failed and has not succeeded since */
  error: PricesUpdateErrorDetail | null;
}

/** The price state of the server's render and the hydrating render: no connection, no prices yet. */
export const serverPriceState: PriceState = {
  currency: 'CHF', connection: 'idle', refreshing: false, stale: false, lastRecalculatedAt: null, validUntil: null, clockOffsetMs: 0, error: null,
};

export interface MetalPricesView {
  /** undefined while loading or refreshing */
  data: StoreMetalPricesResponse | undefined;
  refreshing: boolean;
  stale: boolean;
  error: PricesUpdateErrorDetail | null;
}

export interface ProductPricesView {
  /** sku -> prices (null: the price service does not price this sku); undefined while loading or refreshing */
  prices: Record<string, ProductPrices | null> | undefined;
  refreshing: boolean;
  stale: boolean;
  error: PricesUpdateErrorDetail | null;
}

export interface PriceChartView {
  /** the series; undefined while loading (the previous one is kept while the next loads) */
  data: StoreSnapshotsResponse | undefined;
  error: unknown;
}

// ---------------------------------------------------------------- carts

/** A cart as views get it: `pending` while an optimistic line waits for the server's answer. */
export type CartView = ShopCart & { pending?: boolean };

export interface CartsState {
  buy: CartView | null;
  sell: CartView | null;
}

export const emptyCarts: CartsState = { buy: null, sell: null };

export interface CartsView extends CartsState {
  /** false on the server, in the first render and until the first answer */
  ready: boolean;
  error: boolean;
}

/** The codes a "removed" cart notice carries (lines the service removed by itself, a coupon the currency
 * switch dropped, a merge's cut at sign-in): the notice shows form.error.<code>, and every page ships
 * exactly these messages with its strings (CartNotices), so a notice never waits for the full table. */
export const REMOVED_NOTICE_CODES = ['product_out_of_stock', 'product_no_longer_available', 'coupon_not_applicable', 'cart_limit_exceeded', 'line_quantity_exceeded'] as const;
export type RemovedNoticeCode = (typeof REMOVED_NOTICE_CODES)[number];

export type CartNotice =
  | { id: number; kind: 'added'; transactionType: TransactionType; name: string; quantity: number; recreated: boolean }
  /** issue 28: a line the customer removed, with its undo (the product put back in the same quantity) */
  | { id: number; kind: 'line-removed'; transactionType: TransactionType; name: string; sku: string; quantity: number; deposit: boolean }
  | { id: number; kind: 'removed'; transactionType: TransactionType; code: RemovedNoticeCode; name: string | null }
  | { id: number; kind: 'error'; message: string }
  /** spec 8: 'something went wrong while recalculating cart' and 'please reload page' */
  | { id: number; kind: 'recalculation-failed' };

export interface AddInput {
  transactionType: TransactionType;
  sku: string;
  quantity: number;
  name: string;
  currency: ShopCart['currency'];
  deposit?: boolean;
  /** the pressed button's id: the notice is shown right after it (noticeOrigin) */
  origin?: string;
  /** where the product was put in (a list's id); default: the page's path (spec 3 sellpoint-{cartId}-{type}) */
  sellPoint?: string;
}

export interface ScrapInput {
  metal: NonNullable<CartLineItem['scrap']>['metal'];
  fineness: number;
  weightGrams: number;
  name: string;
}

export interface WishlistView {
  wishlist: Wishlist | null;
  ready: boolean;
  signedIn: boolean;
}

// ---------------------------------------------------------------- tracking (the data layer)

/** A product as tracking sees it (GA4 item). Prices in major units of the currency, as GA4 expects. */
export interface TrackedItem {
  item_id: string;
  item_name: string;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  price?: number;
  quantity?: number;
  index?: number;
  item_list_id?: string;
  item_list_name?: string;
}

interface Ecommerce {
  currency?: string;
  value?: number;
  items: TrackedItem[];
  item_list_id?: string;
  item_list_name?: string;
  transaction_id?: string;
  shipping_tier?: string;
  payment_type?: string;
  coupon?: string;
  tax?: number;
  shipping?: number;
}

/** One typed definition of every event the shop sends, so a misspelt event or field fails the typecheck. */
export type TrackEvent =
  | { event: 'view_item' | 'view_item_list' | 'select_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'review_order' | 'purchase'; ecommerce: Ecommerce; transaction_type?: 'buy' | 'sell' }
  | { event: 'banner_click'; banner: { name: string; href: string; position?: number } }
  | { event: 'login'; method: 'password' | 'passkey' }
  | { event: 'newsletter-register'; source: 'footer' | 'block' | 'profile' }
  /** the visitor's consent groups after a choice (analytics.ts; Social has no consent-mode type of its own) */
  | { event: 'consent_update'; consent: Record<'necessary' | 'performance' | 'functional' | 'targeting' | 'social', boolean> }
  /** spec 7: the Trusted Shops checkout object, pushed with a placed order */
  | { event: 'trusted_shops_checkout'; trustedShops: { orderNumber: string; buyerEmail?: string; amount: number; currency: string; paymentType: string; estimatedDeliveryDate?: string } };

/** Cents to the major units GA4 expects (12345 -> 123.45). */
export function toMajor(cents: number): number {
  return Math.round(cents) / 100;
}

/** A product line as tracking sees it (GA4 item, prices in major units). */
export function trackedItem(line: Pick<CartLineItem, 'sku' | 'name' | 'price' | 'metal'>, quantity: number): TrackedItem {
  return {
    item_id: line.sku ?? 'scrap',
    item_name: line.name,
    ...(line.metal ? { item_category: line.metal } : {}),
    ...(line.price ? { price: toMajor(line.price.centAmount) } : {}),
    quantity,
  };
}

// ---------------------------------------------------------------- consent

/** every group given ("Accept all") */
export const grantedChoice: ConsentChoice = { necessary: true, performance: true, functional: true, targeting: true, social: true };

export interface ConsentState {
  choice: ConsentChoice;
  /** false until the visitor chose (the banner shows); the choice is then all denied but Necessary */
  decided: boolean;
}

// ---------------------------------------------------------------- the port (views/lib/browser-port.ts)

type CartWrite = Promise<Result<CartApiResponse>>;

/** A key of the data cache: a string or a tuple of parts; null asks nothing. */
export type QueryKey = string | readonly unknown[] | null;

export interface QueryOptions {
  revalidateOnFocus?: boolean;
  /** keep showing the previous key's data while the next key loads */
  keepPreviousData?: boolean;
}

export interface BrowserPort {
  prices: {
    /** the live price state (connection, refreshing, validity); the server's: idle, nothing known */
    useState(): PriceState;
    useMetals(): MetalPricesView;
    useProducts(skus: readonly string[]): ProductPricesView;
    /** the shop's clock in ms; 0 on the server and in the hydrating render */
    useShopNow(): number;
    useChart(metal: MetalName, range: SnapshotRange, width: number): PriceChartView;
  };
  carts: {
    useCarts(): CartsView;
    useNotices(): CartNotice[];
    /** the cart and checkout pages hold their carts' prices while mounted */
    useHeldPrices(): void;
    useWishlist(): WishlistView;
    addProduct(input: AddInput): CartWrite;
    sellFromDeposit(input: Omit<AddInput, 'transactionType' | 'deposit'>): CartWrite;
    addScrap(input: ScrapInput): CartWrite;
    changeQuantity(cart: ShopCart, line: CartLineItem, quantity: number): CartWrite;
    removeLine(cart: ShopCart, line: CartLineItem): CartWrite;
    undoLineRemoval(notice: Extract<CartNotice, { kind: 'line-removed' }>, currency: ShopCart['currency']): CartWrite;
    /** any other write of a cart: the server's answer replaces it */
    write(type: TransactionType, call: () => CartWrite): CartWrite;
    /** the ordered cart is gone for good */
    forget(type: TransactionType): void;
    /** reads the carts again; the answer (or the failure) is the caller's and becomes what every view shows */
    reload(): Promise<CartsState>;
    /** asks for the carts again in the background (every view shows the answer) */
    refresh(): void;
    refreshAfterPriceUpdate(): Promise<void>;
    dismissNotice(id: number): void;
    noticeOrigin(id: number): string | undefined;
    releaseNoticeOrigin(origin: string): void;
    /** after a sign-in that merged the guest's cart: lines that did not fit come back as notices */
    noticeMergeCuts(): Promise<void>;
    toggleWishlist(sku: string): Promise<Result<AnswerOf<ShopApi['toggleWishlist']>>>;
    setWishlist(w: Wishlist | null): void;
    switchCurrency(currency: Currency): Promise<void>;
  };
  customer: {
    /** the signed-in customer after hydration; null on the server */
    useCustomer(): ShopCustomer | null;
    set(customer: ShopCustomer | null): void;
  };
  session: {
    set(info: SessionInfo): void;
    loggedOut(lang: 'de' | 'en'): void;
    dismissNotice(): void;
    clearClientState(reason?: AuthFailedDetail['reason']): void;
  };
  consent: {
    /** null on the server and in the hydrating render */
    useConsent(): ConsentState | null;
    useSettingsOpen(): boolean;
    save(choice: Partial<ConsentChoice>): ConsentState;
    grant(group: ConsentGroup): ConsentState;
    openSettings(opener?: HTMLElement | null): void;
    closeSettings(): void;
  };
  /** pushes one event to the data layer */
  track(e: TrackEvent): void;
  /** the landing URL's UTM parameters (spec 3), sent with the order */
  readUtm(): UtmParams;
  /** a newer build is deployed (the next navigation loads the page) */
  useBuildStale(): boolean;
  startPreviewBridge(onMessage: (m: BridgeMessage) => void): () => void;
  /** the data cache: one answer per key for every view that asks (undefined on the server) */
  useQuery<T>(key: QueryKey, fetcher: () => Promise<T>, opts?: QueryOptions): { data: T | undefined; error: unknown };
  /** asks the key again, or takes data as its answer */
  revalidate(key: string, ...data: [] | [unknown]): Promise<unknown>;
}

