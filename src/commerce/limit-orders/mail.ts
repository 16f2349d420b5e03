// The mails of a limit order (issue: the customer gets an e-mail when a limit order executes, fails or
// expires), in the limit order's language. An execution's mail is the order confirmation (bank details,
// delivery) opened with what the limit order did; failure and expiry mails link to the limit order page.
import type { Order } from '../../contracts/order.ts';
import { pathFor } from '../../screens.ts';
import type { Lang } from '../lib/lang.ts';
import { formatMoney, paragraphMail, type MailContent } from '../outbox/index.ts';
import type { LimitOrderRow } from './model.ts';

export interface LimitOrderMailArgs {
  lo: LimitOrderRow;
  productName: string;
  shop: string;
  /** the store's origin for links */
  origin: string;
}

const money = (a: LimitOrderMailArgs, cents: number) => formatMoney(cents, a.lo.currency, a.lo.store_key, a.lo.language);

function what(a: LimitOrderMailArgs): string {
  return `${a.lo.quantity} × ${a.productName}`;
}

/** Opening and subject of the confirmation mail of the order a limit order became. */
export function executedMail(a: LimitOrderMailArgs, unitCents: number, order: Order): { subject: string; intro: string } {
  const en = a.lo.language === 'en';
  return en
    ? {
      subject: `Your limit order ${a.lo.number} was executed – order ${order.orderNumber}`,
      intro: `your limit order ${a.lo.number} (${what(a)}, limit ${money(a, a.lo.target_cents)} per piece) was executed at ${money(a, unitCents)} per piece. We have placed order ${order.orderNumber} for you, to your default addresses, payment by bank transfer. Your prices are fixed:`,
    }
    : {
      subject: `Ihre Limit-Order ${a.lo.number} wurde ausgeführt – Bestellung ${order.orderNumber}`,
      intro: `Ihre Limit-Order ${a.lo.number} (${what(a)}, Limit ${money(a, a.lo.target_cents)} pro Stück) wurde zu ${money(a, unitCents)} pro Stück ausgeführt. Wir haben für Sie die Bestellung ${order.orderNumber} aufgegeben, an Ihre Standardadressen, Zahlung per Überweisung. Ihre Preise sind fest:`,
    };
}

function link(a: LimitOrderMailArgs): string {
  return `${a.origin}${pathFor('accountLimitOrder', a.lo.language, { slug: a.lo.id })}`;
}

const reasons: Record<string, Record<Lang, string>> = {
  product_out_of_stock: { en: 'the product is sold out.', de: 'das Produkt ist ausverkauft.' },
  product_no_longer_available: { en: 'the product is no longer available.', de: 'das Produkt ist nicht mehr erhältlich.' },
  no_default_address: {
    en: 'your account has no default shipping and billing address.',
    de: 'in Ihrem Kundenkonto ist keine Standard-Liefer- und -Rechnungsadresse hinterlegt.',
  },
};

export function failedMail(a: LimitOrderMailArgs, code: string, name: string | null): MailContent {
  const en = a.lo.language === 'en';
  const reason = reasons[code]?.[a.lo.language]
    ?? (en ? `the order did not meet our order rules (${code}).` : `die Bestellung entsprach nicht unseren Bestellregeln (${code}).`);
  const url = link(a);
  return paragraphMail({
    lang: a.lo.language, store: a.lo.store_key, shop: a.shop, name,
    subject: en ? `Your limit order ${a.lo.number} could not be executed` : `Ihre Limit-Order ${a.lo.number} konnte nicht ausgeführt werden`,
    paragraphs: [
      en
        ? `the price of your limit order ${a.lo.number} (${what(a)}, limit ${money(a, a.lo.target_cents)} per piece) was reached, but we could not place the order: ${reason}`
        : `der Preis Ihrer Limit-Order ${a.lo.number} (${what(a)}, Limit ${money(a, a.lo.target_cents)} pro Stück) wurde erreicht, wir konnten die Bestellung aber nicht aufgeben: ${reason}`,
      en ? 'The limit order has ended. You can place a new one at any time:' : 'Die Limit-Order ist damit beendet. Sie können jederzeit eine neue erteilen:',
      url,
    ],
    links: [url],
  });
}

export function expiredMail(a: LimitOrderMailArgs, name: string | null, expiresAt: string): MailContent {
  const en = a.lo.language === 'en';
  const url = link(a);
  return paragraphMail({
    lang: a.lo.language, store: a.lo.store_key, shop: a.shop, name,
    subject: en ? `Your limit order ${a.lo.number} has expired` : `Ihre Limit-Order ${a.lo.number} ist abgelaufen`,
    paragraphs: [
      en
        ? `your limit order ${a.lo.number} (${what(a)}, limit ${money(a, a.lo.target_cents)} per piece) expired on ${expiresAt} without the price being reached. It is now inactive; you can give it a new expiry date in your account:`
        : `Ihre Limit-Order ${a.lo.number} (${what(a)}, Limit ${money(a, a.lo.target_cents)} pro Stück) ist am ${expiresAt} abgelaufen, ohne dass der Preis erreicht wurde. Sie ist jetzt inaktiv; in Ihrem Kundenkonto können Sie ihr ein neues Ablaufdatum geben:`,
      url,
    ],
    links: [url],
  });
}
