// The customer's mails of the lifecycle steps, in the order's language: texts from the locale files
// (mail.lifecycle.<kind>.*), laid out by the paragraph mail of the outbox (greeting, paragraphs, closing).
import type { OrderRow } from '../orders/model.ts';
import { translator } from '../../i18n.ts';
import { langOf, type Lang } from '../carts/model.ts';
import { formatDate } from '../orders/mail.ts';
import { formatMoney, paragraphMail } from '../outbox/paragraph-mail.ts';
import { shopName } from '../outbox/templates.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';

export type LifecycleMailKind =
  | 'payment_recorded' | 'confirmed' | 'stored' | 'shipped' | 'collected' | 'cancelled' | 'payment_reminder' | 'goods_received' | 'assayed' | 'paid_out';

export function orderLang(row: OrderRow): Lang {
  return langOf(row.data.locale, row.store_key === 'us' ? 'en' : 'de');
}

export interface MailHelpers {
  lang: Lang;
  t: (key: string, params?: Record<string, unknown>) => string;
  money: (cents: number) => string;
  date: (iso: string) => string;
}

export function helpers(row: OrderRow): MailHelpers {
  const lang = orderLang(row);
  const t = translator(lang);
  return {
    lang,
    t: (key, params) => t(`mail.lifecycle.${key}`, params),
    money: (cents) => formatMoney(cents, row.currency, row.store_key, lang),
    date: (iso) => formatDate(iso.length === 10 ? `${iso}T12:00:00Z` : iso, row.store_key),
  };
}

/**
 * Queues the mail of a step in the step's transaction: the subject and first paragraph come from the
 * kind's keys with `params`; `more` adds paragraphs (already translated); `links` are paragraphs shown as links.
 */
export async function queueMail(
  ctx: CommerceContext, tx: Db, row: OrderRow, kind: LifecycleMailKind, params: Record<string, unknown>, now: Date,
  more: (h: MailHelpers) => string[] = () => [], links: string[] = [],
): Promise<number> {
  const h = helpers(row);
  const p = { orderNumber: row.order_number, ...params };
  const name = `${row.data.billingAddress.firstName ?? ''} ${row.data.billingAddress.lastName ?? ''}`.trim() || null;
  const mail = paragraphMail({
    lang: h.lang, store: row.store_key, shop: shopName(ctx.config.MAIL_FROM), name,
    subject: h.t(`${kind}.subject`, p), paragraphs: [h.t(`${kind}.body`, p), ...more(h)], links,
  });
  return ctx.outbox.add(tx, {
    channel: 'mail', customerId: row.customer_id, storeKey: row.store_key, to: row.data.customerEmail, subject: mail.subject, text: mail.text, html: mail.html,
  }, now);
}
