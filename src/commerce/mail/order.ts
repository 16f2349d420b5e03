// The order confirmation (and the mail of an executed limit order, which is the same confirmation with its
// own subject and opening): what was ordered at which price, the delivery (pickup: store address and opening
// hours, weekday names from Intl), and the payment: for a bank-transfer purchase the shop's bank details and
// the reference; for cash the store and the 5 working days (spec 9); for a sale where the payout goes.
import { addressLines, placeLine } from '../../contracts/address-format.ts';
import { formatIban } from '../../contracts/bank-details.ts';
import { COUNTER_OFFER_THRESHOLD, type Order } from '../../contracts/order.ts';
import { weekdayName } from '../../i18n.ts';
import type { MailBlock } from './document.tsx';
import type { MailCtx } from './types.ts';
import { addWorkingDays, PAYMENT_DAYS } from '../lib/working-days.ts';
import { dayInStore } from '../../stores.ts';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function dayName(c: MailCtx, day: string): string {
  const i = weekdays.indexOf(day);
  return i < 0 ? day : weekdayName(i, c.locale);
}

const text = (...lines: string[]): MailBlock => ({ kind: 'text', lines });

/**
 * Issue 28: when a pickup order is ready, not "ready" right after ordering. Paid by transfer: once the
 * payment has arrived (the lifecycle's "confirmed" mail says it is ready then). Paid in cash at the
 * counter: Decision: from the next working day of the store (the store puts it aside overnight; the
 * same day cannot be promised), to be collected within the 5 working days of spec 9.
 */
function pickupWhen(c: MailCtx, order: Order): string {
  if (order.paymentMethod !== 'cash') return c.t('mail.order.delivery.pickup');
  const day = dayInStore(c.store, new Date(order.createdAt));
  const noon = (iso: string) => new Date(`${iso}T12:00:00Z`);
  return c.t('mail.order.delivery.pickupCash', { readyFrom: noon(addWorkingDays(day, 1)), until: noon(addWorkingDays(day, PAYMENT_DAYS)) });
}

/** Issue 28: the US store charges no VAT: its total names sales tax where some applies, and no tax line
 * of $0.00 otherwise. */
function totalKey(c: MailCtx, order: Order): string {
  // issue 28: "incl. VAT 0.00" read as if VAT were hidden in the price; where none applies, say so
  if (c.store !== 'us') return order.totalTaxPrice.centAmount > 0 ? 'total' : 'totalNoVat';
  return order.totalTaxPrice.centAmount > 0 ? 'totalSalesTax' : 'totalNoTax';
}

export function orderMailBlocks(c: MailCtx, order: Order, opening?: { subject: string; intro: string }): { subject: string; name: string; blocks: MailBlock[] } {
  const { t, money } = c;
  const buy = order.type === 'buy';
  const k = (key: string) => `mail.order.${key}`;
  const number = { orderNumber: order.orderNumber };
  const blocks: MailBlock[] = [];

  // Issue 23: goods sent or brought for a sale are assayed, so their prices are estimates and say so; a
  // sale from the deposit takes known pieces at fixed prices.
  const assayed = !buy && order.shippingInfo.key !== 'depositSell';
  const percent = Math.round(COUNTER_OFFER_THRESHOLD * 100);
  blocks.push(text(opening?.intro ?? t(k(buy ? 'intro.buy' : assayed ? 'intro.sellEstimate' : 'intro.sell'), { ...number, date: c.date(order.createdAt), threshold: percent })));
  blocks.push(text(...order.lineItems.map((l) => (l.kind === 'scrap'
    ? t(k('scrapLine'), { name: l.name, amount: money(l.totalPrice) })
    : t(k('line'), { quantity: l.quantity, name: l.name, amount: money(l.totalPrice) })))));

  const totals = [t(k('goods'), { amount: money(order.totalPrice) })];
  if (order.discount && order.discount.applies) totals.push(t(k('coupon'), { code: order.discount.code, amount: money(order.discount.amount) }));
  if (buy) totals.push(t(k('shipping'), { name: order.shippingInfo.name, amount: money(order.shippingInfo.totalGrossPrice) }));
  totals.push(buy
    ? t(k(totalKey(c, order)), { amount: money(order.totalGrossPrice), tax: money(order.totalTaxPrice) })
    : t(k(assayed ? 'payoutEstimate' : 'payout'), { amount: money(order.totalGrossPrice) }));
  blocks.push(text(...totals));

  // delivery
  const store = order.pickupStore;
  const storeLines = store
    ? [
      store.name, store.streetAddress, placeLine({ zipCode: store.postalCode, city: store.city, country: store.country }),
      ...store.openingHours.map((h) => `${dayName(c, h.dayFrom)}${h.dayTo !== h.dayFrom ? `–${dayName(c, h.dayTo)}` : ''} ${h.hourFrom}–${h.hourTo}`),
    ]
    : [];
  switch (order.shippingInfo.key) {
    case 'pickup':
      blocks.push(text(pickupWhen(c, order), ...storeLines));
      break;
    case 'send-to-store':
      blocks.push(text(t(k('delivery.sendToStore')), ...storeLines));
      break;
    case 'leave-in-store':
      blocks.push(text(t(k('delivery.leaveInStore')), ...storeLines));
      break;
    case 'deposit':
      blocks.push(text(t(k('delivery.deposit'))));
      break;
    case 'depositSell':
      // the lots the sale took, for the customer's records (tax: acquisition date and cost of each piece)
      blocks.push(text(t(k('delivery.depositSell')), ...(order.depositParts ?? []).map((x) => t(k('delivery.depositLot'), {
        quantity: x.quantity,
        name: order.lineItems.find((l) => l.sku === x.sku)?.name ?? x.sku,
        date: c.date(x.acquiredAt),
        lot: x.lotOrderNumber,
        amount: money(x.unitCost),
      }))));
      break;
    case 'scrapMetalBox':
      blocks.push(text(t(k('delivery.scrapMetalBox'))));
      break;
    case 'shippingSell':
      blocks.push(text(t(k('delivery.shippingSell'), number)));
      break;
    default: {
      const a = order.shippingAddress;
      blocks.push(text(t(k('delivery.to')), ...addressLines(a), t(k('delivery.time'))));
    }
  }

  // payment
  const pay = order.paymentInstructions;
  if (buy && pay) {
    const account = pay.iban
      ? [t(k('payment.iban'), { value: formatIban(pay.iban) }), t(k('payment.bic'), { value: pay.bic ?? '' })]
      : [t(k('payment.accountNumber'), { value: pay.accountNumber ?? '' }), t(k('payment.routingNumber'), { value: pay.routingNumber ?? '' })];
    blocks.push(text(
      t(k('payment.transfer'), { amount: money(pay.amount) }),
      t(k('payment.accountOwner'), { value: pay.accountOwner }), ...account, t(k('payment.reference'), { value: pay.reference }),
    ));
  } else if (buy && order.paymentMethod === 'cash') {
    blocks.push(text(t(k('payment.cashBuy'), { amount: money(order.totalGrossPrice) })));
  } else if (!buy && order.paymentMethod === 'cash') {
    blocks.push(text(t(k('payment.cashSell'))));
  } else if (!buy && order.payoutAccount) {
    const acc = order.payoutAccount.iban ?? order.payoutAccount.accountNumber ?? '';
    // a sale from the deposit: the metal is already in our vault, nothing has to arrive or be checked
    blocks.push(text(t(k(order.shippingInfo.key === 'depositSell' ? 'payment.payoutDeposit' : 'payment.payoutAfterCheck'), { account: acc })));
  }
  if (order.identityDocumentRecorded) blocks.push(text(t(k('identityDocument'))));

  const name = `${order.billingAddress.firstName} ${order.billingAddress.lastName}`.trim();
  return { subject: opening?.subject ?? t(k(buy ? 'subject.buy' : 'subject.sell'), number), name, blocks };
}
