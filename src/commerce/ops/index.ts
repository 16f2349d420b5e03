// The operators (issue 15): their accounts, sessions and roles, and the /ops HTTP API. The only door of
// src/commerce/ops/.
export { opsRoutes, BANK_STATEMENT_MAX_BYTES } from './routes.ts';
export { requireOperator, operatorOf, hasRole, actorOf, OPS_LOCK_AFTER, OPS_LOCK_S } from './auth.ts';
export { createOperator, changeOperator, seedDemoOperators, DEMO_OPERATORS } from './operators.ts';
