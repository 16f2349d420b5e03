// Parts of the product page that come alive when they scroll within 300 px of the screen or are used
// (islands, views/components/Island.tsx; issue 27, "Phones get less JavaScript"): on a phone (375 x 812) the
// price panel ends at about 1,100 px, the tiers start at 1,520, the breakdown at 1,826, the details, shipping
// costs, chart and similar products further down. views/parts-in-place.ts registers them for the server.
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import type { IslandPart } from '../../components/Island.tsx';
import type { ProductGridProps } from '../../components/listing/ProductGrid.tsx';
import type { ShippingCostsResponse } from '../../../src/contracts/order.ts';
import type { BreakdownProduct } from './PriceBreakdown.tsx';
import type { PriceCountry } from '../../../src/contracts/prices.ts';

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
