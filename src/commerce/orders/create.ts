// POST /orders: a cart becomes an order exactly once (ARCHITECTURE: orders are exactly-once).
//
// One transaction does it all: it serialises requests with the same Idempotency-Key (an advisory lock on
// customer and key), answers a key it has seen with that key's order (or 422 for another body), locks the
// cart row (so concurrent requests for one cart, whatever their keys, queue behind the first: the next one
// finds the cart ordered and answers the order it became, see below), checks every reason of spec 8,
// compares every line's price with the current price set ('not equal'), writes the order with a readable
// number, marks the cart ordered, records the key and puts the confirmation mail into the outbox. A unique
// index on orders.cart_id is the last guard. Only successes are remembered under a key: a refused request
// may be retried with the same key once the cart is fixed.
//
// Decision (issue 23, "an order placed is never reported as failed"): the owner of a cart that is already
// ordered, placing it again with any key (a browser that lost the first answer and made a new key, another
// tab), gets the order the cart became, as a replay: no second order, no second mail, never co002. The
// order is the one placed; a new key's comment or opt-ins do not change it. Another customer's cart stays
// co001 (404) before anything of the order is read.
import { randomUUID } from 'node:crypto';
import type { LinePrice } from '../../contracts/cart.ts';
import type { CreateOrderBody, Order } from '../../contracts/order.ts';
import { stores, type StoreKey } from '../../stores.ts';
import type { AuthContext } from '../auth/tokens.ts';
import { type CatalogueProduct, lineImageUrl, pick } from '../catalogue/index.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { sha256 } from '../lib/secrets.ts';
import { renderMail, type LimitOrderMailInfo } from '../mail/index.ts';
import { shopName } from '../outbox/index.ts';
import { CART_MAX_CENTS, CART_MIN_CENTS, cartTotals, type CartTotals, scrapName, type CartRow, cartById, productsOf, repriceCart, saveCart } from '../carts/index.ts';
import { langOf } from '../lib/lang.ts';
import { discountCodeById, type DiscountCode } from '../discounts/index.ts';
import { currentPriceSet, orderable, type CurrentPriceSet } from '../prices/index.ts';
import { findPickupStore, methodRuleViolation, needsDepotHoldings } from '../shipping/index.ts';
import { customerById, requireCustomerStepUp } from '../customers/index.ts';
import { cashIdentificationThresholds, cashNeedsIdentity, type CashThreshold } from '../../contracts/aml.ts';
import { linkedCash, type LinkedCash } from './aml.ts';
import { CASH_PAYOUT_MAX_CENTS, paymentRefusals } from '../../contracts/checkout-rules.ts';
import { depositRefusal } from '../../contracts/checkout-rules.ts';
import { orderError, type CommerceOrderErrorCode } from './error-codes.ts';
import { AppError } from '../../lib/errors.ts';
import { bankAccountFor, type StoreCompanyFacts } from '../../contracts/company-facts.ts';
import { paymentSlipFor, slipOrderOf } from '../../contracts/payment-qr.ts';
import type { MailAttachmentRef } from '../outbox/index.ts';
import type { Lang } from '../lib/lang.ts';
import { toOrder, type FrozenLine, type OrderDoc, type OrderRow } from './model.ts';
import { nextOrderNumber } from './numbers.ts';
import { insertOrderRequest, insertOrderRow, lockIdempotencyKey, orderByCart, orderById, orderRequest } from './repository.ts';
import { initialStates } from './states.ts';

export { CASH_PAYOUT_MAX_CENTS } from '../../contracts/checkout-rules.ts';

/**
 * The reasons of spec 8 in the spec's order, then the shop's own. A refused order answers the first with
 * its code and lists all of them in details.reasons.
 */
export const orderReasonOrder: CommerceOrderErrorCode[] = [
  'co003', 'co004', 'co005', 'no_shipping_address', 'scrap_box_non_scrap_items', 'scrap_box_value_exceeded', 'no_cart_items',
  'no_customer_email', 'cart_total_zero', 'below_minimum_order_value', 'cart_limit_exceeded', 'no_billing_address', 'no_shipping_method',
  'no_payment_method', 'product_out_of_stock', 'product_no_longer_available', 'price_not_equal', 'deposit_silver_not_duty_free',
  'deposit_invalid_items', 'deposit_requires_account', 'deposit_sell_invalid_items', 'deposit_sell_quantity_exceeded', 'no_pickup_store', 'payment_method_unavailable', 'cash_requires_pickup', 'cash_requires_store_drop_off', 'cash_payout_limit',
  'payout_account_required', 'identity_document_required', 'identity_document_expired',
];

export type PriceCheck = 'equal' | 'not_equal' | 'product_out_of_stock' | 'product_no_longer_available' | 'unavailable';

export interface ReasonInput {
  cart: CartRow;
  totals: CartTotals;
  priceCheck: PriceCheck;
  eurRates: CurrentPriceSet['eurRates'] | null;
  aml: CashThreshold | null;
  today: string;
  /** pieces by sku in the customer's deposit, read when the method's rule needs them (depositSell), else null */
  depot: ReadonlyMap<string, number> | null;
  /** a cash cart: the customer's linked cash orders (orders/aml.ts), else null */
  linked?: LinkedCash | null;
  /** whether the cart's owner has a customer account (a guest's anonymous token has none) */
  hasAccount: boolean;
}

/** Every reason the cart cannot become an order now, in orderReasonOrder. Pure. */
export function orderReasons(i: ReasonInput): CommerceOrderErrorCode[] {
  const { cart, totals: t } = i;
  const found = new Set<CommerceOrderErrorCode>();
  const add = (cond: unknown, code: CommerceOrderErrorCode) => cond && found.add(code);
  const method = t.method;
  add(cart.customer_group === null, 'co003');
  add(t.totalGross !== null && t.totalTax === null, 'co004');
  add(t.totalGross === null, 'co005');
  add(!cart.shipping_address, 'no_shipping_address');
  if (method && (method.key === 'scrapMetalBox' || method.key === 'deposit' || method.key === 'depositSell')) {
    const violation = methodRuleViolation(method, { transactionType: cart.transaction_type, currency: cart.currency }, t.ruleLines, t.goods, i.eurRates?.[cart.currency] ?? null, i.depot);
    if (violation) found.add(violation);
  }
  add(cart.line_items.length === 0, 'no_cart_items');
  add(!cart.customer_email, 'no_customer_email');
  add(cart.line_items.length > 0 && t.goods === 0, 'cart_total_zero');
  add(t.goods !== null && t.goods > 0 && t.goods < CART_MIN_CENTS, 'below_minimum_order_value');
  add(t.goods !== null && t.goods > CART_MAX_CENTS, 'cart_limit_exceeded');
  add(!cart.billing_address, 'no_billing_address');
  add(!method, 'no_shipping_method');
  add(!cart.payment_method, 'no_payment_method');
  if (i.priceCheck === 'not_equal') found.add('price_not_equal');
  if (i.priceCheck === 'product_out_of_stock' || i.priceCheck === 'product_no_longer_available') found.add(i.priceCheck);
  add(method?.requiresPickupStore && !(cart.pickup_store && findPickupStore(cart.store_key, cart.pickup_store)), 'no_pickup_store');
  // issue 23: the depot lives in a customer account (src/contracts/checkout-rules.ts)
  add(depositRefusal(method?.key, i.hasAccount), 'deposit_requires_account');
  // spec 9, the checkout's own rules (src/contracts/checkout-rules.ts): what the delivery step does not offer is refused here
  if (cart.payment_method) {
    const linkedPayoutCents = i.linked?.saleCents ?? 0;
    for (const code of paymentRefusals({ transactionType: cart.transaction_type, methodKey: method?.key ?? null, grossCents: t.totalGross, linkedPayoutCents }, cart.payment_method)) found.add(code);
  }
  add(cart.transaction_type === 'sell' && cart.payment_method === 'bank-transfer' && !cart.payout_account, 'payout_account_required');
  if (i.aml) {
    add(!cart.identity_document, 'identity_document_required');
    add(cart.identity_document && cart.identity_document.expiryDate < i.today, 'identity_document_expired');
  }
  return orderReasonOrder.filter((c) => found.has(c));
}

/** Compares the cart's prices with the current set's: a clone of the cart is repriced, the cart is not touched. */
async function checkPrices(tx: Db, cart: CartRow, set: CurrentPriceSet | null, now: Date): Promise<{ check: PriceCheck; repriced: CartRow; products: Map<string, CatalogueProduct> }> {
  const repriced: CartRow = structuredClone(cart);
  const { products } = await repriceCart(tx, repriced);
  if (!orderable(set, now)) return { check: 'unavailable', repriced, products };
  const removed = repriced.notifications[0]?.code;
  if (removed === 'product_out_of_stock' || removed === 'product_no_longer_available') return { check: removed, repriced, products };
  const same = cart.line_items.every((l) => {
    const current = repriced.line_items.find((r) => r.id === l.id)?.price;
    return !!l.price && !!current && samePrice(l.price, current);
  });
  return { check: same ? 'equal' : 'not_equal', repriced, products };
}

// field by field: a price read back from jsonb has its keys in another order
function samePrice(a: LinePrice, b: LinePrice): boolean {
  return a.type === b.type && a.centAmount === b.centAmount && a.minQuantity === b.minQuantity && a.taxCentAmount === b.taxCentAmount;
}

export interface PlaceOrderInput {
  auth: AuthContext;
  storeKey: StoreKey;
  body: CreateOrderBody;
  idempotencyKey: string;
  languageTag?: string;
  /**
   * The cart version(s) the customer reviewed (If-Match and/or body cartVersion, issue 14): each must be the
   * cart's version when its row is locked, else 409 cart_version_conflict. Empty or absent: the cart as it is.
   */
  reviewedVersions?: number[];
  /**
   * A limit order's execution (limit-orders/execute.ts): the cart is the limit order's own (status
   * 'limit-order', never a shopping cart), the order records the limit order, and the confirmation mail
   * opens with what the limit order did.
   */
  limitOrder?: { id: string; mail: { limitOrder: LimitOrderMailInfo; unitCents: number } };
}

export interface PlacedOrder {
  row: OrderRow;
  /** true when the key had already made this order */
  replayed: boolean;
  outboxIds: number[];
}

/**
 * In a transaction of its own; given the caller's transaction (a limit order's execution), in a savepoint of
 * it, so that a refusal undoes only the order's part.
 */
export async function placeOrder(ctx: CommerceContext, input: PlaceOrderInput, db: Db = ctx.db): Promise<PlacedOrder> {
  const { auth, storeKey, body } = input;
  const now = ctx.clock();
  const reviewed = [...new Set(input.reviewedVersions ?? [])];
  const request: unknown[] = [body.cartId, body.comment ?? null, body.optInTrustedShops ?? false, body.utmParams ?? null];
  // a request without a version hashes as before the versions existed (keys of that time replay the same)
  if (reviewed.length > 0) request.push(reviewed.sort((a, b) => a - b));
  const requestHash = sha256(JSON.stringify(request));
  // the company's facts are read (or refreshed) from the CMS before the transaction, not while it holds locks
  const facts = await ctx.companyFacts.forStore(storeKey).catch(() => null);
  return db.transaction(async (tx) => {
    await lockIdempotencyKey(tx, auth.customerId, input.idempotencyKey);
    const seen = await orderRequest(tx, auth.customerId, input.idempotencyKey);
    if (seen) {
      if (seen.request_hash !== requestHash) throw orderError('idempotency_key_reused');
      const row = (await orderById(tx, seen.order_id))!;
      return { row, replayed: true, outboxIds: [] };
    }

    const cart = await cartById(tx, body.cartId, { forUpdate: true });
    if (!cart || cart.customer_id !== auth.customerId || cart.store_key !== storeKey) throw orderError('co001');
    const became = input.limitOrder ? undefined : await orderOfOrderedCart(tx, cart, auth.customerId);
    if (became) return { row: became, replayed: true, outboxIds: [] };
    if (cart.status !== (input.limitOrder ? 'limit-order' : 'active')) throw orderError('co002');
    // the order placed is the order reviewed: checked under the row lock, so no write can slip in between
    if (reviewed.some((v) => v !== cart.version)) throw orderError('cart_version_conflict', { currentVersion: cart.version });
    // A signed-in customer's order and its confirmation go to the account's address, whatever the cart was
    // given as a guest before signing in (issue 14).
    const owner = await customerById(tx, cart.customer_id);
    if (owner?.kind === 'registered' && owner.email) cart.customer_email = owner.email;

    const set = await currentPriceSet(tx);
    const discount = cart.discount_code_id ? await discountCodeById(tx, cart.discount_code_id) : null;
    const totals = cartTotals(cart, await productsOf(tx, cart.line_items), discount);
    const { check, repriced, products } = await checkPrices(tx, cart, set, now);
    const today = now.toISOString().slice(0, 10);
    // linked transactions count together (src/contracts/aml.ts): the earlier cash orders of the same customer
    const linked = cart.payment_method === 'cash' && set ? await linkedCash(tx, {
      storeKey, currency: cart.currency, eurRates: set.eurRates, now, withinHours: cashIdentificationThresholds[storeKey].linkedWithinHours,
      customer: { customerId: cart.customer_id, email: cart.customer_email, name: cart.billing_address },
    }) : null;
    const aml = cart.payment_method === 'cash' && totals.totalGross !== null && set
      ? cashNeedsIdentity(storeKey, totals.totalGross + (linked?.cents ?? 0), cart.currency, set.eurRates)
      : null;
    const depot = needsDepotHoldings(totals.method?.key) ? await ctx.depotHoldings(tx, cart.customer_id, storeKey) : null;
    const reasons = orderReasons({ cart, totals, priceCheck: check, eurRates: set?.eurRates ?? null, aml, today, depot, linked, hasAccount: owner?.kind === 'registered' });
    if (reasons.length > 0) throw refusal(reasons, linked);
    if (check === 'unavailable' || !set) throw orderError('prices_unavailable');
    // issue 26: a sale from the depot from the store's threshold needs a fresh step-up of the session (403
    // step_up_required). Decision: a limit order's execution is exempt (no session; its creation is the customer's).
    if (!input.limitOrder && owner?.kind === 'registered' && totals.method?.key === 'depositSell'
      && (totals.totalGross ?? 0) >= stores[storeKey].depotSaleStepUpCents) {
      await requireCustomerStepUp(tx, auth, now);
    }

    const row = await insertOrder(tx, ctx, { cart: repriced, products, discount, set, aml, linked, input, now });
    for (const hook of ctx.orderPlacedHooks) await hook(tx, row, now);
    // the cart is done: never active again (a stale cart cookie cannot bring it back)
    cart.status = 'ordered';
    cart.notifications = [];
    await saveCart(tx, cart, now);
    await insertOrderRequest(tx, { customerId: auth.customerId, idempotencyKey: input.idempotencyKey, requestHash, orderId: row.id, now });
    const lang = langOf(input.languageTag, langOf(cart.locale, 'de'));
    const order = toOrder(row, lang);
    const shop = shopName(ctx.config.MAIL_FROM);
    const mail = input.limitOrder
      ? renderMail('limitOrder.executed', lang, { store: storeKey, shop, order, ...input.limitOrder.mail })
      : renderMail('order.confirmation', lang, { store: storeKey, shop, order });
    const outboxId = await ctx.outbox.add(tx, {
      channel: 'mail', customerId: auth.customerId, storeKey, to: row.data.customerEmail, subject: mail.subject, text: mail.text, html: mail.html,
      orderId: row.id, attachments: slipAttachment(order, facts, lang, now),
    }, now);
    return { row, replayed: false, outboxIds: [outboxId] };
  });
}

/**
 * Issue 25: a bank-transfer purchase's confirmation carries its payment slip (the QR-bill on CH and LI, the
 * GiroCode on the EUR stores). Decision: the slip is no stored document (no number, it books nothing), so the
 * mail row keeps the slip's data as computed now (contracts/payment-qr.ts) with its language and time, and the
 * documents feature draws it from that data whenever the mail is sent or resent: always the same bytes. Without
 * the company facts (the CMS down) the mail goes without the slip; the order page shows it later.
 */
function slipAttachment(order: Order, facts: StoreCompanyFacts | null, lang: Lang, now: Date): MailAttachmentRef[] {
  const slipOrder = facts ? slipOrderOf(order) : null;
  const slip = facts && slipOrder ? paymentSlipFor(facts, slipOrder) : null;
  if (!slip) return [];
  return [{ kind: 'payment_slip', orderNumber: order.orderNumber, storeKey: slipOrder!.store, lang, createdAt: now.toISOString(), slip }];
}

/**
 * The refusal of the first reason, all reasons in details. Where linked orders count (an identity document or
 * the payout cap), the message and details.linkedWithinHours say so. Decision: the customer is not told which
 * orders or amounts were counted: a guest's orders are linked by e-mail address and name, which someone else
 * may know; the order keeps them for the staff (amlLinked).
 */
function refusal(reasons: CommerceOrderErrorCode[], linked: LinkedCash | null): AppError {
  const first = reasons[0];
  const counted = linked !== null && linked.orderNumbers.length > 0 && (first === 'identity_document_required' || first === 'cash_payout_limit');
  if (!counted) return orderError(first, { reasons });
  const period = linked.withinHours <= 48 ? `${linked.withinHours} hours` : `${Math.round(linked.withinHours / 24)} days`;
  const message = first === 'identity_document_required'
    ? `For cash payments of this amount the law requires us to record your identity document: your cash orders in this shop within ${period} count together.`
    : `Cash payouts in store are limited to ${(CASH_PAYOUT_MAX_CENTS / 100).toLocaleString('en-US')}, and your cash sales in this shop within ${period} count together. Please choose a bank transfer.`;
  return orderError(first, { reasons, linkedWithinHours: linked.withinHours }, message);
}

/** The order an ordered cart became, when that order is the caller's too (belt and braces: the cart's owner was checked). */
async function orderOfOrderedCart(tx: Db, cart: CartRow, customerId: string): Promise<OrderRow | undefined> {
  if (cart.status !== 'ordered') return undefined;
  const row = await orderByCart(tx, cart.id);
  return row && row.customer_id === customerId && row.store_key === cart.store_key ? row : undefined;
}

interface InsertArgs {
  cart: CartRow;
  products: Map<string, CatalogueProduct>;
  discount: DiscountCode | null;
  set: CurrentPriceSet;
  aml: CashThreshold | null;
  linked: LinkedCash | null;
  input: PlaceOrderInput;
  now: Date;
}

/** The company's account of the cart's store and currency (the CMS story `company`), copied into the order:
 * what the customer was told stays with the order whatever the story says later. */
async function payeeAccount(ctx: CommerceContext, cart: CartRow): Promise<NonNullable<OrderDoc['paymentInstructions']>> {
  let account;
  try {
    account = bankAccountFor(await ctx.companyFacts.forStore(cart.store_key), cart.currency);
  } catch (err) {
    throw new AppError('service_unavailable', { cause: err });
  }
  if (!account) throw new AppError('service_unavailable', { message: `no bank account for ${cart.currency} in the company story` });
  return { accountOwner: account.owner, iban: account.iban, bic: account.bic, accountNumber: account.accountNumber, routingNumber: account.routingNumber };
}

async function insertOrder(tx: Db, ctx: CommerceContext, a: InsertArgs): Promise<OrderRow> {
  const { cart, products, discount, set, input, now } = a;
  const t = cartTotals(cart, products, discount);
  const lines: FrozenLine[] = cart.line_items.map((l) => {
    const p = l.sku ? products.get(l.sku) : undefined;
    const name = (lang: 'de' | 'en') => (p ? pick(p.name, lang) ?? l.sku ?? '' : '');
    return {
      id: l.id, kind: l.kind, sku: l.sku, productId: l.productId, quantity: l.quantity, scrap: l.scrap,
      // checked above: every line has a price from the current set
      price: l.price as NonNullable<typeof l.price>,
      name: l.scrap ? { de: scrapName(l.scrap, 'de'), en: scrapName(l.scrap, 'en') } : { de: name('de'), en: name('en') },
      slug: p ? { de: pick(p.slug, 'de') ?? '', en: pick(p.slug, 'en') ?? '' } : null,
      imageUrl: lineImageUrl(p, langOf(cart.locale, 'de')),
    };
  });
  const doc: OrderDoc = {
    locale: cart.locale,
    country: cart.country,
    customerGroup: cart.customer_group ?? 'individual',
    paymentMethod: cart.payment_method!,
    shippingMethod: t.method!.key,
    pickupStore: t.method!.requiresPickupStore ? cart.pickup_store : null,
    lines,
    itemCount: t.itemCount,
    goods: t.goods!,
    goodsDiscount: t.goodsDiscount,
    shippingFee: t.shippingFee,
    shippingDiscount: t.shippingDiscount,
    totalGross: t.totalGross!,
    totalTax: t.totalTax!,
    discount: discount ? { id: discount.id, code: discount.code, kind: discount.kind, applies: t.discountApplies } : null,
    billingAddress: cart.billing_address!,
    shippingAddress: cart.shipping_address!,
    customerEmail: cart.customer_email!,
    comment: input.body.comment?.trim() || null,
    optInTrustedShops: input.body.optInTrustedShops ?? false,
    utmParams: (input.body.utmParams as Record<string, string> | undefined) ?? null,
    paymentInstructions: cart.transaction_type === 'buy' && cart.payment_method === 'bank-transfer' ? await payeeAccount(ctx, cart) : null,
    payoutAccount: cart.transaction_type === 'sell' && cart.payment_method === 'bank-transfer' ? cart.payout_account : null,
    identityDocument: a.aml ? cart.identity_document : null,
    cashReport: a.aml?.report ?? null,
    // for the staff and the auditor: the earlier cash orders this one was counted with (none: not written)
    ...(a.linked && a.linked.orderNumbers.length > 0 ? { amlLinked: { orderNumbers: a.linked.orderNumbers, cents: a.linked.cents, withinHours: a.linked.withinHours } } : {}),
    paymentDate: null,
  };
  const states = initialStates(cart.transaction_type, t.method!.key);
  const number = await nextOrderNumber(tx, cart.store_key, cart.transaction_type, now);
  return insertOrderRow(tx, {
    id: randomUUID(), customerId: cart.customer_id, storeKey: cart.store_key, orderNumber: number, now, data: doc, cartId: cart.id,
    type: cart.transaction_type, orderState: states.orderState, paymentState: states.paymentState, currency: cart.currency,
    totalGross: doc.totalGross, priceSetId: set.id, limitOrderId: input.limitOrder?.id ?? null,
  });
}
