// The discounts feature's only door: discount codes (seeded by migration 0011). No routes of its own: the
// cart applies a code.
import { commerceFeature } from '../http/plugin.ts';

export const discountsPlugin = commerceFeature('discounts', []);
export default discountsPlugin;

export { discountAmounts, discountCodeByCode, discountCodeById, normalizeCode, usableOn, type DiscountCode } from './codes.ts';
