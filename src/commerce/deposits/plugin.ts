// The deposits feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { depositRoutes } from './routes.ts';

// orders: the depot books and takes lots in the order's transaction (orderPlacedHooks); customers: merge
// and account deletion hooks
export const depositsPlugin = commerceFeature('deposits', [depositRoutes], ['customers', 'orders', 'prices', 'catalogue']);
export default depositsPlugin;
