// The discounts feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';

export const discountsPlugin = commerceFeature('discounts', []);
export default discountsPlugin;
