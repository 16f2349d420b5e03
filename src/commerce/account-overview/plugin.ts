// The account-overview feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { accountOverviewRoutes } from './routes.ts';

export const accountOverviewPlugin = commerceFeature('account-overview', [accountOverviewRoutes], ['customers', 'orders', 'limit-orders']);
export default accountOverviewPlugin;
