// The browser's view of the session (spec 4: guest, anonymous, user): the level only, never a token (those
// stay in httpOnly cookies). It starts from the server's boot payload, follows every /__data answer and
// changes at once on sign-in and sign-out, so the header shows 'My account' / 'Log out' without a reload.
// When a session ends, the browser's own state of it goes too (spec 4: tokens, carts, user, wishlist).
import type { SessionInfo } from '../../src/contracts/shop-api.ts';
import { pathFor } from '../../src/screens.ts';
import { appEvents, emitAppEvent, type AuthFailedDetail } from '../../src/contracts/app-events.ts';
import { whenSessionExpires } from '../../views/state/api.ts';

let current: SessionInfo = { level: 'guest' };
const listeners = new Set<() => void>();
/** the expiry notice is shown on the page the redirect leads to, whatever that page's data says */
let pendingNotice = false;
let navigate: ((to: string) => void) | null = null;

/** Fired on window when the session ends (logout, expiry, account deleted): carts and wishlists reset.
 * spec 4's AuthFailed (issue 17: the spec's name; detail.reason says why). */
export const SESSION_ENDED_EVENT = appEvents.authFailed;

export function initSession(info: SessionInfo): void {
  current = info;
}

export function getSession(): SessionInfo {
  return current;
}

export function subscribeSession(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function setSession(next: SessionInfo): void {
  let info = next;
  if (pendingNotice && !info.notice && info.level !== 'user') {
    info = { ...info, notice: 'expired' };
  }
  pendingNotice = false;
  if (current.level === 'user' && info.level !== 'user') clearClientState(info.notice === 'expired' ? 'expired' : 'ended');
  if (current.level === info.level && current.notice === info.notice) return;
  current = info;
  for (const fn of listeners) fn();
}

/** Hides the expiry notice (its close button). */
export function dismissNotice(): void {
  if (!current.notice) return;
  current = { level: current.level };
  for (const fn of listeners) fn();
}

/** The router's navigate, registered by the entry (without a router: a plain page load). */
export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

export function go(to: string): void {
  if (navigate) navigate(to);
  else window.location.assign(to);
}

// spec 3 browser state that belongs to the customer: local storage profile-{id} and sellpoint-{cartId}-{type}
const CUSTOMER_KEYS = /^(profile-|sellpoint-)/;

/** Forgets everything the browser kept of the session's customer. */
export function clearClientState(reason: AuthFailedDetail['reason'] = 'ended'): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key && CUSTOMER_KEYS.test(key)) localStorage.removeItem(key);
    }
  } catch {
    // storage blocked (private mode): nothing kept, nothing to clear
  }
  emitAppEvent(appEvents.authFailed, { reason });
}

/** spec 4 logout: the session is over; back to the home page of the current language. */
export function loggedOut(lang: 'de' | 'en'): void {
  setSession({ level: 'guest' });
  clearClientState('logout');
  go(pathFor('home', lang));
}

/** spec 4 and 8: on expiry clear the session's state, go home and say 'Your session has expired ...'. */
export function sessionExpired(lang: 'de' | 'en'): void {
  setSession({ level: 'guest', notice: 'expired' });
  clearClientState('expired');
  pendingNotice = true;
  go(pathFor('home', lang));
}

// every API call that meets session_expired ends the session here (views/state/api.ts)
whenSessionExpires(sessionExpired);
