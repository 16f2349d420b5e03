// The operators' steps (and the jobs' and the bank statement's): each ONE transaction with the order row
// locked (two steps on one order at once queue; the second sees the first's result), the role checked
// again, the state checked (409 invalid_transition), the audit entry, the customer's mail (outbox).
import { randomUUID } from 'node:crypto';
import type {
  Actor, AssayBody, CancelBody, GoodsReceivedBody, GoodsReturnedBody, IdentityCheckBody, OperatorRole, OpsAction, PaymentBody, PaymentFailedBody, PayoutBody, PickupBody, ShipmentBody,
} from '../../contracts/ops.ts';
import type { IdentityCheckDoc } from '../orders/index.ts';
import { COUNTER_OFFER_DAYS, COUNTER_OFFER_THRESHOLD } from '../../contracts/order.ts';
import { ibanValid, normalizeIban } from '../../contracts/bank-details.ts';
import { fail } from '../http/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { formatNumber } from '../../i18n.ts';
import { dayInStore, stores } from '../../stores.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { bookDepositPurchase, removeDepositPurchase, restoreDepositSale } from '../deposits/index.ts';
import { issueCancellation, issueCreditNote, issueInvoice, type CreditNoteFacts, type IssuedDocument } from '../documents/index.ts';
import { writeAudit } from './audit.ts';
import { findPickupStore } from '../shipping/index.ts';
import { tracking } from './carriers.ts';
import { mailLink } from '../mail/index.ts';
import { attach, day, helpers, orderLang, queueMail } from './mail.ts';
import { canonicalOrigin } from '../lib/http.ts';
import { pathFor } from '../../screens.ts';
import {
  invalidTransition, move, orderById, payoutWaitsForOffer, possible, requireRole, saveDoc, statesOf, type AssayDoc, type CounterOfferDoc, type LifeRow,
} from './model.ts';
import {
  fineWeights, insertCounterPayment, insertPayment, insertShipment, markPaymentReversed, paidCents, sameManualPayment, type PaymentReviewDoc,
} from './repository.ts';

type StepFn = (tx: Db, row: LifeRow, now: Date) => Promise<number[]>;

/** Runs a step: role, lock, state, the work; delivers its mails after the commit. Answers the order's id. */
export async function runStep(ctx: CommerceContext, orderId: string, action: OpsAction, roles: OperatorRole[] | null, fn: StepFn): Promise<void> {
  if (roles) requireRole(roles, action);
  const ids = await ctx.db.transaction(async (tx) => {
    const row = await orderById(tx, orderId, { forUpdate: true });
    // issue 23: an open or declined counter-offer holds the payout, with a code of its own
    if (action === 'payout' && row.order_state === 'Accepted' && payoutWaitsForOffer(row)) {
      fail('counter_offer_open', { details: { status: row.data.counterOffer?.status } });
    }
    if (!possible(row, action)) invalidTransition(row, action);
    return fn(tx, row, ctx.clock());
  });
  ctx.outbox.deliver(ids);
}

const money = (row: LifeRow, centAmount: number) => ({ centAmount, currencyCode: row.currency });

export interface PaymentInput extends PaymentBody { source: 'manual' | 'camt053'; entryRef?: string | null }

/**
 * Money arrived for a buy order awaiting its bank transfer (the row locked, the state checked by the caller).
 * Partial: recorded, the order stays Open. Reaching the total: Paid and Confirmed; a deposit purchase's metal
 * is booked as lots acquired now and the order is Complete (entries payment_recorded, confirmed, stored).
 */
export async function applyPayment(ctx: CommerceContext, tx: Db, row: LifeRow, p: PaymentInput, actor: Actor, now: Date): Promise<number[]> {
  if (p.currency !== row.currency) fail('payment_currency_mismatch', { details: { currency: row.currency } });
  const paid = await paidCents(tx, row.id);
  const total = Number(row.total_gross_cents);
  if (paid + p.centAmount > total) fail('payment_exceeds_total', { details: { open: money(row, total - paid) } });
  // The same payment typed twice (a double click on the form, two tabs, two colleagues): the row lock queues
  // the second behind the first, which it then finds here. Two real payments of the same amount on the same
  // value date are told apart by their reference. (A statement line is kept apart by its entry key.)
  const same = p.source !== 'manual' ? undefined : await sameManualPayment(tx, row.id, p.centAmount, p.valueDate, p.reference);
  if (same) fail('payment_duplicate', { details: { paymentId: same.id } });
  const id = randomUUID();
  await insertPayment(tx, {
    id, orderId: row.id, centAmount: p.centAmount, currency: p.currency, reference: p.reference, valueDate: p.valueDate, source: p.source,
    entryRef: p.entryRef ?? null, now, actor,
  });
  const nowPaid = paid + p.centAmount;
  const full = nowPaid === total;
  const details = {
    paymentId: id, amount: money(row, p.centAmount), reference: p.reference, valueDate: p.valueDate, source: p.source,
    paidAmount: money(row, nowPaid), openAmount: money(row, total - nowPaid),
  };
  // a new attempt after a failed payment: Failed -> Pending (partial) or Paid
  await move(tx, row, full ? { paymentState: 'Paid' } : { paymentState: 'Pending' }, 'payment_recorded', actor, details, now);
  const h = helpers(ctx, row);
  if (!full) {
    return [await queueMail(ctx, tx, row, 'payment_recorded', { amount: h.money(p.centAmount), open: h.money(total - nowPaid), dueBy: day(row.due ?? dayInStore(row.store_key, now)) }, now)];
  }
  row.data.paymentDate = now.toISOString();
  delete row.data.paymentReview;
  await saveDoc(tx, row);
  const invoice = await invoicePaidOrder(ctx, tx, row, actor, now);
  // delivered goods (or depot metal sold) whose payment the bank took back: paid again, nothing more to do
  if (row.order_state === 'Complete') return [];
  await move(tx, row, { orderState: 'Confirmed' }, 'confirmed', actor, {}, now);
  if (row.data.shippingMethod === 'deposit') {
    const depositNumber = await bookDepositPurchase(tx, row, now);
    await move(tx, row, { orderState: 'Complete' }, 'stored', actor, { depositNumber }, now);
    return [await queueMail(ctx, tx, row, 'stored', { depositNumber: depositNumber ?? '', date: now }, now, attach(invoice))];
  }
  const store = row.data.pickupStore ? findPickupStore(row.store_key, row.data.pickupStore) : null;
  const next = store ? h.t('confirmed.pickup', { store: `${store.name[h.lang]}, ${store.streetAddress}, ${store.postalCode} ${store.city}` }) : h.t('confirmed.ship');
  return [await queueMail(ctx, tx, row, 'confirmed', { amount: h.money(total), next }, now, attach(invoice))];
}

/**
 * Decision: a value date typed by hand lies within a year before today and a week after it (a bank books a
 * transfer on its value date, at most a few days ahead; older money belongs to last year's books and is for
 * the accountant). Anything else is a typo: 400 validation_failed on valueDate, nothing changes.
 */
export const VALUE_DATE_PAST_DAYS = 366;
export const VALUE_DATE_FUTURE_DAYS = 7;

/** The one rule for value dates, typed by finance or read from a bank statement (camt.ts lists such an entry as value_date_out_of_range). */
export function valueDateInRange(valueDate: string, now: Date): boolean {
  const day = Date.parse(`${valueDate}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const days = (day - today) / 86_400_000;
  return Number.isFinite(days) && days >= -VALUE_DATE_PAST_DAYS && days <= VALUE_DATE_FUTURE_DAYS;
}

export function checkValueDate(valueDate: string, now: Date): void {
  if (!valueDateInRange(valueDate, now)) {
    fail('validation_failed', { details: { fields: [{ field: 'valueDate', code: 'invalid_value', message: `The value date must lie within ${VALUE_DATE_PAST_DAYS} days before and ${VALUE_DATE_FUTURE_DAYS} days after today.` }] } });
  }
}

/** The statement entry that took a payment back. */
export interface ReversalSource { entryKey: string; entryReference: string; statementId: string }

/**
 * The bank took a payment back (a returned transfer, a chargeback; the row locked). The payment stays on
 * record, marked reversed; what is left paid decides the payment state: Pending when something is, else
 * Failed. Decisions: an order Confirmed by the payment and not yet shipped or collected goes back to Open;
 * a depot purchase's metal leaves the depot again (the order back to Open) unless some of it was sold
 * already: then the order stays Complete and waits for finance (review metal_sold); shipped or collected
 * goods: the order stays Complete and waits for finance (review goods_delivered). A cancelled order keeps
 * its states (the money went back; the audit says so). Every other order waits for finance too (queue
 * payment_review) until it is paid again or cancelled. Audit: payment_failed when nothing is left paid
 * (the customer's timeline and mail: the spec's payment error), else payment_reversed (finance's only).
 */
export async function reversePayment(
  ctx: CommerceContext, tx: Db, row: LifeRow, payment: { id: string; amount_cents: number }, src: ReversalSource, actor: Actor, now: Date,
): Promise<number[]> {
  const cents = Number(payment.amount_cents);
  await markPaymentReversed(tx, payment.id, src.entryKey, now);
  const left = await paidCents(tx, row.id);
  const total = Number(row.total_gross_cents);
  const details: Record<string, unknown> = {
    cause: 'returned', paymentId: payment.id, amount: money(row, cents), entryReference: src.entryReference, statementId: src.statementId,
    paidAmount: money(row, left), openAmount: money(row, total - left),
  };
  if (row.order_state === 'Cancelled') {
    await move(tx, row, {}, 'payment_reversed', actor, details, now);
    return [];
  }
  let orderState = row.order_state;
  let reason: PaymentReviewDoc['reason'] = 'returned';
  if (row.order_state === 'Confirmed') orderState = 'Open';
  else if (row.order_state === 'Complete' && row.data.shippingMethod === 'deposit') {
    const depot = await removeDepositPurchase(tx, row);
    if (depot.sold) reason = 'metal_sold';
    else {
      orderState = 'Open';
      details.piecesRemoved = depot.removed;
    }
  } else if (row.order_state === 'Complete') reason = 'goods_delivered';
  if (orderState === 'Open') row.data.paymentDate = null;
  row.data.paymentReview = { reason, at: now.toISOString(), amountCents: cents, entryReference: src.entryReference };
  details.review = reason;
  await saveDoc(tx, row);
  const failed = left === 0;
  await move(tx, row, { orderState, paymentState: failed ? 'Failed' : 'Pending' }, failed ? 'payment_failed' : 'payment_reversed', actor, details, now);
  if (!failed) return [];
  const h = helpers(ctx, row);
  return [await queueMail(ctx, tx, row, 'payment_failed', { why: h.t('payment_failed.returned', { amount: h.money(cents) }) }, now)];
}

/**
 * The finance step "payment failed" (the bank reported the transfer failed): Pending -> Failed while
 * nothing is paid (money on the order is taken back by the statement's return, never by hand: 409
 * invalid_transition). The reason is told to the customer (mail and timeline), like a cancellation's.
 */
export async function recordPaymentFailed(ctx: CommerceContext, orderId: string, body: PaymentFailedBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'payment-failed', roles, async (tx, row, now) => {
    if (await paidCents(tx, row.id) > 0) invalidTransition(row, 'payment-failed');
    const reason = body.reason.trim();
    await move(tx, row, { paymentState: 'Failed' }, 'payment_failed', actor, { cause: 'manual', reason }, now);
    const h = helpers(ctx, row);
    return [await queueMail(ctx, tx, row, 'payment_failed', { why: h.t('payment_failed.reason', { reason }) }, now)];
  });
}

export async function recordPayment(ctx: CommerceContext, orderId: string, body: PaymentBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  checkValueDate(body.valueDate, ctx.clock());
  await runStep(ctx, orderId, 'payment', roles, (tx, row, now) => applyPayment(ctx, tx, row, { ...body, source: 'manual' }, actor, now));
}

export async function recordShipment(ctx: CommerceContext, orderId: string, body: ShipmentBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'shipment', roles, async (tx, row, now) => {
    const trackingNumber = body.trackingNumber.trim();
    const { carrier, trackingUrl } = tracking(body.carrier, trackingNumber);
    await insertShipment(tx, { orderId: row.id, carrier, trackingNumber, trackingUrl, now });
    await move(tx, row, { orderState: 'Complete' }, 'shipped', actor, { carrier, trackingNumber, trackingUrl }, now);
    return [await queueMail(ctx, tx, row, trackingUrl ? 'shipped' : 'shipped_untracked', { carrier, trackingNumber, ...(trackingUrl ? { link: mailLink(trackingUrl) } : {}) }, now)];
  });
}

/**
 * Anti-money-laundering (issue 23): an order that reached the identification threshold at placement (alone
 * or with linked orders: the customer's document is in the order) is handed over or paid out in cash only
 * with the document staff checked at the counter. Whoever checks it, the check is kept in the order (type,
 * country, last 4 characters, expiry, operator, time) and named in the step's audit entry.
 */
export function needsIdentityCheck(row: LifeRow): boolean {
  return row.data.paymentMethod === 'cash' && !!row.data.identityDocument;
}

const last4 = (n: string) => n.replace(/[\s-]+/g, '').toUpperCase().slice(-4);

function identityCheckOf(body: IdentityCheckBody | undefined, row: LifeRow, actor: Actor, now: Date, step: IdentityCheckDoc['step']): IdentityCheckDoc | null {
  if (!body) {
    if (needsIdentityCheck(row)) fail('identity_check_required', { details: { fields: [{ field: 'identityCheck', code: 'required', message: 'The identity document checked is required.' }] } });
    return null;
  }
  if (body.expiryDate < now.toISOString().slice(0, 10)) {
    fail('validation_failed', { details: { fields: [{ field: 'identityCheck.expiryDate', code: 'date_in_past', message: 'An expired document does not identify.' }] } });
  }
  const given = row.data.identityDocument;
  const check: IdentityCheckDoc = {
    documentType: body.documentType, issuingCountry: body.issuingCountry.toUpperCase(), numberLast4: last4(body.documentNumber), expiryDate: body.expiryDate,
    matchesOrder: null, checkedBy: { id: actor.id, email: actor.email }, checkedAt: now.toISOString(), step,
  };
  if (given) check.matchesOrder = given.documentType === check.documentType && given.issuingCountry === check.issuingCountry && last4(given.documentNumber) === check.numberLast4;
  return check;
}

/** What the audit entry names of a check (who: the entry's actor). */
const checkDetails = (c: IdentityCheckDoc) => ({
  documentType: c.documentType, issuingCountry: c.issuingCountry, numberLast4: c.numberLast4, expiryDate: c.expiryDate, matchesOrder: c.matchesOrder,
});

export async function recordPickup(ctx: CommerceContext, orderId: string, body: PickupBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'pickup', roles, async (tx, row, now) => {
    const check = identityCheckOf(body.identityCheck, row, actor, now, 'pickup');
    if (check) {
      row.data.identityCheck = check;
      await saveDoc(tx, row);
    }
    let invoice: IssuedDocument | null = null;
    if (row.payment_state === 'Pending') {
      // cash on pickup: paid at the counter when handed over
      const total = Number(row.total_gross_cents) - await paidCents(tx, row.id);
      await applyCounterPayment(tx, row, total, actor, now);
      invoice = await invoicePaidOrder(ctx, tx, row, actor, now);
    }
    await move(tx, row, { orderState: 'Complete' }, 'collected', actor, {
      collectedBy: body.collectedBy, note: body.note ?? null, ...(check ? { identityCheck: checkDetails(check) } : {}),
    }, now);
    return [await queueMail(ctx, tx, row, 'collected', { date: now }, now, attach(invoice))];
  });
}

/**
 * Issue 25: a purchase paid in full gets its invoice in the payment's transaction (bank transfer by hand or
 * from the statement, cash at the counter); the audit entry `invoice_issued` names its number and SHA-256 and
 * who recorded the payment. Paid again after the bank took a payment back: the invoice exists, nothing new.
 */
async function invoicePaidOrder(ctx: CommerceContext, tx: Db, row: LifeRow, actor: Actor, now: Date): Promise<IssuedDocument | null> {
  return auditIssued(tx, row, actor, 'invoice_issued', await issueInvoice(ctx, tx, row, now), now);
}

/**
 * Issue 25: a sale paid out gets its credit note in the payout's transaction, from the assay (none for a sale
 * from the depot: its estimate is final) and the payout as recorded (the account masked); the audit entry
 * `credit_note_issued` names its number and SHA-256 and who paid out.
 */
async function creditPaidOut(ctx: CommerceContext, tx: Db, row: LifeRow, actor: Actor, now: Date): Promise<IssuedDocument | null> {
  const p = row.data.payout!;
  const facts: CreditNoteFacts = {
    assay: row.data.assay?.lines ?? null, assayedAt: row.data.assay?.assayedAt ?? null,
    payout: { amountCents: p.amountCents, method: p.method ?? 'bank-transfer', account: p.iban, valueDate: p.valueDate },
  };
  return auditIssued(tx, row, actor, 'credit_note_issued', await issueCreditNote(ctx, tx, row, facts, now), now);
}

/** Issue 25: a cancelled order that was invoiced (paid, then the bank took the money back) gets its cancellation invoice. */
async function cancelInvoice(ctx: CommerceContext, tx: Db, row: LifeRow, actor: Actor, now: Date): Promise<IssuedDocument | null> {
  return auditIssued(tx, row, actor, 'cancellation_invoice_issued', await issueCancellation(ctx, tx, row, now), now);
}

/** The audit entry of a document issued in a step (none when nothing was issued): its number and SHA-256, and
 * the original's number for a cancellation invoice; the order's states unchanged. */
async function auditIssued(
  tx: Db, row: LifeRow, actor: Actor, action: 'invoice_issued' | 'cancellation_invoice_issued' | 'credit_note_issued', doc: (IssuedDocument & { refersTo?: string }) | null, now: Date,
): Promise<IssuedDocument | null> {
  if (!doc) return null;
  await writeAudit(tx, {
    orderId: row.id, orderNumber: row.order_number, actor, action, before: statesOf(row), after: statesOf(row),
    details: { documentId: doc.id, kind: doc.kind, number: doc.number, sha256: doc.sha256, ...(doc.xmlSha256 ? { xmlSha256: doc.xmlSha256 } : {}), ...(doc.refersTo ? { refersTo: doc.refersTo } : {}) },
  }, now);
  return doc;
}

async function applyCounterPayment(tx: Db, row: LifeRow, cents: number, actor: Actor, now: Date): Promise<void> {
  const day = dayInStore(row.store_key, now);
  await insertCounterPayment(tx, { orderId: row.id, cents, currency: row.currency, reference: 'cash at pickup', valueDate: day, now, actor });
  row.data.paymentDate = now.toISOString();
  await saveDoc(tx, row);
  await move(tx, row, { paymentState: 'Paid' }, 'payment_recorded', actor, { amount: money(row, cents), reference: 'cash at pickup', valueDate: day, source: 'manual' }, now);
}

/** Cancels the locked order (state checked by the caller); a sale from the deposit puts its pieces back. */
export async function applyCancel(ctx: CommerceContext, tx: Db, row: LifeRow, reason: string, actor: Actor, now: Date, why?: string): Promise<number[]> {
  const paid = await paidCents(tx, row.id);
  const restored = await restoreDepositSale(tx, row);
  const details: Record<string, unknown> = { reason };
  if (paid > 0) details.refundDue = money(row, paid);
  if (restored > 0) details.piecesRestored = restored;
  await move(tx, row, { orderState: 'Cancelled' }, 'cancelled', actor, details, now);
  const storno = await cancelInvoice(ctx, tx, row, actor, now);
  const h = helpers(ctx, row);
  return [await queueMail(ctx, tx, row, 'cancelled', { date: row.created_at, why: why ?? h.t('cancelled.reason', { reason }) }, now, attach(storno))];
}

export async function cancelOrder(ctx: CommerceContext, orderId: string, body: CancelBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  const note = body.reason?.trim() ?? '';
  await runStep(ctx, orderId, 'cancel', roles, (tx, row, now) => {
    // a reason from the list or one typed: never none (checked after the role, like every step's input)
    if (!body.reasonCode && note.length === 0) fail('validation_failed', { details: { fields: [fieldError('reason', 'required')] } });
    if (!body.reasonCode) return applyCancel(ctx, tx, row, note, actor, now);
    // issue 28: a listed reason goes to the customer in the customer's language; the operator's free text
    // follows it as an addition. The audit keeps the code and the text as typed.
    const h = helpers(ctx, row);
    const why = [h.t(`cancelled.reasons.${body.reasonCode}`), ...(note ? [h.t('cancelled.note', { note })] : [])].join('\n\n');
    return applyCancel(ctx, tx, row, note ? `${body.reasonCode}: ${note}` : body.reasonCode, actor, now, why);
  });
}

export async function recordGoodsReceived(ctx: CommerceContext, orderId: string, body: GoodsReceivedBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'goods-received', roles, async (tx, row, now) => {
    await move(tx, row, {}, 'goods_received', actor, { note: body.note ?? null }, now);
    row.data.goodsReceivedAt = now.toISOString();
    await saveDoc(tx, row);
    return [await queueMail(ctx, tx, row, 'goods_received', {}, now)];
  });
}

const mg = (grams: number) => Math.round(grams * 1000);

/**
 * The payout of the measured fine weight at the price locked when the order was placed: per line the
 * estimate's price per estimated fine milligram times the final fine milligrams, rounded to the cent (half
 * up: Math.round of the exact fraction estimateCents * finalMg / estimatedMg); the order's payout is the sum
 * of the lines. A line whose estimated fine weight is unknown (0) cannot be repriced: 400 assay_lines_mismatch.
 */
export function assayPayout(lines: { lineId: string; estimatedFineMg: number; finalFineMg: number; estimateCents: number }[]): AssayDoc['lines'] {
  return lines.map((l) => ({ ...l, finalCents: Math.round((l.estimateCents * l.finalFineMg) / l.estimatedFineMg) }));
}

/**
 * The estimated fine weight of each line of a sale in milligrams, by line id: scrap from its declared weight
 * and fineness, a coin or bar from the catalogue's fine weight per piece times the quantity; 0 when unknown.
 * The assay reprices from it, and the back office prefills the assay form with it.
 */
export async function estimatedFineMg(db: Db, row: LifeRow): Promise<Map<string, number>> {
  const skus = row.data.lines.filter((l) => l.kind === 'product' && l.sku).map((l) => l.sku as string);
  const fine = new Map((await fineWeights(db, skus)).map((r) => [r.sku, Number(r.g)]));
  return new Map(row.data.lines.map((l) => [l.id, mg(l.kind === 'scrap' && l.scrap ? (l.scrap.weightGrams * l.scrap.fineness) / 1000 : (fine.get(l.sku ?? '') ?? 0) * l.quantity)]));
}

/** Decision: a final fine weight more than 20 % off its estimate needs the operator's confirmation (AssayBody.confirmDeviation). */
export const ASSAY_DEVIATION_CONFIRM = 0.2;

export async function recordAssay(ctx: CommerceContext, orderId: string, body: AssayBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'assay', roles, async (tx, row, now) => {
    const given = new Map(body.lines.map((l) => [l.lineId, l.finalFineWeightMg]));
    const ids = row.data.lines.map((l) => l.id);
    if (given.size !== body.lines.length || given.size !== ids.length || ids.some((id) => !given.has(id))) {
      fail('assay_lines_mismatch', { details: { lineIds: ids } });
    }
    const estimated = await estimatedFineMg(tx, row);
    const lines = assayPayout(row.data.lines.map((l) => {
      const estimateCents = l.price.centAmount * (l.kind === 'scrap' ? 1 : l.quantity);
      return { lineId: l.id, estimatedFineMg: estimated.get(l.id) ?? 0, finalFineMg: given.get(l.id)!, estimateCents };
    }));
    const unknown = lines.filter((l) => l.estimatedFineMg <= 0).map((l) => l.lineId);
    if (unknown.length > 0) fail('assay_lines_mismatch', { message: 'A line has no estimated fine weight to reprice from.', details: { lineIds: unknown } });
    // a weight far from the estimate is a typo more often than a find: the operator confirms it on purpose
    const deviating = lines.filter((l) => Math.abs(l.finalFineMg - l.estimatedFineMg) > l.estimatedFineMg * ASSAY_DEVIATION_CONFIRM).map((l) => l.lineId);
    if (deviating.length > 0 && body.confirmDeviation !== true) fail('assay_deviation_unconfirmed', { details: { lineIds: deviating } });
    const estimateCents = lines.reduce((s, l) => s + l.estimateCents, 0);
    const finalCents = lines.reduce((s, l) => s + l.finalCents, 0);
    row.data.assay = { lines, estimateCents, finalCents, note: body.note?.trim() || null, assayedAt: now.toISOString() };
    const offer = counterOfferOf(estimateCents, finalCents, now);
    if (offer) row.data.counterOffer = offer;
    await saveDoc(tx, row);
    await move(tx, row, { orderState: 'Accepted' }, 'assayed', actor, {
      estimate: money(row, estimateCents), final: money(row, finalCents), lines: lines.map((l) => ({ lineId: l.lineId, finalFineWeightGrams: l.finalFineMg / 1000, final: l.finalCents })),
      ...(offer ? { counterOffer: { offer: money(row, offer.offerCents), deadline: offer.deadline } } : {}),
    }, now);
    const h = helpers(ctx, row);
    // grams to the milligram (the assay's precision), in the store's locale
    const grams = (m: number) => formatNumber(m / 1000, stores[row.store_key].locales[h.lang], 3);
    // the account masked like the payout's (a mail is no place for a full account number)
    const account = row.data.payoutAccount
      ? (row.data.payoutAccount.iban ? maskIban(row.data.payoutAccount.iban) : `****${(row.data.payoutAccount.accountNumber ?? '').replace(/\s+/g, '').slice(-4)}`)
      : null;
    const lineTexts = lines.map((l) => h.t('assayed.line', {
      name: row.data.lines.find((x) => x.id === l.lineId)!.name[h.lang], estimatedGrams: grams(l.estimatedFineMg), finalGrams: grams(l.finalFineMg),
      final: h.money(l.finalCents), estimate: h.money(l.estimateCents),
    }));
    const summary = [
      finalCents === estimateCents
        ? h.t('assayed.same', { final: h.money(finalCents) })
        : h.t('assayed.total', { final: h.money(finalCents), estimate: h.money(estimateCents), difference: h.money(finalCents - estimateCents) }),
      ...(row.data.assay?.note ? [h.t('assayed.note', { note: row.data.assay.note })] : []),
    ].join('\n');
    const paid = account ? h.t('assayed.transfer', { account }) : h.t('assayed.cash');
    // a counter-offer: what the customer may do, by when, and what happens without an answer
    const next = offer
      ? h.t('assayed.offer', { offer: h.money(offer.offerCents), estimate: h.money(offer.estimateCents), threshold: Math.round(COUNTER_OFFER_THRESHOLD * 100), deadline: new Date(offer.deadline), link: mailLink(orderLink(ctx, row)) })
      : paid;
    return [await queueMail(ctx, tx, row, 'assayed', { lines: lineTexts.join('\n'), summary, next }, now)];
  });
}

/**
 * Issue 23: the counter-offer an assay makes when its total is more than COUNTER_OFFER_THRESHOLD below the
 * estimate (contracts/order.ts states the decision): open until COUNTER_OFFER_DAYS after the assay.
 * Compared in whole cents: final * 100 < estimate * (100 - 5).
 */
export function counterOfferOf(estimateCents: number, finalCents: number, now: Date): CounterOfferDoc | null {
  const percent = Math.round(COUNTER_OFFER_THRESHOLD * 100);
  if (finalCents * 100 >= estimateCents * (100 - percent)) return null;
  const deadline = new Date(now.getTime() + COUNTER_OFFER_DAYS * 86_400_000).toISOString();
  return { status: 'open', estimateCents, offerCents: finalCents, offeredAt: now.toISOString(), deadline, decidedAt: null, returnedAt: null };
}

/** The customer's order page in the shop (the offer is answered there), in the order's language. */
function orderLink(ctx: CommerceContext, row: LifeRow): string {
  return `${canonicalOrigin(row.store_key, ctx.config)}${pathFor('accountOrder', orderLang(row), { slug: row.id })}`;
}

export type OfferDecision = 'accept' | 'decline';

/**
 * Issue 23: the customer answers the counter-offer of their own sale (another's, or an unknown id: 404
 * order_not_found). Accepted: finance pays out the offer. Declined: the warehouse sends the goods back
 * (insured, at the shop's cost) and the order ends Cancelled. Once answered, or past the deadline (then the
 * offer counts as accepted; the job records it): 409 counter_offer_not_open. One transaction, audited with
 * the customer as the actor, a mail.
 */
export async function decideCounterOffer(ctx: CommerceContext, orderId: string, owner: { customerId: string; storeKey: string }, decision: OfferDecision): Promise<void> {
  const ids = await ctx.db.transaction(async (tx) => {
    const row = await orderById(tx, orderId, { forUpdate: true });
    if (row.customer_id !== owner.customerId || row.store_key !== owner.storeKey) fail('order_not_found');
    const now = ctx.clock();
    const offer = row.data.counterOffer;
    if (!offer || offer.status !== 'open' || Date.parse(offer.deadline) <= now.getTime() || row.order_state !== 'Accepted') {
      fail('counter_offer_not_open', { details: { status: offer?.status ?? null } });
    }
    const actor: Actor = { type: 'customer', id: owner.customerId, email: null };
    const accept = decision === 'accept';
    await move(tx, row, {}, accept ? 'offer_accepted' : 'offer_declined', actor, accept ? { amount: money(row, offer.offerCents) } : { offer: money(row, offer.offerCents) }, now);
    offer.status = accept ? 'accepted' : 'declined';
    offer.decidedAt = now.toISOString();
    await saveDoc(tx, row);
    const h = helpers(ctx, row);
    if (accept) return [await queueMail(ctx, tx, row, 'offer_accepted', { amount: h.money(offer.offerCents) }, now)];
    return [await queueMail(ctx, tx, row, 'offer_declined', {}, now)];
  });
  ctx.outbox.deliver(ids);
}

/** Issue 23: an open counter-offer past its deadline counts as accepted (the job's step; the row is locked). */
export async function expireCounterOffer(ctx: CommerceContext, tx: Db, row: LifeRow, actor: Actor, now: Date): Promise<number[]> {
  const offer = row.data.counterOffer!;
  await move(tx, row, {}, 'offer_expired', actor, { amount: money(row, offer.offerCents), deadline: offer.deadline }, now);
  offer.status = 'expired';
  offer.decidedAt = now.toISOString();
  await saveDoc(tx, row);
  const h = helpers(ctx, row);
  return [await queueMail(ctx, tx, row, 'offer_expired', { amount: h.money(offer.offerCents), deadline: new Date(offer.deadline) }, now)];
}

/**
 * Issue 23: the warehouse sent the goods of a declined counter-offer back (insured, at the shop's cost):
 * the order ends Cancelled, nothing is paid out.
 */
export async function recordGoodsReturned(ctx: CommerceContext, orderId: string, body: GoodsReturnedBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  await runStep(ctx, orderId, 'goods-returned', roles, async (tx, row, now) => {
    const trackingNumber = body.trackingNumber?.trim() || null;
    await move(tx, row, { orderState: 'Cancelled' }, 'goods_returned', actor, { trackingNumber, note: body.note?.trim() || null }, now);
    row.data.counterOffer!.returnedAt = now.toISOString();
    await saveDoc(tx, row);
    const h = helpers(ctx, row);
    return [await queueMail(ctx, tx, row, 'goods_returned', { tracking: trackingNumber ? h.t('goods_returned.tracking', { trackingNumber }) : '' }, now)];
  });
}

/** The accepted payout: the assay's final amount, or the order's total (a sale from the deposit, no assay). */
export function acceptedPayoutCents(row: LifeRow): number {
  return row.data.assay?.finalCents ?? Number(row.total_gross_cents);
}

/** CH93 **** **** **** 2957 1: the country, check digits and the last five characters. */
export function maskIban(iban: string): string {
  const n = iban.replace(/\s+/g, '');
  const masked = n.slice(0, 4) + n.slice(4, -5).replace(/./g, '*') + n.slice(-5);
  return masked.replace(/(.{4})/g, '$1 ').trim();
}

/** Issue 26: the four-eyes threshold of payouts in a currency, in cents (FOUR_EYES_PAYOUT_THRESHOLDS; default 10,000.00). */
export function fourEyesThresholdCents(setting: string, currency: string): number {
  for (const pair of setting.split(',')) {
    const [cur, amount] = pair.split('=');
    if (cur === currency && amount) return Math.round(Number(amount) * 100);
  }
  return 1_000_000;
}

/**
 * Four eyes on large payouts (issue 26): a payout above the threshold of its currency is prepared by one
 * finance operator (the order stays Accepted; the entry payout_prepared names who, in the step's
 * transaction) and released by another with the same payout (amount, account, value date): only then is it
 * paid out, the entry paid_out naming both. The one who prepared it cannot release it (409
 * four_eyes_same_operator); a release that differs from what was prepared is refused (409
 * four_eyes_mismatch) and changes nothing. Decision: "above" means strictly more than the threshold; an
 * admin counts as any other operator (an admin cannot release what it prepared either). Answers 'prepared'
 * when this call prepared it, else who prepared and released it (nothing when no second pair of eyes is needed).
 *
 * Decision (issue 26, "a payout or a refund"): the shop has no step that sends a refund. Cancelling a paid
 * order (applyCancel) records the amount owed as refundDue in the audit and issues the cancellation invoice;
 * the money goes back outside the shop (the bank's own approval), and the spec names no refund step. So the
 * four eyes apply to payouts only; a refund step, when one is built, moves money like a payout and must call
 * this same prepare/release rule with the same threshold.
 */
async function fourEyesPayout(
  ctx: CommerceContext, tx: Db, row: LifeRow, payout: { amountCents: number; iban: string | null; valueDate: string }, actor: Actor, now: Date,
): Promise<'prepared' | { preparedBy?: { id: string; email: string | null }; releasedBy?: { id: string; email: string | null } }> {
  const threshold = fourEyesThresholdCents(ctx.config.FOUR_EYES_PAYOUT_THRESHOLDS ?? '', row.currency);
  if (payout.amountCents <= threshold) return {};
  const who = { id: actor.id ?? '', email: actor.email ?? null };
  const prepared = row.data.payoutPrepared;
  if (!prepared) {
    row.data.payoutPrepared = { ...payout, by: who, at: now.toISOString() };
    await saveDoc(tx, row);
    const states = statesOf(row);
    await writeAudit(tx, {
      orderId: row.id, orderNumber: row.order_number, actor, action: 'payout_prepared', before: states, after: states,
      details: { amount: money(row, payout.amountCents), iban: payout.iban, valueDate: payout.valueDate, threshold: money(row, threshold) },
    }, now);
    return 'prepared';
  }
  if (prepared.by.id === who.id) fail('four_eyes_same_operator', { details: { preparedBy: prepared.by, preparedAt: prepared.at } });
  if (prepared.amountCents !== payout.amountCents || prepared.iban !== payout.iban || prepared.valueDate !== payout.valueDate) {
    fail('four_eyes_mismatch', { details: { prepared: { amount: money(row, prepared.amountCents), iban: prepared.iban, valueDate: prepared.valueDate } } });
  }
  return { preparedBy: prepared.by, releasedBy: who };
}

export async function recordPayout(ctx: CommerceContext, orderId: string, body: PayoutBody, actor: Actor, roles: OperatorRole[]): Promise<void> {
  const field = (name: string, code: string, message: string) => fail('validation_failed', { details: { fields: [{ field: name, code, message }] } });
  const iban = body.iban === undefined ? undefined : normalizeIban(body.iban);
  if (iban !== undefined && !ibanValid(iban)) field('iban', 'invalid_format', 'The IBAN is not valid.');
  const accountNumber = body.accountNumber?.replace(/\s+/g, '');
  checkValueDate(body.valueDate, ctx.clock());
  await runStep(ctx, orderId, 'payout', roles, async (tx, row, now) => {
    const expected = acceptedPayoutCents(row);
    if (body.centAmount !== expected) fail('payout_amount_mismatch', { details: { expected: money(row, expected) } });
    // The money goes only to the account the customer gave with the order: finance names the account it paid
    // to and it must be that one (a typo or another account is refused, nothing changes). Cash: no account.
    const cash = row.data.paymentMethod === 'cash';
    const own = row.data.payoutAccount;
    let masked: string | null = null;
    let check: IdentityCheckDoc | null = null;
    if (cash) {
      if (iban !== undefined || accountNumber !== undefined) field(iban !== undefined ? 'iban' : 'accountNumber', 'invalid_value', 'A cash payout names no account.');
      check = identityCheckOf(body.identityCheck, row, actor, now, 'payout');
    } else if (body.identityCheck) {
      field('identityCheck', 'invalid_value', 'A transfer is not paid at the counter: no identity check.');
    } else if (own?.iban) {
      if (iban === undefined) field('iban', 'required', 'The IBAN the payout went to is required.');
      if (normalizeIban(own.iban) !== iban) field('iban', 'invalid_value', 'The IBAN is not the payout account of the order.');
      masked = maskIban(iban!);
    } else if (own?.accountNumber) {
      if (accountNumber === undefined) field('accountNumber', 'required', 'The account number the payout went to is required.');
      if (own.accountNumber.replace(/\s+/g, '') !== accountNumber) field('accountNumber', 'invalid_value', 'The account number is not the payout account of the order.');
      masked = `****${accountNumber!.slice(-4)}`;
    } else {
      field('iban', 'invalid_value', 'The order has no payout account.');
    }
    const method = cash ? 'cash' as const : 'bank-transfer' as const;
    const fourEyes = await fourEyesPayout(ctx, tx, row, { amountCents: expected, iban: masked, valueDate: body.valueDate }, actor, now);
    if (fourEyes === 'prepared') return [];
    row.data.payout = { amountCents: expected, method, iban: masked, valueDate: body.valueDate, paidAt: now.toISOString(), ...fourEyes };
    delete row.data.payoutPrepared;
    row.data.paymentDate = now.toISOString();
    if (check) row.data.identityCheck = check;
    await saveDoc(tx, row);
    await move(tx, row, { orderState: 'Complete', paymentState: 'Paid' }, 'paid_out', actor, {
      amount: money(row, expected), method, iban: masked, valueDate: body.valueDate, ...(check ? { identityCheck: checkDetails(check) } : {}), ...fourEyes,
    }, now);
    const creditNote = await creditPaidOut(ctx, tx, row, actor, now);
    return [await queueMail(ctx, tx, row, cash ? 'paid_out_cash' : 'paid_out', {
      amount: money(row, expected), ...(masked ? { iban: masked } : {}), valueDate: day(body.valueDate),
    }, now, attach(creditNote))];
  });
}
