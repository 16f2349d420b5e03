// The limit orders feature's only door: limit order routes and their execution when a price set arrives.
import { commerceFeature } from '../http/plugin.ts';
import { limitOrderRoutes } from './routes.ts';

// prices: executes on priceSetListeners; orders: an execution places an order; customers: deletion hook
export const limitOrdersPlugin = commerceFeature('limit-orders', [limitOrderRoutes], ['customers', 'orders', 'carts', 'prices', 'catalogue']);
export default limitOrdersPlugin;
// the account overview's one read (account-overview/)
export { OPEN_STATUSES, limitOrderViews } from './model.ts';
export { customerLimitOrders } from './repository.ts';
// issue 24: the back office's customer card counts them
export { countCustomerLimitOrders } from './repository.ts';
