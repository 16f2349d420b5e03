// Mails of plain paragraphs in the customer's language (limit orders, alerts, newsletter, contact): the
// greeting, the paragraphs, the closing, a link as an anchor; money and dates formatted by the store's
// locale (spec 9: MM/DD/YYYY in the US, DD/MM/YYYY elsewhere). Swiss and Liechtenstein German writes "ss"
// for "ß". The order confirmation keeps its own template (orders/mail.ts).
import { stores, type StoreKey } from '../../stores.ts';
import { closingDe, escapeHtml, type MailContent, type MailLanguage } from './templates.ts';

export interface ParagraphMail {
  lang: MailLanguage;
  store: StoreKey;
  shop: string;
  /** greeting name; null: a greeting without name */
  name: string | null;
  subject: string;
  paragraphs: string[];
  /** paragraphs that are exactly this URL become a link */
  links?: string[];
}

export function paragraphMail(m: ParagraphMail): MailContent {
  const en = m.lang === 'en';
  const greeting = en ? (m.name ? `Hello ${m.name},` : 'Hello,') : (m.name ? `Guten Tag ${m.name},` : 'Guten Tag,');
  const closing = en ? `Kind regards\nYour ${m.shop} team` : closingDe(m.store, m.shop);
  const swiss = !en && (m.store === 'ch' || m.store === 'li');
  const fix = (s: string) => (swiss ? s.replace(/ß/g, 'ss') : s);
  const paragraphs = [greeting, ...m.paragraphs, closing].map(fix);
  const links = new Set(m.links ?? []);
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${
    paragraphs.map((p) => (links.has(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)).join('\n')
  }\n</body></html>`;
  return { subject: fix(m.subject), text: paragraphs.join('\n\n') + '\n', html };
}

/** An amount in cents as the store writes it in the language (CHF 1’850.00, 1.850,00 €, $1,850.00). */
export function formatMoney(cents: number, currency: string, store: StoreKey, lang: MailLanguage): string {
  return new Intl.NumberFormat(stores[store].locales[lang], { style: 'currency', currency }).format(cents / 100);
}
