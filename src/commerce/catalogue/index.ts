// The catalogue feature's door (its service and types; the product, category and search routes are its
// plugin, plugin.ts): products by SKU and their localized fields, the seed.

export { lineImageUrl, stableUuid, type CatalogueProduct } from './model.ts';
export { pick, productAvailabilityForUpdate, productsBySkus, saveProductAvailability } from './queries.ts';
export { seedCatalogue } from './seed.ts';
