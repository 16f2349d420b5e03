// The newsletter feature's only door: subscriptions with double opt-in.
import { commerceFeature } from '../http/plugin.ts';
import { newsletterRoutes } from './routes.ts';

export const newsletterPlugin = commerceFeature('newsletter', [newsletterRoutes], ['customers', 'outbox']);
export default newsletterPlugin;

export { purgeUnconfirmedSubscriptions } from './routes.ts';
