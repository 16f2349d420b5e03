// The prices feature's door (the price hand-over PUT/GET /admin/prices is its plugin, plugin.ts): the stored
// sets and line pricing (tiers, scrap).

export { priceTypeFor, scrapPrice, tierPrice } from './pricing.ts';
export { currentPriceSet, orderable, priceList, type CurrentPriceSet } from './store.ts';
