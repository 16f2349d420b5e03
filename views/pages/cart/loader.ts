import type { PageMeta } from '../../lib/meta.ts';

export interface CartData {
  meta: PageMeta;
}

/** The cart page (spec 2, cart middleware: the type query is checked by the route guard). The carts are the
 * customer's and are read in the browser; this loader only gives the route its data for hydration (a route
 * with a guard asks the server on navigation) and keeps the page out of search indexes. */
export async function cartLoader(): Promise<CartData> {
  return { meta: { noindex: true } };
}
