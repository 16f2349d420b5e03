// A part of the product page whose code only some products need, as a code-split part (views/components/
// Deferred.tsx, issue 27): the availability alert's form shows on a sold-out product only, so the product
// page's chunk leaves it (and the form fields and rules it brings) out. The browser's entry imports this list
// (it loads the parts a page shows before hydrating); the page's islands are in islands.ts.
// views/parts-in-place.ts registers them for the server.
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { DeferredPart } from '../../components/Deferred.tsx';

export const availabilityAlertPart: DeferredPart<{ product: Pick<StorefrontProduct, 'sku' | 'localizedName'> }> = {
  name: 'product-availability-alert',
  load: () => import('./AvailabilityAlert.tsx').then((m) => m.AvailabilityAlertForm),
};

/** The product page's parts, for the browser's entry (which loads those in the document before hydrating). */
export const productParts: DeferredPart<never>[] = [availabilityAlertPart as DeferredPart<never>];

/** The confirmation link's notice (?alertToken=): only a page opened from the alert's mail loads it. */
export const alertLinkPart: DeferredPart<Record<string, never>> = {
  name: 'product-alert-link',
  load: () => import('./AlertLinkNotice.tsx').then((m) => m.AlertLinkNotice),
};
