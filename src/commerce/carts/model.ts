// A cart as stored (table carts; line items are the jsonb document line_items) and the words the cart and
// order answers share: languages, scrap line names, masked bank details.
import type {
  CartAddress, CartNotification, MaskedBankDetails, PaymentMethod, ScrapMetal, ShippingMethodKey, TransactionType,
} from '../../contracts/cart.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import type { BankDetails, IdentityDocument, StoredLine } from '../db/rows.ts';

// the stored line and the customer's documents are shared rows of the kernel (db/rows.ts): orders freeze them
export type { BankDetails, IdentityDocument, StoredLine } from '../db/rows.ts';

export interface CartRow {
  id: string;
  customer_id: string;
  store_key: StoreKey;
  transaction_type: TransactionType;
  order_type: 'order';
  country: string;
  currency: Currency;
  locale: string;
  /** limit-order: the cart a limit order's execution builds and orders in one transaction (never a shopping cart) */
  status: 'active' | 'ordered' | 'limit-order';
  version: number;
  customer_group: 'individual' | 'company' | null;
  line_items: StoredLine[];
  shipping_method: ShippingMethodKey | null;
  payment_method: PaymentMethod | null;
  pickup_store: string | null;
  customer_email: string | null;
  shipping_address: CartAddress | null;
  billing_address: CartAddress | null;
  discount_code_id: string | null;
  payout_account: BankDetails | null;
  identity_document: IdentityDocument | null;
  price_set_id: string | null;
  notifications: CartNotification[];
  created_at: Date;
  updated_at: Date;
}

// the language helpers moved to the kernel (lib/lang.ts); re-exported for the modules that import them here
export { langOf, type Lang };

const scrapNames: Record<ScrapMetal, Record<Lang, string>> = {
  gold: { de: 'Altgold', en: 'Scrap gold' },
  silver: { de: 'Altsilber', en: 'Scrap silver' },
  platinum: { de: 'Altplatin', en: 'Scrap platinum' },
  palladium: { de: 'Altpalladium', en: 'Scrap palladium' },
  'dental-gold': { de: 'Zahngold', en: 'Dental gold' },
};

/** "Altgold 585/1000, 12,5 g" / "Scrap gold 585/1000, 12.5 g" */
export function scrapName(scrap: NonNullable<StoredLine['scrap']>, lang: Lang): string {
  const num = (n: number) => (lang === 'de' ? String(n).replace('.', ',') : String(n));
  return `${scrapNames[scrap.metal][lang]} ${num(scrap.fineness)}/1000, ${num(scrap.weightGrams)} g`;
}

/** What answers show of bank details: the owner, the BIC and routing number, the last digits otherwise. */
export function maskBankDetails(b: BankDetails | null): MaskedBankDetails | null {
  if (!b) return null;
  const tail = (s: string, keep: number) => '•'.repeat(Math.max(0, s.length - keep)) + s.slice(-keep);
  return {
    accountOwner: b.accountOwner,
    iban: b.iban ? `${b.iban.slice(0, 4)}${tail(b.iban.slice(4), 4)}` : null,
    bic: b.bic,
    accountNumber: b.accountNumber ? tail(b.accountNumber, 4) : null,
    routingNumber: b.routingNumber,
  };
}

/** JSON with object keys sorted: jsonb hands keys back in its own order, so plain JSON.stringify would differ. */
export function stableJson(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) && !(x instanceof Date)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x);
}
