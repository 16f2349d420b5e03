// The orders feature's door (its service and types; POST /orders and the order reads are its plugin,
// plugin.ts): placing an order, the order row and its answer shape, the customer's orders.

export { placeOrder } from './create.ts';
export type { DepositPartDoc, IdentityCheckDoc, OrderRow } from './model.ts';
export { orderAmountCents, paymentDueShown, toOrder } from './model.ts';
// one order's answer to its customer with what the features add (the lifecycle's counter-offer route answers it)
export { answerOrder } from './model.ts';
// the account overview's short list (account-overview/): read and shaped as GET /orders lists them
export { listedOrder } from './model.ts';
// the order's document written back in a hook's transaction (deposits: the parts a depot sale took)
export { customerOrders, updateOrderData } from './repository.ts';
// issue 24: the back office's customer card (ops/): the order, and how many orders the customer has
export { countCustomerOrders, orderById } from './repository.ts';
// issue 25: the documents' reads of a customer's own order (download, payment slip), as GET /orders/{id} reads it
export { customerOrder } from './repository.ts';
