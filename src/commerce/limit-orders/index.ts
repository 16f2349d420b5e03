// The limit orders feature's door (its service; the routes and the execution when a price set arrives are
// its plugin, plugin.ts): what the account overview reads.

// the account overview's one read (account-overview/)
export { OPEN_STATUSES, limitOrderViews } from './model.ts';
export { customerLimitOrders } from './repository.ts';
// issue 24: the back office's customer card counts them
export { countCustomerLimitOrders } from './repository.ts';
