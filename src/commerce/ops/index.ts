// The operators (issue 15): their accounts, sessions and roles, and the /ops HTTP API. The only door of
// src/commerce/ops/.
import { commerceFeature } from '../http/plugin.ts';
import { opsRoutes } from './routes.ts';
import { workbenchRoutes } from './workbench-routes.ts';

/**
 * The plugin commerce-ops: the /ops calls over the lifecycle's steps and the applications' whistleblower cases;
 * issue 24: the order page's workbench (notes, customer card, mails), which reads the customers', orders',
 * deposits', limit orders' and outbox's doors.
 */
export const opsPlugin = commerceFeature('ops', [opsRoutes, workbenchRoutes], ['applications', 'lifecycle', 'customers', 'orders', 'deposits', 'limit-orders', 'outbox']);
export default opsPlugin;
export { BANK_STATEMENT_MAX_BYTES } from './routes.ts';
export { OPS_LOCK_AFTER, OPS_LOCK_S } from './auth.ts';
export { createOperator, changeOperator, seedDemoOperators, DEMO_OPERATORS } from './operators.ts';
export { purgeOperatorSessions } from '../auth/operator-sessions.ts';
