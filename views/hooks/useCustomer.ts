// The signed-in customer as the browser knows them (spec 4), through the browser port: read once per visit
// after hydration (client/hooks/useCustomer.ts); nothing of it is in the server's HTML.
import type { ShopCustomer } from '../../src/contracts/shop-api.ts';
import { useBrowser } from '../lib/browser-port.ts';

/** The signed-in customer, or null (a guest, not known yet, or on the server). */
export function useCustomer(): ShopCustomer | null {
  return useBrowser().customer.useCustomer();
}
