// An order as stored (table orders: list columns plus the whole order as the document data) and its answer
// shape (spec 3 Order). An order freezes what the cart was: lines with their prices and names in both
// languages, addresses, totals, payment and delivery, the shop's bank details it was told to pay to.
import type { CartAddress, CartDiscount, LinePrice, PaymentMethod, ShippingMethodKey, TransactionType } from '../../contracts/cart.ts';
import type { Order, OrderDepositPart, OrderLineItem, OrderState, PaymentInstructions, PaymentState } from '../../contracts/order.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import { maskBankDetails, type BankDetails, type IdentityDocument, type StoredLine } from '../carts/index.ts';
import type { Lang } from '../lib/lang.ts';
import { defaultShippingMethod, findShippingMethod, shippingMethodId, findPickupStore, toPickupStore } from '../shipping/index.ts';

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

/**
 * spec 3 amount, issue 23: what is paid (buy) or paid out (sell). A sale's estimate (the total) holds only
 * until its assay: then the accepted amount (the assay's, the counter-offer's), once paid out the payout.
 * The lifecycle keeps these facts in the order's document (lifecycle/repository.ts LifecycleDoc).
 */
export function orderAmountCents(row: Pick<OrderRow, 'type' | 'data'>): number {
  const d = row.data as OrderDoc & { assay?: { finalCents: number }; payout?: { amountCents: number } };
  if (row.type !== 'sell') return d.totalGross;
  return d.payout?.amountCents ?? d.assay?.finalCents ?? d.totalGross;
}

export function toOrder(row: OrderRow, lang: Lang): Order {
  const d = row.data;
  const money = (centAmount: number) => ({ centAmount, currencyCode: row.currency });
  const method = (d.shippingMethod && findShippingMethod(d.shippingMethod)) || defaultShippingMethod(row.type);
  const pickup = d.pickupStore ? findPickupStore(row.store_key, d.pickupStore) : null;
  const lineItems: OrderLineItem[] = d.lines.map((l) => ({
    id: l.id, kind: l.kind, sku: l.sku, productId: l.productId, name: l.name[lang], slug: l.slug?.[lang] ?? null, imageUrl: l.imageUrl,
    quantity: l.quantity, price: l.price, totalPrice: money(l.price.centAmount * (l.kind === 'scrap' ? 1 : l.quantity)), scrap: l.scrap,
  }));
  return {
    id: row.id,
    orderNumber: row.order_number,
    createdAt: row.created_at.toISOString(),
    type: row.type,
    orderState: row.order_state,
    paymentState: row.payment_state,
    paymentMethod: d.paymentMethod,
    paymentDate: d.paymentDate,
    amount: money(orderAmountCents(row)),
    deliveryMethod: method.deliveryMethod,
    shippingInfo: {
      shippingMethodId: shippingMethodId(method.key), key: method.key, name: method.name[lang], deliveryMethod: method.deliveryMethod,
      price: money(d.shippingFee), totalGrossPrice: money(d.shippingFee - d.shippingDiscount),
    },
    pickupStore: pickup ? toPickupStore(pickup, lang) : null,
    billingAddress: d.billingAddress,
    shippingAddress: d.shippingAddress,
    lineItems,
    itemCount: d.itemCount,
    totalPrice: money(d.goods),
    discount: d.discount
      ? { discountCodeId: d.discount.id, code: d.discount.code, kind: d.discount.kind, amount: money(d.goodsDiscount + d.shippingDiscount), applies: d.discount.applies }
      : null,
    totalTaxPrice: money(d.totalTax),
    totalGrossPrice: money(d.totalGross),
    customerEmail: d.customerEmail,
    locale: d.locale,
    country: d.country,
    currency: row.currency,
    comment: d.comment,
    optInTrustedShops: d.optInTrustedShops,
    priceSetId: row.price_set_id,
    paymentInstructions: d.paymentInstructions ? { ...d.paymentInstructions, reference: row.order_number, amount: money(d.totalGross) } : null,
    payoutAccount: maskBankDetails(d.payoutAccount),
    identityDocumentRecorded: d.identityDocument !== null,
    cashReport: d.cashReport,
    ...(d.depositParts ? { depositParts: d.depositParts.map((p) => depositPart(p, row.currency)) } : {}),
  };
}

function depositPart(p: DepositPartDoc, currency: Currency): OrderDepositPart {
  const cost = p.unitCostCents * p.quantity;
  const proceeds = p.unitPriceCents * p.quantity;
  return {
    sku: p.sku, lotOrderNumber: p.lotOrderNumber, acquiredAt: p.acquiredAt, quantity: p.quantity,
    unitCost: { centAmount: p.unitCostCents, currencyCode: p.costCurrency }, cost: { centAmount: cost, currencyCode: p.costCurrency },
    proceeds: { centAmount: proceeds, currencyCode: currency },
    gain: p.costCurrency === currency ? { centAmount: proceeds - cost, currencyCode: currency } : null,
  };
}
