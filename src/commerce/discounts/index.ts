// The discounts feature's door: discount codes (seeded by migration 0011). Its plugin (plugin.ts) has no routes:
// the cart applies a code.

export { discountAmounts, discountCodeByCode, discountCodeById, normalizeCode, usableOn, type DiscountCode } from './codes.ts';
