// The newsletter feature's plugin: its routes and hooks, registered by app.ts alone (src/commerce/README.md,
// "Conventions"); what other features may use of it is its index.ts.
import { commerceFeature } from '../http/plugin.ts';
import { newsletterRoutes } from './routes.ts';

export const newsletterPlugin = commerceFeature('newsletter', [newsletterRoutes], ['customers', 'outbox']);
export default newsletterPlugin;
