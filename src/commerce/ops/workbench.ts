// The order page as a workbench (issue 24): internal notes on the timeline, the customer card, and the
// order's mails with their resend. None of these changes the order's state; each write is one transaction
// with an audit entry naming the operator.
//
// Decisions:
// - A note is staff-only: it lives in order_notes, never in the order's document, so no customer answer or
//   mail can carry it; its audit entry (note_added) names the note and its length, not its text (the text
//   is read with the notes). A note is never changed or deleted: the timeline is a record.
// - The customer card stays on the order's store: an account belongs to one store, and the same e-mail on
//   another store is another customer (another company). A guest's order links nothing.
// - A resend copies the mail as it was written (its language, amounts and links of that moment) to the
//   address it went to. Resending a resend copies the original. Budget: RESEND_SAME_MAIL_S per mail,
//   RESENDS_PER_ORDER_HOUR per order.
import type {
  Actor, CustomerCard, CustomerCardOrder, OrderMail, OrderNote,
} from '../../contracts/ops.ts';
import { ORDER_NOTE_MAX, RESEND_SAME_MAIL_S, RESENDS_PER_ORDER_HOUR } from '../../contracts/ops.ts';
import { fieldError } from '../../lib/errors.ts';
import type { CommerceContext } from '../context.ts';
import { customerById } from '../customers/index.ts';
import { depositOfStore, depositView } from '../deposits/index.ts';
import { fail } from '../http/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { langOf } from '../lib/lang.ts';
import { writeAudit } from '../lifecycle/index.ts';
import { countCustomerLimitOrders, customerLimitOrders, limitOrderViews } from '../limit-orders/index.ts';
import { countCustomerOrders, customerOrders, orderById, type OrderRow } from '../orders/index.ts';
import { orderMail, orderMails, resendsSince, type OrderMailRow } from '../outbox/index.ts';
import { insertNote, notesOf, orderHead, type NoteRow } from './workbench-repository.ts';

/** How many of the customer's other orders and limit orders the card lists. */
export const CARD_LIST_MAX = 10;

function noteView(r: NoteRow): OrderNote {
  return { id: r.id, at: r.created_at.toISOString(), body: r.body, by: { id: r.operator_id, email: r.operator_email, name: r.operator_name } };
}

async function existingOrder(ctx: CommerceContext, orderId: string) {
  const head = await orderHead(ctx.db, orderId);
  if (!head) fail('order_not_found');
  return head;
}

// ---------------------------------------------------------------- notes

export async function orderNotes(ctx: CommerceContext, orderId: string): Promise<OrderNote[]> {
  await existingOrder(ctx, orderId);
  return (await notesOf(ctx.db, orderId)).map(noteView);
}

/** Adds an internal note (trimmed; blank or too long: 400 validation_failed) with its audit entry, in one transaction. */
export async function addOrderNote(ctx: CommerceContext, orderId: string, text: string, actor: Actor): Promise<OrderNote> {
  const body = text.trim();
  if (body === '') fail('validation_failed', { details: { fields: [fieldError('body', 'required')] } });
  if (body.length > ORDER_NOTE_MAX) fail('validation_failed', { details: { fields: [fieldError('body', 'too_long', ORDER_NOTE_MAX)] } });
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const head = await orderHead(tx, orderId, { lock: true });
    if (!head) fail('order_not_found');
    const note = await insertNote(tx, { orderId, body, operatorId: actor.id, operatorEmail: actor.email ?? '', now });
    await writeAudit(tx, {
      orderId, orderNumber: head.order_number, actor, action: 'note_added', before: null, after: null, details: { noteId: note.id, length: body.length },
    }, now);
    return noteView(note);
  });
}

// ---------------------------------------------------------------- mails

function mailView(r: OrderMailRow): OrderMail {
  return {
    id: Number(r.id), subject: r.subject ?? '', to: r.to, createdAt: r.created_at.toISOString(), sentAt: r.sent_at?.toISOString() ?? null,
    failedAt: r.failed_at?.toISOString() ?? null, resentFrom: r.resent_from === null ? null : Number(r.resent_from),
  };
}

export async function orderMailList(ctx: CommerceContext, orderId: string): Promise<OrderMail[]> {
  await existingOrder(ctx, orderId);
  return (await orderMails(ctx.db, orderId)).map(mailView);
}

const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

/** Sends one of the order's mails again: 201 the new mail; 404 order_mail_not_found; 429 too_many_requests over budget. */
export async function resendOrderMail(ctx: CommerceContext, orderId: string, mailId: number, actor: Actor): Promise<OrderMail> {
  const now = ctx.clock();
  const mail = await ctx.db.transaction(async (tx) => {
    // the order locked: two resends at once count their budget one after the other
    const head = await orderHead(tx, orderId, { lock: true });
    if (!head) fail('order_not_found');
    const picked = await orderMail(tx, orderId, mailId);
    if (!picked) fail('order_mail_not_found');
    const original = picked.resent_from === null ? picked : (await orderMail(tx, orderId, Number(picked.resent_from))) ?? picked;
    const used = await resendsSince(tx, orderId, Number(original.id), { mail: addSeconds(now, -RESEND_SAME_MAIL_S), order: addSeconds(now, -3600) });
    if (used.lastOfMail) fail('too_many_requests', { details: { retryAfter: secondsUntil(addSeconds(used.lastOfMail, RESEND_SAME_MAIL_S), now) } });
    if (used.ofOrder >= RESENDS_PER_ORDER_HOUR && used.firstOfOrder) {
      fail('too_many_requests', { details: { retryAfter: secondsUntil(addSeconds(used.firstOfOrder, 3600), now) } });
    }
    const id = await ctx.outbox.add(tx, {
      channel: 'mail', customerId: original.customer_id, storeKey: original.store_key as OrderRow['store_key'], to: original.to,
      subject: original.subject, text: original.text, html: original.html, orderId, resentFrom: Number(original.id), attachments: original.attachments,
    }, now);
    await writeAudit(tx, {
      orderId, orderNumber: head.order_number, actor, action: 'mail_resent', before: null, after: null,
      details: { mailId: Number(original.id), resendId: id, subject: original.subject ?? '' },
    }, now);
    return (await orderMail(tx, orderId, id))!;
  });
  ctx.outbox.deliver([Number(mail.id)]);
  return mailView(mail);
}

// ---------------------------------------------------------------- the customer card

function billingName(row: OrderRow): string {
  const a = row.data.billingAddress;
  return [a?.firstName, a?.lastName].filter(Boolean).join(' ') || a?.company || '';
}

function cardOrder(r: OrderRow): CustomerCardOrder {
  return {
    id: r.id, orderNumber: r.order_number, createdAt: r.created_at.toISOString(), transactionType: r.type, orderState: r.order_state,
    paymentState: r.payment_state, total: { centAmount: Number(r.total_gross_cents), currencyCode: r.currency },
  };
}

async function depotOf(ctx: CommerceContext, customerId: string, row: OrderRow, lang: 'de' | 'en'): Promise<CustomerCard['depot']> {
  const deposit = await depositOfStore(ctx.db, customerId, row.store_key);
  if (!deposit) return null;
  const d = await depositView(ctx.db, deposit, lang, ctx.clock());
  return {
    number: d.number, openedAt: d.openedAt, openingValue: d.openingValue, currentValue: d.currentValue,
    holdings: d.holdings.map((h) => ({ sku: h.sku, name: h.name, quantity: h.quantity, currentValue: h.currentValue })),
  };
}

async function limitOrdersOf(ctx: CommerceContext, customerId: string, row: OrderRow, lang: 'de' | 'en'): Promise<CustomerCard['limitOrders']> {
  const rows = await customerLimitOrders(ctx.db, customerId, row.store_key, { status: null, limit: CARD_LIST_MAX, offset: 0 });
  const views = await limitOrderViews(ctx.db, rows, lang, ctx.clock());
  return {
    results: views.map((l) => ({
      id: l.id, number: l.number, status: l.status, name: l.name, quantity: l.quantity,
      limitPrice: { centAmount: l.targetCentAmount, currencyCode: l.currency }, expiresAt: l.expiresAt, orderId: l.orderId, orderNumber: l.orderNumber,
    })),
    total: await countCustomerLimitOrders(ctx.db, customerId, row.store_key, null),
  };
}

/** Who ordered, and the customer's other orders, depot and limit orders on the order's store. */
export async function customerCard(ctx: CommerceContext, orderId: string, languageTag?: string): Promise<CustomerCard> {
  const row = await orderById(ctx.db, orderId);
  if (!row) fail('order_not_found');
  const lang = langOf(languageTag, 'de');
  const account = await customerById(ctx.db, row.customer_id);
  const base = { email: row.data.customerEmail, name: billingName(row), store: row.store_key };
  if (!account || account.kind !== 'registered' || account.store_key !== row.store_key) {
    return { kind: 'guest', customerId: null, ...base, accountSince: null, orders: { results: [], total: 0 }, depot: null, limitOrders: { results: [], total: 0 } };
  }
  const others = await customerOrders(ctx.db, account.id, row.store_key, { limit: CARD_LIST_MAX + 1, offset: 0, type: null });
  return {
    kind: 'account', customerId: account.id, ...base,
    email: account.email ?? base.email,
    name: [account.first_name, account.last_name].filter(Boolean).join(' ') || account.company_name || base.name,
    accountSince: account.created_at.toISOString(),
    orders: {
      results: others.filter((o) => o.id !== row.id).slice(0, CARD_LIST_MAX).map(cardOrder),
      total: Math.max(0, (await countCustomerOrders(ctx.db, account.id, row.store_key, null)) - 1),
    },
    depot: await depotOf(ctx, account.id, row, lang),
    limitOrders: await limitOrdersOf(ctx, account.id, row, lang),
  };
}
