// The applications feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { applicationRoutes } from './routes.ts';

export const applicationsPlugin = commerceFeature('applications', [applicationRoutes], ['customers', 'outbox', 'alerts', 'newsletter']);
export default applicationsPlugin;
