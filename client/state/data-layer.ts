// The data layer (spec 1 and 7): tracking events pushed to window.dataLayer, in GA4's ecommerce shape. One
// typed definition of every event the shop sends, so a misspelt event or field fails the typecheck.
// Pushing is always allowed (the data layer is a plain array on the page); whether anything leaves the
// browser is decided by the analytics loader and the visitor's consent (client/state/consent.ts), with all
// groups but Necessary denied until given (spec 1: consent defaults denied). spec 6: the US store sends no
// user id.

import type { TrackEvent } from '../../views/lib/browser-types.ts';

// the events' types and toMajor live in views/ (the port's types): views name them, this module sends them
export { toMajor, type TrackedItem, type TrackEvent } from '../../views/lib/browser-types.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
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
