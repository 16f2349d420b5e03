// The orders feature's only door: POST /orders, reading orders, states, numbers, the confirmation mail.
import { commerceFeature } from '../http/plugin.ts';
import { orderRoutes } from './routes.ts';

// the account overview's short list (account-overview/): read and shaped as GET /orders lists them
export { listedOrder } from './routes.ts';

export const ordersPlugin = commerceFeature('orders', [orderRoutes], ['customers', 'carts', 'prices', 'shipping', 'discounts']);
export default ordersPlugin;

export { placeOrder } from './create.ts';
export type { DepositPartDoc, IdentityCheckDoc, OrderRow } from './model.ts';
export { orderAmountCents, toOrder } from './model.ts';
// the order's document written back in a hook's transaction (deposits: the parts a depot sale took)
export { customerOrders, updateOrderData } from './repository.ts';
// issue 24: the back office's customer card (ops/): the order, and how many orders the customer has
export { countCustomerOrders, orderById } from './repository.ts';
