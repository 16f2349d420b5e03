// The deposits feature's only door: the customer's depot (GET /deposits), its lots and the depot sale.
import { commerceFeature } from '../http/plugin.ts';
import { depositRoutes } from './routes.ts';

// orders: the depot books and takes lots in the order's transaction (orderPlacedHooks); customers: merge
// and account deletion hooks
export const depositsPlugin = commerceFeature('deposits', [depositRoutes], ['customers', 'orders', 'prices', 'catalogue']);
export default depositsPlugin;

export { depotHoldings } from './model.ts';
// issue 15: the lifecycle books a paid deposit purchase and puts a cancelled depot sale back
export { bookDepositPurchase, removeDepositPurchase, restoreDepositSale } from './model.ts';
// issue 24: the back office's customer card shows the customer's depot on the order's store
export { depositView } from './model.ts';
export { depositOfStore } from './repository.ts';
