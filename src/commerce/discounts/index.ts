// The discounts feature's door (its plugin, plugin.ts, has no routes): discount codes (seeded by migration 0011). No routes of its own: the
// cart applies a code.

export { discountAmounts, discountCodeByCode, discountCodeById, normalizeCode, usableOn, type DiscountCode } from './codes.ts';
