// Discount codes (spec 3 Discount code: discountCodeId or code; spec 5 / 8: code must be given, only one
// coupon, code not found). The codes live in table discount_codes (seeded by migration 0011): a percentage
// off the shipping costs, or a fixed amount off the goods from a minimum order value on.
import type { TransactionType } from '../../contracts/cart.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';

export interface DiscountCode {
  id: string;
  code: string;
  kind: 'shipping-percentage' | 'fixed-amount';
  percentageBp: number | null;
  amounts: Partial<Record<Currency, number>> | null;
  minOrder: Partial<Record<Currency, number>> | null;
  transactionType: TransactionType;
  storeKeys: string[];
  validFrom: Date | null;
  validUntil: Date | null;
}

interface Row {
  id: string; code: string; kind: DiscountCode['kind']; percentage_bp: number | null; amounts: DiscountCode['amounts'];
  min_order: DiscountCode['minOrder']; transaction_type: TransactionType; store_keys: string[]; valid_from: Date | null; valid_until: Date | null;
}

const toCode = (r: Row): DiscountCode => ({
  id: r.id, code: r.code, kind: r.kind, percentageBp: r.percentage_bp, amounts: r.amounts, minOrder: r.min_order,
  transactionType: r.transaction_type, storeKeys: r.store_keys, validFrom: r.valid_from, validUntil: r.valid_until,
});

/** Codes are case-insensitive ("versandfrei" is VERSANDFREI) and ignore surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function discountCodeByCode(db: Db, code: string): Promise<DiscountCode | null> {
  const rows = await db.query<Row>('select * from discount_codes where code = $1', [normalizeCode(code)]);
  return rows[0] ? toCode(rows[0]) : null;
}

export async function discountCodeById(db: Db, id: string): Promise<DiscountCode | null> {
  const rows = await db.query<Row>('select * from discount_codes where id = $1', [id]);
  return rows[0] ? toCode(rows[0]) : null;
}

/** Whether the code may be used on the cart now (store, transaction type, validity, currency). */
export function usableOn(code: DiscountCode, cart: { storeKey: StoreKey; transactionType: TransactionType; currency: Currency }, now: Date): boolean {
  if (code.transactionType !== cart.transactionType) return false;
  if (code.storeKeys.length > 0 && !code.storeKeys.includes(cart.storeKey)) return false;
  if (code.validFrom && now < code.validFrom) return false;
  if (code.validUntil && now > code.validUntil) return false;
  if (code.kind === 'fixed-amount' && code.amounts?.[cart.currency] === undefined) return false;
  return true;
}

export interface DiscountAmounts {
  goods: number;
  shipping: number;
  /** false while a minimum order value is not reached (the code stays on the cart) */
  applies: boolean;
}

/** What the code takes off the goods and the shipping costs (never more than they cost). */
export function discountAmounts(code: DiscountCode, currency: Currency, goodsCents: number, shippingCents: number): DiscountAmounts {
  const min = code.minOrder?.[currency];
  if (min !== undefined && goodsCents < min) return { goods: 0, shipping: 0, applies: false };
  if (code.kind === 'shipping-percentage') {
    return { goods: 0, shipping: Math.min(shippingCents, Math.round((shippingCents * (code.percentageBp ?? 0)) / 10_000)), applies: true };
  }
  return { goods: Math.min(goodsCents, code.amounts?.[currency] ?? 0), shipping: 0, applies: true };
}
