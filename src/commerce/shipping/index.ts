// The shipping feature's only door: shipping methods (spec 3 keys), spec 5 rules, the cost table and our
// stores for pickup. No routes of its own: carts and orders answer them.
import { commerceFeature } from '../http/plugin.ts';

export const shippingPlugin = commerceFeature('shipping', []);
export default shippingPlugin;

export {
  defaultShippingMethod, findShippingMethod, methodRuleViolation, needsDepotHoldings, shippingCost, shippingCostTable, shippingMethodDefs,
  shippingMethodId, type RuleLine, type ShippingMethodDef,
} from './methods.ts';
export { findPickupStore, pickupStores, pickupStoresFor, toPickupStore } from './pickup-stores.ts';
