// The row types several commerce features share, in the kernel so that none of them imports another's insides
// and the kernel's hooks (context.ts) can name them: the order as stored (table orders: list columns plus the
// whole order as the document data; orders write it, the lifecycle, deposits and limit orders read it) and the
// cart's stored line and customer documents the order freezes. Their features re-export them (orders/model.ts,
// carts/model.ts); the functions over them stay there.
import type { CartAddress, CartDiscount, LinePrice, PaymentMethod, ScrapMetal, ShippingMethodKey, TransactionType } from '../../contracts/cart.ts';
import type { OrderState, PaymentInstructions, PaymentState } from '../../contracts/order.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';

export interface StoredLine {
  id: string;
  kind: 'product' | 'scrap';
  sku: string | null;
  productId: string | null;
  quantity: number;
  scrap: { metal: ScrapMetal; fineness: number; weightGrams: number } | null;
  /** from the set price_set_id of the cart; null when that set had no price for the line */
  price: LinePrice | null;
  addedAt: string;
}

/** Bank details as stored (full numbers: the shop must pay to them); answers mask them. */
export interface BankDetails {
  accountOwner: string;
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
}

export interface IdentityDocument {
  documentType: 'passport' | 'id-card' | 'residence-permit';
  documentNumber: string;
  issuingCountry: string;
  issuingAuthority: string | null;
  expiryDate: string;
  dateOfBirth: string;
  placeOfBirth: string;
  nationality: string;
}

export interface FrozenLine {
  id: string;
  kind: StoredLine['kind'];
  sku: string | null;
  productId: string | null;
  quantity: number;
  scrap: StoredLine['scrap'];
  price: LinePrice;
  name: Record<Lang, string>;
  slug: Record<Lang, string> | null;
  imageUrl: string | null;
}

export interface OrderDoc {
  locale: string;
  country: string;
  customerGroup: 'individual' | 'company';
  paymentMethod: PaymentMethod;
  /** absent on orders written without a checkout: spec 3 default shipping (buy) / leave-in-store (sell) */
  shippingMethod?: ShippingMethodKey;
  pickupStore: string | null;
  lines: FrozenLine[];
  itemCount: number;
  goods: number;
  goodsDiscount: number;
  shippingFee: number;
  shippingDiscount: number;
  totalGross: number;
  totalTax: number;
  discount: { id: string; code: string; kind: CartDiscount['kind']; applies: boolean } | null;
  billingAddress: CartAddress;
  shippingAddress: CartAddress;
  customerEmail: string;
  comment: string | null;
  optInTrustedShops: boolean;
  utmParams: Record<string, string> | null;
  paymentInstructions: Omit<PaymentInstructions, 'amount' | 'reference'> | null;
  payoutAccount: BankDetails | null;
  identityDocument: IdentityDocument | null;
  cashReport: 'form-8300' | null;
  /** anti-money-laundering: the customer's earlier cash orders this one was counted with (src/contracts/aml.ts) */
  amlLinked?: { orderNumbers: string[]; cents: number; withinHours: number };
  /** anti-money-laundering: the identity document staff checked at the counter (pickup or cash payout) */
  identityCheck?: IdentityCheckDoc;
  paymentDate: string | null;
  /** a sale from the deposit: the parts of lots it took (deposits/model.ts takeDepositSale writes them) */
  depositParts?: DepositPartDoc[];
}

/**
 * Decision: what the counter checked is kept as the document's type, issuing country, expiry and the last 4
 * characters of its number (enough to tell which document it was against the customer's, not enough to
 * misuse), with the operator who checked it and when. The full number the customer gave stays in
 * identityDocument (the law's record), never in an audit entry.
 */
export interface IdentityCheckDoc {
  documentType: IdentityDocument['documentType'];
  issuingCountry: string;
  numberLast4: string;
  expiryDate: string;
  /** whether type, country and the number's end are those of the document the customer gave with the order */
  matchesOrder: boolean | null;
  checkedBy: { id: string; email: string | null };
  checkedAt: string;
  step: 'pickup' | 'payout';
}

export interface DepositPartDoc {
  sku: string;
  lotId: string;
  lotOrderNumber: string;
  acquiredAt: string;
  quantity: number;
  unitCostCents: number;
  /** the deposit's currency */
  costCurrency: Currency;
  /** the price per piece the order pays, in the order's currency */
  unitPriceCents: number;
}

export interface OrderRow {
  id: string;
  customer_id: string;
  store_key: StoreKey;
  order_number: string;
  created_at: Date;
  cart_id: string | null;
  type: TransactionType;
  order_state: OrderState;
  payment_state: PaymentState;
  currency: Currency;
  total_gross_cents: number;
  price_set_id: string;
  data: OrderDoc;
}
