// The alerts feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { alertRoutes } from './routes.ts';

// customers: account deletion hook; outbox: confirmation and restock mails
export const alertsPlugin = commerceFeature('alerts', [alertRoutes], ['customers', 'catalogue', 'outbox']);
export default alertsPlugin;
