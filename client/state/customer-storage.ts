// spec 3 browser state of the signed-in customer, in local storage (cleared with the session, session.ts):
// - profile-{id}: the customer as /api/me last gave them, so the next page of the visit shows the name
//   at once (the page cache serves every customer the same HTML) while /api/me is asked again;
// - sellpoint-{cartId}-{transactionType}: for each sku of a cart, where it was put in (the page or list,
//   the "sell point"), read again when the line is tracked (remove_from_cart, checkout).
import type { ShopCustomer } from '../../src/contracts/shop-api.ts';

const PROFILE = /^profile-(.+)$/;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // blocked (privacy mode): nothing kept
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota: nothing kept
  }
}

function read(key: string): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export const profileKey = (id: string) => `profile-${id}`;
export const sellPointKey = (cartId: string, transactionType: 'buy' | 'sell') => `sellpoint-${cartId}-${transactionType}`;

/** Keeps the customer under profile-{id} (one profile: another customer's goes). */
export function saveProfile(customer: ShopCustomer): void {
  const s = storage();
  if (!s) return;
  for (let i = s.length - 1; i >= 0; i--) {
    const k = s.key(i);
    if (k && PROFILE.test(k) && k !== profileKey(customer.id)) s.removeItem(k);
  }
  write(profileKey(customer.id), customer);
}

/** The customer kept by saveProfile, or null (none, or not of the shape we keep). */
export function storedProfile(): ShopCustomer | null {
  const s = storage();
  if (!s) return null;
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    const m = k ? PROFILE.exec(k) : null;
    if (!m) continue;
    const v = read(k!) as Partial<ShopCustomer> | null;
    if (v && typeof v === 'object' && v.id === m[1] && typeof v.firstName === 'string' && Array.isArray(v.addresses)) return v as ShopCustomer;
  }
  return null;
}

/** Records where a sku went into a cart (its sell point: a list id or the page's path). */
export function saveSellPoint(cartId: string, transactionType: 'buy' | 'sell', sku: string, sellPoint: string): void {
  const key = sellPointKey(cartId, transactionType);
  const map = (read(key) as Record<string, string> | null) ?? {};
  map[sku] = sellPoint.slice(0, 100);
  write(key, map);
}

/** Where a sku went into the cart, or null. */
export function sellPointOf(cartId: string, transactionType: 'buy' | 'sell', sku: string): string | null {
  const map = read(sellPointKey(cartId, transactionType)) as Record<string, unknown> | null;
  const v = map && typeof map === 'object' ? map[sku] : null;
  return typeof v === 'string' ? v : null;
}
