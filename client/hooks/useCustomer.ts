// The signed-in customer as the browser knows them (spec 4): read once per visit from /api/me after
// hydration and kept in SWR's cache, so every page of the visit (the page cache serves the same public HTML
// to every signed-in customer) shows the name without asking again. Nothing of it is in the server's HTML.
import { useEffect } from 'react';
import useSWR, { mutate } from 'swr';
import type { ShopCustomer } from '../../src/contracts/shop-api.ts';
import { useShop } from '../../views/lib/context.tsx';
import { getMe } from '../../views/state/shop-api.ts';
import { SESSION_ENDED_EVENT } from '../state/session.ts';
import { appEvents, emitAppEvent } from '../../src/contracts/app-events.ts';
import { saveProfile, storedProfile } from '../state/customer-storage.ts';
import { useHydrated } from '../../views/hooks/usePrices.ts';

export const CUSTOMER_KEY = 'shop:customer';

/** /api/me was asked in this page's life: SWR's cache keeps the answer for the rest of the visit. */
let asked = false;

async function fetchCustomer(): Promise<ShopCustomer | null> {
  asked = true;
  const r = await getMe();
  if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
  // spec 3: kept as profile-{id}, so the next page shows the customer before /api/me answers
  if (r.data.customer) saveProfile(r.data.customer);
  // spec 4 UserLoaded
  emitAppEvent(appEvents.userLoaded, { customerId: r.data.customer?.id ?? null });
  return r.data.customer;
}

let watching = false;
/** When the session ends, the customer goes with it (the next customer on this browser is someone else). */
function watchSessionEnd() {
  if (watching) return;
  watching = true;
  window.addEventListener(SESSION_ENDED_EVENT, () => void mutate(CUSTOMER_KEY, null, { revalidate: false }));
}

/** The signed-in customer, or null (a guest, not known yet, or on the server). */
export function useCustomer(): ShopCustomer | null {
  const hydrated = useHydrated();
  const { session } = useShop();
  const signedIn = session.level === 'user';
  const { data } = useSWR<ShopCustomer | null>(hydrated && signedIn ? CUSTOMER_KEY : null, fetchCustomer, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    dedupingInterval: 60_000,
    // the kept profile (profile-{id}) until /api/me answers; a guest's session never reads it. SWR does not
    // ask on mount when it has data (fallback data counts), so the first mount of the page asks explicitly.
    fallbackData: hydrated && signedIn ? (storedProfile() ?? undefined) : undefined,
    revalidateOnMount: !asked,
  });
  useEffect(() => watchSessionEnd(), []);
  return hydrated && signedIn ? (data ?? null) : null;
}

/** After the customer changed their own data (profile form): the header follows at once. */
export function setCustomer(customer: ShopCustomer | null): void {
  void mutate(CUSTOMER_KEY, customer, { revalidate: false });
}
