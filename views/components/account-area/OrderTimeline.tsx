// What happened to an order so far (issue 15), as the customer reads it on the order page: one sentence per
// event, oldest first, with the date and time in the shop's format. The service writes the entries
// (Order.timeline); their details are plain JSON, so each fact is checked before it is shown, and an entry
// whose facts are missing still says what happened. A parcel's tracking link opens the carrier's page; an
// assay explains, line by line, how the final payout differs from the estimate.
import type { ReactNode } from 'react';
import type { Money } from '../../../src/contracts/cart.ts';
import type { Order, OrderTimelineEntry } from '../../../src/contracts/order.ts';
import { formatNumber } from '../../../src/i18n.ts';
import { pathFor } from '../../../src/screens.ts';
import type { Shop } from '../../lib/context.tsx';
import { useShop } from '../../lib/context.tsx';
import { moneyOf } from '../cart/format.ts';
import { Link } from '../ShopLink.tsx';
import { calendarDate, dateTime, orderStateLabel } from './labels.tsx';

type Details = Record<string, unknown>;
type AssayFacts = NonNullable<Order['assay']>;
type AssayLine = AssayFacts['lines'][number];

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function money(v: unknown): Money | null {
  if (!v || typeof v !== 'object') return null;
  const m = v as Partial<Money>;
  return Number.isSafeInteger(m.centAmount) && typeof m.currencyCode === 'string' ? (m as Money) : null;
}

function grams(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

/** Only a web address may become a link (a javascript: or data: URL from a bad record must not). */
export function trackingHref(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

function assayLine(v: unknown): AssayLine | null {
  if (!v || typeof v !== 'object') return null;
  const l = v as Details;
  const name = text(l.name);
  const estimated = grams(l.estimatedFineWeightGrams);
  const final = grams(l.finalFineWeightGrams);
  const estimate = money(l.estimate);
  const finalAmount = money(l.final);
  if (!name || estimated === null || final === null || !estimate || !finalAmount) return null;
  return { lineId: text(l.lineId) ?? name, name, estimatedFineWeightGrams: estimated, finalFineWeightGrams: final, estimate, final: finalAmount };
}

/** The assay's facts: the entry's own when complete, else the order's (one assay per order). */
function assayOf(details: Details, order: Pick<Order, 'assay'>): Pick<AssayFacts, 'estimate' | 'final' | 'lines' | 'note'> | null {
  const estimate = money(details.estimate);
  const final = money(details.final);
  const lines = Array.isArray(details.lines) ? details.lines.map(assayLine) : [];
  if (estimate && final && lines.length > 0 && lines.every((l) => l !== null)) {
    return { estimate, final, lines: lines as AssayLine[], note: text(details.note) ?? order.assay?.note ?? null };
  }
  return order.assay ?? null;
}

function difference(shop: Shop, from: Money, to: Money): string {
  const d = to.centAmount - from.centAmount;
  const m = moneyOf(shop, { centAmount: Math.abs(d), currencyCode: to.currencyCode });
  // a word joiner keeps the sign on the amount's line
  return d > 0 ? `+\u2060${m}` : d < 0 ? `−\u2060${m}` : m;
}

function AssayExplanation({ assay }: { assay: NonNullable<ReturnType<typeof assayOf>> }) {
  const shop = useShop();
  const { t, locale } = shop;
  // grams with the unit, never split over two lines
  const g = (n: number) => `${formatNumber(n, locale, 3)}\u00a0g`;
  return (
    <div className="order-timeline-assay" data-testid="assay-explanation">
      <p>{t('orders.timeline.assayWhy')}</p>
      <ul>
        {assay.lines.map((l) => (
          <li key={l.lineId}>
            {l.final.centAmount === l.estimate.centAmount && l.finalFineWeightGrams === l.estimatedFineWeightGrams
              ? t('orders.timeline.assayLineSame', { name: l.name, weight: g(l.finalFineWeightGrams), amount: moneyOf(shop, l.final) })
              : t('orders.timeline.assayLine', {
                name: l.name, estimatedWeight: g(l.estimatedFineWeightGrams), finalWeight: g(l.finalFineWeightGrams),
                estimate: moneyOf(shop, l.estimate), final: moneyOf(shop, l.final), difference: difference(shop, l.estimate, l.final),
              })}
          </li>
        ))}
      </ul>
      {assay.note ? <p>{t('orders.timeline.assayNote', { note: assay.note })}</p> : null}
    </div>
  );
}

/**
 * A cancellation with its reason: the shop's own reasons come as codes (not_paid_in_time) and read as a
 * sentence of their own; an operator's words are quoted; an unknown code is not shown as such.
 */
function cancellation(t: Shop['t'], reason: string | null): string {
  if (!reason) return t('orders.timeline.cancelled');
  if (/^[a-z][a-z0-9_]*$/.test(reason)) {
    const key = `orders.timeline.cancelReason.${reason}`;
    const sentence = t(key);
    return sentence === key ? t('orders.timeline.cancelled') : sentence;
  }
  return t('orders.timeline.cancelledReason', { reason });
}

/** The sentence (and what goes with it) for one entry. */
function EntryText({ entry, order }: { entry: OrderTimelineEntry; order: Order }) {
  const shop = useShop();
  const { t } = shop;
  const d: Details = entry.details && typeof entry.details === 'object' ? entry.details : {};
  const amount = money(d.amount);
  const day = (v: unknown) => {
    const s = text(v);
    return s ? calendarDate(shop, s) : null;
  };
  let sentence: string;
  let more: ReactNode = null;
  switch (entry.kind) {
    case 'placed':
      sentence = t(order.type === 'sell' ? 'orders.timeline.placedSell' : 'orders.timeline.placedBuy');
      break;
    case 'payment_recorded': {
      const valueDate = day(d.valueDate);
      const open = money(d.openAmount);
      sentence = amount
        ? t(valueDate ? 'orders.timeline.paymentDated' : 'orders.timeline.payment', { amount: moneyOf(shop, amount), date: valueDate })
        : t('orders.timeline.paymentNoAmount');
      // a part of the total: what is still to pay
      if (open && open.centAmount > 0) sentence += ` ${t('orders.timeline.paymentOpen', { amount: moneyOf(shop, open) })}`;
      break;
    }
    case 'payment_flagged':
      sentence = amount ? t('orders.timeline.paymentFlagged', { amount: moneyOf(shop, amount) }) : t('orders.timeline.paymentFlaggedNoAmount');
      break;
    case 'payment_failed': {
      // the reason finance gave is told to the customer (as a cancellation's); a returned transfer has none
      const reason = text(d.reason);
      sentence = reason ? t('orders.timeline.paymentFailedReason', { reason }) : t('orders.timeline.paymentFailed');
      break;
    }
    case 'payment_reminder': {
      const due = day(d.paymentDueBy) ?? (order.paymentDueBy ? calendarDate(shop, order.paymentDueBy) : null);
      sentence = due ? t('orders.timeline.reminder', { date: due }) : t('orders.timeline.reminderNoDate');
      break;
    }
    case 'confirmed':
      sentence = t('orders.timeline.confirmed');
      break;
    case 'shipped': {
      const number = text(d.trackingNumber);
      const shipment = number ? order.shipments?.find((s) => s.trackingNumber === number) : undefined;
      const carrier = text(d.carrier) ?? shipment?.carrier ?? null;
      const href = trackingHref(d.trackingUrl) ?? trackingHref(shipment?.trackingUrl);
      sentence = carrier ? t('orders.timeline.shipped', { carrier }) : t('orders.timeline.shippedNoCarrier');
      if (number) {
        more = href ? (
          <a className="order-timeline-track" href={href} target="_blank" rel="noopener noreferrer external">
            {t('orders.timeline.track', { number })}<span className="visually-hidden"> ({t('stores.newTab')})</span>
          </a>
        ) : <span>{t('orders.timeline.trackingNumber', { number })}</span>;
      }
      break;
    }
    case 'collected':
      sentence = order.pickupStore ? t('orders.timeline.collectedAt', { store: order.pickupStore.name }) : t('orders.timeline.collected');
      break;
    case 'stored':
      sentence = text(d.depositNumber) ? t('orders.timeline.storedIn', { number: text(d.depositNumber) }) : t('orders.timeline.stored');
      more = <Link to={pathFor('accountDeposit', shop.lang)}>{t('orders.timeline.toDeposit')}</Link>;
      break;
    case 'goods_received':
      sentence = t('orders.timeline.goodsReceived');
      break;
    case 'assayed': {
      const assay = assayOf(d, order);
      if (!assay) {
        sentence = t('orders.timeline.assayedNoFacts');
        break;
      }
      sentence = assay.final.centAmount === assay.estimate.centAmount
        ? t('orders.timeline.assayedSame', { amount: moneyOf(shop, assay.final) })
        : t('orders.timeline.assayed', { final: moneyOf(shop, assay.final), estimate: moneyOf(shop, assay.estimate), difference: difference(shop, assay.estimate, assay.final) });
      more = <AssayExplanation assay={assay} />;
      break;
    }
    case 'paid_out': {
      // the masked account: the entry's, else the order's payout account (masked too)
      const iban = text(d.iban) ?? text(order.payoutAccount?.iban) ?? text(order.payoutAccount?.accountNumber);
      const valueDate = day(d.valueDate);
      sentence = !amount ? t('orders.timeline.paidOutNoAmount')
        : iban ? t(valueDate ? 'orders.timeline.paidOutIbanDated' : 'orders.timeline.paidOutIban', { amount: moneyOf(shop, amount), iban, date: valueDate })
          : t('orders.timeline.paidOut', { amount: moneyOf(shop, amount) });
      break;
    }
    case 'cancelled': {
      sentence = cancellation(t, text(d.reason));
      break;
    }
    // issue 23: the counter-offer's answers and the goods sent back
    case 'offer_accepted':
      sentence = amount ? t('orders.timeline.offerAccepted', { amount: moneyOf(shop, amount) }) : t('orders.timeline.offerAcceptedNoAmount');
      break;
    case 'offer_declined':
      sentence = t('orders.timeline.offerDeclined');
      break;
    case 'offer_expired':
      sentence = amount ? t('orders.timeline.offerExpired', { amount: moneyOf(shop, amount) }) : t('orders.timeline.offerExpiredNoAmount');
      break;
    case 'goods_returned': {
      const number = text(d.trackingNumber);
      sentence = number ? t('orders.timeline.goodsReturnedTracked', { number }) : t('orders.timeline.goodsReturned');
      break;
    }
    default:
      // a kind this page does not know yet: what it changed
      sentence = t('orders.timeline.changed', { state: orderStateLabel(t, entry) });
  }
  return (
    <>
      <p className="order-timeline-text">{sentence}</p>
      {more}
    </>
  );
}

/** Oldest first. An order without entries (placed before the timeline existed) shows its placement. */
export function OrderTimeline({ order }: { order: Order }) {
  const shop = useShop();
  const { t } = shop;
  const entries: OrderTimelineEntry[] = order.timeline?.length
    ? order.timeline
    : [{ at: order.createdAt, kind: 'placed', orderState: order.orderState, paymentState: order.paymentState, details: {} }];
  return (
    <section className="order-timeline-section" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title">{t('orders.timeline.title')}</h2>
      <ol className="order-timeline" data-testid="order-timeline">
        {entries.map((e, i) => (
          <li key={`${e.at}-${e.kind}-${i}`} className={`order-timeline-entry order-timeline-${e.kind}`}>
            <time className="order-timeline-time" dateTime={e.at}>{dateTime(shop, e.at)}</time>
            <EntryText entry={e} order={order} />
          </li>
        ))}
      </ol>
    </section>
  );
}
