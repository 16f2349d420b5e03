// The orders feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { orderRoutes } from './routes.ts';

export const ordersPlugin = commerceFeature('orders', [orderRoutes], ['customers', 'carts', 'prices', 'shipping', 'discounts']);
export default ordersPlugin;
