// The shared budgets' plugin (issue 27), registered by app.ts alone: the storefront's call (routes.ts).
import { commerceFeature } from '../http/plugin.ts';
import { rateLimitRoutes } from './routes.ts';

export default commerceFeature('rate-limits', [rateLimitRoutes]);
