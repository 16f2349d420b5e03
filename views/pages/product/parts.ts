// Parts of the product page whose code the first screen does without (issue 27, "Phones get less JavaScript";
// views/parts-in-place.ts registers them for the server):
//   - a code-split part (views/components/Deferred.tsx): the availability alert's form shows on a sold-out
//     product only, so the product page's chunk leaves it (and the form fields and rules it brings) out;
//   - islands (views/components/Island.tsx) that come alive when they scroll within 300 px of the screen or
//     are used: on a phone (375 x 812) the price panel ends at about 1,100 px, the tiers start at 1,520, the
//     breakdown at 1,826, the details, shipping costs, chart and similar products further down.
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { DeferredPart } from '../../components/Deferred.tsx';
import type { IslandPart } from '../../components/Island.tsx';
import type { ProductGridProps } from '../../components/listing/ProductGrid.tsx';
import type { ShippingCostsResponse } from '../../../src/contracts/order.ts';
import type { BreakdownProduct } from './PriceBreakdown.tsx';
import type { PriceCountry } from '../../../src/contracts/prices.ts';

export const availabilityAlertPart: DeferredPart<{ product: Pick<StorefrontProduct, 'sku' | 'localizedName'> }> = {
  name: 'product-availability-alert',
  load: () => import('./AvailabilityAlert.tsx').then((m) => m.AvailabilityAlertForm),
};

/** The product page's parts, for the browser's entry (which loads those in the document before hydrating). */
export const productParts: DeferredPart<never>[] = [availabilityAlertPart as DeferredPart<never>];

export const tiersIsland: IslandPart<{ product: StorefrontProduct }> = {
  name: 'product-tiers', near: true, load: () => import('./TierTable.tsx').then((m) => m.ProductTiers),
};
export const breakdownIsland: IslandPart<{ product: BreakdownProduct; country: PriceCountry }> = {
  name: 'product-breakdown', near: true, load: () => import('./PriceBreakdown.tsx').then((m) => m.LivePriceBreakdown),
};
export const detailsIsland: IslandPart<{ product: StorefrontProduct }> = {
  name: 'product-details', near: true, load: () => import('./ProductDetails.tsx').then((m) => m.TechnicalDetails),
};
export const shippingIsland: IslandPart<{ costs: ShippingCostsResponse }> = {
  name: 'product-shipping', near: true, load: () => import('./ProductDetails.tsx').then((m) => m.ShippingTable),
};
export const returnsIsland: IslandPart<{ marketPriced: boolean }> = {
  name: 'product-returns', near: true, load: () => import('./ProductDetails.tsx').then((m) => m.ReturnsNote),
};
export const similarIsland: IslandPart<ProductGridProps> = {
  name: 'product-similar', near: true, load: () => import('../../components/listing/ProductGrid.tsx').then((m) => m.ProductGrid),
};
