// The deposits feature's door (its service; GET /deposits and the hooks are its plugin, plugin.ts): the
// customer's depot, its lots and the depot sale.

export { depotHoldings } from './model.ts';
// issue 15: the lifecycle books a paid deposit purchase and puts a cancelled depot sale back
export { bookDepositPurchase, removeDepositPurchase, restoreDepositSale } from './model.ts';
// issue 24: the back office's customer card shows the customer's depot on the order's store
export { depositView } from './model.ts';
export { depositOfStore } from './repository.ts';
// issue 25: the depot statement's facts (documents lays them out and stores them)
export { depotStatementFacts, type DepotStatementFacts, type StatementHolding, type StatementLot, type StatementSale } from './statement-facts.ts';
export type { DepositRow } from './repository.ts';
