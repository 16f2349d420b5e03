// The customer's mails of the lifecycle steps, in the order's language: texts in the locale files under
// mail.lifecycle.<kind> (subject, body; the alternatives a body composes from are keys beside them),
// rendered by the one mail renderer (renderMail 'lifecycle.<kind>'; amounts, dates and Swiss German "ss"
// handled there), queued in the step's transaction.
import type { OrderRow } from '../orders/index.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import { mailText, renderMail, type MailMoney, type MailValues } from '../mail/index.ts';
import { shopName } from '../outbox/index.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { MailAttachmentRef } from '../outbox/index.ts';

export type LifecycleMailKind =
  | 'payment_recorded' | 'confirmed' | 'stored' | 'shipped' | 'shipped_untracked' | 'collected' | 'cancelled' | 'payment_reminder'
  | 'goods_received' | 'assayed' | 'paid_out' | 'paid_out_cash' | 'payment_failed'
  // issue 23: the counter-offer's answers and the goods sent back
  | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'goods_returned';

export function orderLang(row: OrderRow): Lang {
  return langOf(row.data.locale, row.store_key === 'us' ? 'en' : 'de');
}

export interface MailHelpers {
  lang: Lang;
  /** a text under mail.lifecycle. filled with values */
  t: (key: string, values?: MailValues) => string;
  money: (cents: number) => MailMoney;
}

export function helpers(ctx: CommerceContext, row: OrderRow): MailHelpers {
  const lang = orderLang(row);
  const shop = shopName(ctx.config.MAIL_FROM);
  return {
    lang,
    t: (key, values) => mailText(lang, row.store_key, shop, `mail.lifecycle.${key}`, values),
    money: (centAmount) => ({ centAmount, currencyCode: row.currency }),
  };
}

/** A YYYY-MM-DD day as the mail renderer's date (noon UTC: the same day in every store's time zone). */
export const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`);

/** A document issued in the step, as the mail's attachment (none when nothing was issued). */
export const attach = (doc: { id: string } | null): MailAttachmentRef[] => (doc ? [{ kind: 'document', documentId: doc.id }] : []);

/** Queues the mail of a step in the step's transaction; values fill mail.lifecycle.<kind>.subject and .body;
 * issue 25: the documents issued in the step go with it. */
export async function queueMail(
  ctx: CommerceContext, tx: Db, row: OrderRow, kind: LifecycleMailKind, values: MailValues, now: Date, attachments: MailAttachmentRef[] = [],
): Promise<number> {
  const a = row.data.billingAddress;
  const name = `${a?.firstName ?? ''} ${a?.lastName ?? ''}`.trim() || null;
  const mail = renderMail(`lifecycle.${kind}`, orderLang(row), {
    store: row.store_key, shop: shopName(ctx.config.MAIL_FROM), name, values: { orderNumber: row.order_number, ...values },
  });
  return ctx.outbox.add(tx, {
    channel: 'mail', customerId: row.customer_id, storeKey: row.store_key, to: row.data.customerEmail, subject: mail.subject, text: mail.text, html: mail.html,
    orderId: row.id, attachments,
  }, now);
}
