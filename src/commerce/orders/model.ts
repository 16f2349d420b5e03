// An order's answer shape (spec 3 Order) from the order as stored (the row: the kernel's db/rows.ts, which
// several features read). An order freezes what the cart was: lines with their prices and names in both
// languages, addresses, totals, payment and delivery, the shop's bank details it was told to pay to.
import type { Order, OrderDepositPart, OrderLineItem } from '../../contracts/order.ts';
import type { Currency } from '../../stores.ts';
import { maskBankDetails } from '../carts/index.ts';
import type { CommerceContext } from '../context.ts';
import type { DepositPartDoc, OrderDoc, OrderRow } from '../db/rows.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import { defaultShippingMethod, findShippingMethod, shippingMethodId, findPickupStore, toPickupStore } from '../shipping/index.ts';

// the order as stored is a shared row of the kernel (db/rows.ts): the lifecycle, deposits and the hooks read it
export type { DepositPartDoc, FrozenLine, IdentityCheckDoc, OrderDoc, OrderRow } from '../db/rows.ts';

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

/** The due date while a bank-transfer purchase awaits its money; null once paid, cancelled, or not by transfer. */
export function paymentDueShown(row: Pick<OrderRow, 'type' | 'payment_state' | 'order_state'> & { due: string | null }): string | null {
  return row.type === 'buy' && row.payment_state === 'Pending' && (row.order_state === 'Open' || row.order_state === 'Created') ? row.due : null;
}

/**
 * An order as the customer's lists show it (GET /orders, the account overview): in the asked language, else
 * the order's own; issue 15: with the transfer's due date (cheap: a column); the timeline is on the order itself.
 */
export function listedOrder(r: OrderRow & { due: string | null }, languageTag: string | undefined): Order {
  return { ...toOrder(r, langOf(languageTag, langOf(r.data.locale, langOf(languageTag, 'de')))), paymentDueBy: paymentDueShown(r) };
}

/** One order's answer to its customer, with what the features add in order (orderAnswerHooks, context.ts). */
export async function answerOrder(ctx: CommerceContext, order: Order, lang: Lang): Promise<Order> {
  let answer = order;
  for (const hook of ctx.orderAnswerHooks) answer = await hook(ctx.db, answer, lang);
  return answer;
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
