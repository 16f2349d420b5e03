// spec 4 app events under the spec's names: AuthFailed, CartRecalculated, CartRecalculating, UserLoaded,
// StoryblockUpdated, PricesUpdateError. They are window CustomEvents, so carts, the header, tracking and
// the preview listen without importing each other. Plain code without the DOM types' globals at import
// time: safe to import on the server (nothing runs until emitAppEvent is called in a browser).

export const appEvents = {
  /** the session ended: a token without a refresh token, a failed refresh, expiry, logout, deletion */
  authFailed: 'AuthFailed',
  /** carts are being priced again (a recalculation, or the read after a price update) */
  cartRecalculating: 'CartRecalculating',
  /** ... and are: ok false when it failed */
  cartRecalculated: 'CartRecalculated',
  /** the signed-in customer was read (/api/me) */
  userLoaded: 'UserLoaded',
  /** the preview bridge: an editor changed a story; the preview page shows it without a reload */
  storyblockUpdated: 'StoryblockUpdated',
  /** spec 4 and 8: a price fetch failed */
  pricesUpdateError: 'PricesUpdateError',
} as const;

export type AppEventName = (typeof appEvents)[keyof typeof appEvents];

export interface AuthFailedDetail {
  reason: 'expired' | 'logout' | 'ended';
}
export interface CartRecalculatingDetail {
  /** the cart priced again; null: every cart of the session (the read after a price update) */
  cartId: string | null;
}
export interface CartRecalculatedDetail extends CartRecalculatingDetail {
  ok: boolean;
}
export interface UserLoadedDetail {
  /** the customer's id; null when /api/me says nobody is signed in */
  customerId: string | null;
}
export interface StoryblockUpdatedDetail {
  /** Storyblok's bridge action: 'input' (typing, unsaved) or 'change' / 'published' (saved) */
  action: 'input' | 'change' | 'published';
  /** the story's id in the CMS */
  storyId: number | string | null;
}

interface DetailOf {
  AuthFailed: AuthFailedDetail;
  CartRecalculating: CartRecalculatingDetail;
  CartRecalculated: CartRecalculatedDetail;
  UserLoaded: UserLoadedDetail;
  StoryblockUpdated: StoryblockUpdatedDetail;
  PricesUpdateError: unknown;
}

// src/contracts is compiled for the services too (no DOM types): the browser's window, as far as used here
interface BrowserWindow {
  dispatchEvent(event: unknown): boolean;
  addEventListener(name: string, handler: (event: { detail?: unknown }) => void): void;
  removeEventListener(name: string, handler: (event: { detail?: unknown }) => void): void;
}
type CustomEventClass = new (name: string, init: { detail: unknown }) => unknown;
const browser = () => globalThis as unknown as { window?: BrowserWindow; CustomEvent?: CustomEventClass };

/** Fires a spec 4 app event on window (nothing outside a browser). */
export function emitAppEvent<N extends AppEventName>(name: N, detail: DetailOf[N]): void {
  const { window, CustomEvent } = browser();
  if (!window || !CustomEvent) return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Listens to a spec 4 app event; answers the function that stops listening. */
export function onAppEvent<N extends AppEventName>(name: N, fn: (detail: DetailOf[N]) => void): () => void {
  const { window } = browser();
  if (!window) return () => {};
  const handler = (e: { detail?: unknown }) => fn(e.detail as DetailOf[N]);
  window.addEventListener(name, handler);
  return () => window.removeEventListener(name, handler);
}
