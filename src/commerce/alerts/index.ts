// The availability alerts feature's only door: alert routes, restock mails, the availability admin call.
import { commerceFeature } from '../http/plugin.ts';
import { alertRoutes } from './routes.ts';

// customers: account deletion hook; outbox: confirmation and restock mails
export const alertsPlugin = commerceFeature('alerts', [alertRoutes], ['customers', 'catalogue', 'outbox']);
export default alertsPlugin;

export { purgeUnconfirmedAlerts } from './routes.ts';
