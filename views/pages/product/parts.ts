// Parts of the product page whose code only some products need, as code-split parts (views/components/Deferred.tsx,
// issue 27): the availability alert's form shows on a sold-out product only, so the product page's chunk
// leaves it (and the form fields and rules it brings) out. views/parts-in-place.ts registers them for the server.
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { DeferredPart } from '../../components/Deferred.tsx';

export const availabilityAlertPart: DeferredPart<{ product: Pick<StorefrontProduct, 'sku' | 'localizedName'> }> = {
  name: 'product-availability-alert',
  load: () => import('./AvailabilityAlert.tsx').then((m) => m.AvailabilityAlertForm),
};

/** The product page's parts, for the browser's entry (which loads those in the document before hydrating). */
export const productParts: DeferredPart<never>[] = [availabilityAlertPart as DeferredPart<never>];
