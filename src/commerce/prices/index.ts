// The prices feature's only door: the price hand-over (PUT/GET /admin/prices), the stored sets and line
// pricing (tiers, scrap).
import { commerceFeature } from '../http/plugin.ts';
import { priceRoutes } from './routes.ts';

export const pricesPlugin = commerceFeature('prices', [priceRoutes]);
export default pricesPlugin;

export { priceTypeFor, scrapPrice, tierPrice } from './pricing.ts';
export { currentPriceSet, orderable, priceList, type CurrentPriceSet } from './store.ts';
