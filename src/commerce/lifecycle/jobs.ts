// The payment deadline of bank-transfer purchases (job `payment-deadline`, every 15 minutes and at start):
// once 3 working days have passed without the full transfer the customer gets ONE reminder; once the 5th
// working day (paymentDueBy) has passed the order is cancelled. Each order is handled in a transaction of
// its own with its row locked (`for update skip locked`: a second instance on the same database skips the
// rows the first holds, and re-checks the state under the lock), so two instances never remind or cancel
// twice. Orders with a partial payment are not cancelled automatically (money would have to go back): they
// stay in the back office's overdue queue for finance. Time is the service's clock (tests move it).
import type { Actor } from '../../contracts/ops.ts';
import type { CommerceContext } from '../context.ts';
import { day, helpers, queueMail } from './mail.ts';
import { move } from './model.ts';
import { eventAllowed } from './transitions.ts';
import { awaitingOrderSkipLocked, deadlineCandidates, expiredOfferCandidates, markReminded, openOfferSkipLocked, paidCents } from './repository.ts';
import { applyCancel, expireCounterOffer } from './steps.ts';
import { reminderAfter } from '../lib/working-days.ts';
import { dayInStore } from '../../stores.ts';

export const DEADLINE_JOB = 'payment-deadline';
export const DEADLINE_INTERVAL_MS = 15 * 60_000;
const actor: Actor = { type: 'system', id: DEADLINE_JOB, email: null };

export async function paymentDeadlines(ctx: CommerceContext): Promise<{ reminded: number; cancelled: number }> {
  const now = ctx.clock();
  // candidates: due dates from 3 days before tomorrow on (a cheap prefilter; the rule is checked per row)
  const candidates = await deadlineCandidates(ctx.db, now.toISOString().slice(0, 10));
  let reminded = 0;
  let cancelled = 0;
  // An order that fails (its transaction rolls back) must not stop the others: the next run would stop at it
  // again, and no order after it would ever be reminded or cancelled. The run fails at the end, naming them.
  const failed: { id: string; err: unknown }[] = [];
  for (const { id } of candidates) {
    const result = await ctx.db.transaction(async (tx) => {
      const row = await awaitingOrderSkipLocked(tx, id);
      if (!row || !row.due) return null;
      const today = dayInStore(row.store_key, now);
      const h = helpers(ctx, row);
      if (today > row.due) {
        // the state machine decides whether a job may cancel it (move() would refuse it too)
        if (await paidCents(tx, row.id) > 0 || !eventAllowed(row, 'cancelled', actor)) return null;
        const ids = await applyCancel(ctx, tx, row, 'not_paid_in_time', actor, now, h.t('cancelled.unpaid', { dueBy: day(row.due) }));
        return { kind: 'cancelled' as const, ids };
      }
      if (!row.payment_reminded_at && today > reminderAfter(row.created_at, row.store_key) && eventAllowed(row, 'payment_reminder', actor)) {
        await markReminded(tx, row.id, now);
        const open = Number(row.total_gross_cents) - await paidCents(tx, row.id);
        await move(tx, row, {}, 'payment_reminder', actor, { paymentDueBy: row.due }, now);
        const pay = row.data.paymentInstructions;
        const id = await queueMail(ctx, tx, row, 'payment_reminder', {
          amount: h.money(open), dueBy: day(row.due), owner: pay?.accountOwner ?? '', account: pay?.iban ?? pay?.accountNumber ?? '',
        }, now);
        return { kind: 'reminded' as const, ids: [id] };
      }
      return null;
    }).catch((err: unknown) => {
      failed.push({ id, err });
      return null;
    });
    if (!result) continue;
    ctx.outbox.deliver(result.ids);
    if (result.kind === 'cancelled') cancelled += 1;
    else reminded += 1;
  }
  if (failed.length > 0) {
    throw new Error(`${DEADLINE_JOB}: ${failed.length} order(s) could not be handled (${failed.map((f) => f.id).join(', ')}); ${reminded} reminded, ${cancelled} cancelled`, { cause: failed[0].err });
  }
  return { reminded, cancelled };
}

// Issue 23, the counter-offer's deadline (job `counter-offer-deadline`, every 15 minutes and at start): an
// offer the customer has not answered by its deadline counts as accepted (the shop's terms say so, the
// assay's mail too); finance may then pay it out. Each order in its own transaction with its row locked
// (`for update skip locked`, re-checked under the lock: a customer's answer at the same moment wins or
// waits). Time is the service's clock.
export const OFFER_JOB = 'counter-offer-deadline';
export const OFFER_INTERVAL_MS = 15 * 60_000;
const offerActor: Actor = { type: 'system', id: OFFER_JOB, email: null };

export async function counterOfferDeadlines(ctx: CommerceContext): Promise<{ expired: number }> {
  const now = ctx.clock();
  let expired = 0;
  const failed: { id: string; err: unknown }[] = [];
  for (const { id } of await expiredOfferCandidates(ctx.db, now)) {
    const ids = await ctx.db.transaction(async (tx) => {
      const row = await openOfferSkipLocked(tx, id);
      if (!row || Date.parse(row.data.counterOffer!.deadline) > now.getTime() || !eventAllowed(row, 'offer_expired', offerActor)) return null;
      return expireCounterOffer(ctx, tx, row, offerActor, now);
    }).catch((err: unknown) => {
      failed.push({ id, err });
      return null;
    });
    if (!ids) continue;
    ctx.outbox.deliver(ids);
    expired += 1;
  }
  if (failed.length > 0) {
    throw new Error(`${OFFER_JOB}: ${failed.length} order(s) could not be handled (${failed.map((f) => f.id).join(', ')}); ${expired} expired`, { cause: failed[0].err });
  }
  return { expired };
}
