// The account overview's door (src/commerce/README.md, "Conventions"): one read of what the overview page
// shows, from the customers, orders and limit-orders features (issue 16, goal 4).
import { commerceFeature } from '../http/plugin.ts';
import { accountOverviewRoutes } from './routes.ts';

export const accountOverviewPlugin = commerceFeature('account-overview', [accountOverviewRoutes], ['customers', 'orders', 'limit-orders']);
export default accountOverviewPlugin;
