// The catalogue feature's only door: products, categories, search, the pricing attributes; what other
// features use of it: products by SKU and their localized fields.
import { commerceFeature } from '../http/plugin.ts';
import { catalogueRoutes } from './routes.ts';

export const cataloguePlugin = commerceFeature('catalogue', [catalogueRoutes]);
export default cataloguePlugin;

export { lineImageUrl, stableUuid, type CatalogueProduct } from './model.ts';
export { pick, productAvailabilityForUpdate, productsBySkus, saveProductAvailability } from './queries.ts';
export { seedCatalogue } from './seed.ts';
