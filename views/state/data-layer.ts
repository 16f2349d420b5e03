// The data layer (spec 1 and 7): tracking events pushed to window.dataLayer, in GA4's ecommerce shape. One
// typed definition of every event the shop sends, so a misspelt event or field fails the typecheck.
// Pushing is always allowed (the data layer is a plain array on the page); whether anything leaves the
// browser is decided by the analytics loader and the visitor's consent (views/state/consent.ts), with all
// groups but Necessary denied until given (spec 1: consent defaults denied). spec 6: the US store sends no
// user id.

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

export type TrackEvent =
  | { event: 'view_item' | 'view_item_list' | 'select_item' | 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info' | 'review_order' | 'purchase'; ecommerce: Ecommerce; transaction_type?: 'buy' | 'sell' }
  | { event: 'banner_click'; banner: { name: string; href: string; position?: number } }
  | { event: 'login'; method: 'password' }
  | { event: 'newsletter-register'; source: 'footer' | 'block' | 'profile' }
  /** the visitor's consent groups after a choice (analytics.ts; Social has no consent-mode type of its own) */
  | { event: 'consent_update'; consent: Record<'necessary' | 'performance' | 'functional' | 'targeting' | 'social', boolean> }
  /** spec 7: the Trusted Shops checkout object, pushed with a placed order */
  | { event: 'trusted_shops_checkout'; trustedShops: { orderNumber: string; buyerEmail?: string; amount: number; currency: string; paymentType: string; estimatedDeliveryDate?: string } };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Cents to the major units GA4 expects (12345 -> 123.45). */
export function toMajor(cents: number): number {
  return Math.round(cents) / 100;
}

/** Pushes one event. GA4 recommends clearing the previous ecommerce object before an ecommerce event. */
export function track(e: TrackEvent): void {
  if (typeof window === 'undefined') return;
  const layer = (window.dataLayer ??= []);
  if ('ecommerce' in e) layer.push({ ecommerce: null });
  layer.push(e);
}

/** spec 6: the US store sends no user id to tracking; other stores may set one for signed-in customers. */
export function trackUser(store: string, userId: string | null): void {
  if (typeof window === 'undefined' || store === 'us') return;
  (window.dataLayer ??= []).push({ user_id: userId });
}
