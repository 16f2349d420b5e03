// The limit-orders feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { limitOrderRoutes } from './routes.ts';

// prices: executes on priceSetListeners; orders: an execution places an order; customers: deletion hook
export const limitOrdersPlugin = commerceFeature('limit-orders', [limitOrderRoutes], ['customers', 'orders', 'carts', 'prices', 'catalogue']);
export default limitOrdersPlugin;
