// The customers feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { accountRoutes } from './account-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';
import { sessionRoutes } from './session-routes.ts';

export const customersPlugin = commerceFeature('customers', [sessionRoutes, accountRoutes, profileRoutes, secondFactorRoutes]);
export default customersPlugin;
