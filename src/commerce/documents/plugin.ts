// The documents feature's plugin (issue 25), registered by app.ts alone: its routes. What other features may use
// of it is its index.ts (the lifecycle issues the invoice through it).
import { commerceFeature } from '../http/plugin.ts';

// catalogue: the products' fine weight, fineness and VAT class; customers: the buyer's VAT ID; orders: the order
export const documentsPlugin = commerceFeature('documents', [], ['catalogue', 'customers', 'orders']);
export default documentsPlugin;
