// The ops feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { opsRoutes } from './routes.ts';
import { workbenchRoutes } from './workbench-routes.ts';

/** The plugin commerce-ops: the /ops calls over the lifecycle's steps and the applications' whistleblower cases. */
export const opsPlugin = commerceFeature('ops', [opsRoutes, workbenchRoutes], ['applications', 'lifecycle']);
export default opsPlugin;
