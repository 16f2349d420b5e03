// The door of the shared budgets (issue 27): housekeeping for app.ts.
export { purgeBudgets } from './service.ts';
