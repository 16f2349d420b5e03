// The receipt of a contact message: its reference, never the message itself (the outbox is not where
// contact data should be kept).
import type { StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { paragraphMail, type MailContent } from '../outbox/index.ts';

export function contactReceiptMail(a: { lang: Lang; store: StoreKey; shop: string; name: string; reference: string }): MailContent {
  const en = a.lang === 'en';
  return paragraphMail({
    lang: a.lang, store: a.store, shop: a.shop, name: a.name,
    subject: en ? `We have received your message – ${a.reference}` : `Wir haben Ihre Nachricht erhalten – ${a.reference}`,
    paragraphs: [
      en
        ? `thank you for your message. We will get back to you as soon as possible. Your reference is ${a.reference}.`
        : `vielen Dank für Ihre Nachricht. Wir melden uns so bald wie möglich bei Ihnen. Ihre Referenz lautet ${a.reference}.`,
      en
        ? 'We keep contact messages for at most 12 months.'
        : 'Kontaktanfragen bewahren wir höchstens 12 Monate auf.',
    ],
  });
}
