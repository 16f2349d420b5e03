// The ops feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { opsRoutes } from './routes.ts';
import { workbenchRoutes } from './workbench-routes.ts';
import { orderWorkbenchRoutes } from './order-workbench-routes.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';

/**
 * The plugin commerce-ops: the /ops calls over the lifecycle's steps and the applications' whistleblower cases;
 * issue 24: the lists' workbench (saved views, bulk steps, packing slips) and the order page's (notes, customer
 * card, mails), which reads the customers', orders', deposits', limit orders' and outbox's doors.
 */
export const opsPlugin = commerceFeature('ops', [opsRoutes, secondFactorRoutes, workbenchRoutes, orderWorkbenchRoutes], ['applications', 'lifecycle', 'customers', 'orders', 'deposits', 'limit-orders', 'outbox']);
export default opsPlugin;
