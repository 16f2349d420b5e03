// The shipping feature's door: shipping methods (spec 3 keys), spec 5 rules, the cost table and our stores for
// pickup. Its plugin (plugin.ts) has no routes: carts and orders answer them.

export {
  defaultShippingMethod, findShippingMethod, methodRuleViolation, needsDepotHoldings, shippingCost, shippingCostTable, shippingMethodDefs,
  shippingMethodId, type RuleLine, type ShippingMethodDef,
} from './methods.ts';
export { findPickupStore, pickupStores, pickupStoresFor, toPickupStore } from './pickup-stores.ts';
