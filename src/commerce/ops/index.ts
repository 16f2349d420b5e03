// The operators (issue 15): their accounts, sessions and roles. The door of src/commerce/ops/ (the /ops HTTP
// API is its plugin, plugin.ts).
export { BANK_STATEMENT_MAX_BYTES } from './routes.ts';
export { OPS_LOCK_AFTER, OPS_LOCK_S } from './auth.ts';
export { createOperator, changeOperator, seedDemoOperators, DEMO_OPERATORS } from './operators.ts';
export { purgeOperatorSessions } from '../auth/operator-sessions.ts';
