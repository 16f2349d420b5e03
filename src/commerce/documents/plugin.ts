// The documents feature's plugin (issue 25), registered by app.ts alone: the customer's download route, the
// order answer's hook that lists the documents, the payment slip of an unpaid bank-transfer order (QR-bill
// or EPC QR code, payment-slip-routes.ts), the depot statements with their half-yearly job
// (statement-routes.ts), and the staff calls (an order's documents, the accountant's list, CSV and ZIP:
// ops-routes.ts). What other features may use of it is its index.ts (the lifecycle issues the invoice
// through it).
import { commerceFeature } from '../http/plugin.ts';
import { documentRoutes } from './routes.ts';
import { paymentSlipRoutes } from './payment-slip-routes.ts';
import { statementRoutes } from './statement-routes.ts';
import { documentOpsRoutes } from './ops-routes.ts';

// catalogue: the products' fine weight, fineness and VAT class; customers: the buyer's VAT ID; orders: the order
// and its answer's hooks; deposits and prices: the depot and its valuation for the statements
export const documentsPlugin = commerceFeature('documents', [documentRoutes, paymentSlipRoutes, statementRoutes, documentOpsRoutes], ['catalogue', 'customers', 'orders', 'deposits', 'prices']);
export default documentsPlugin;
