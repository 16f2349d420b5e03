// Texts of the mails and SMS the customer calls send, in the customer's language (de, en). Swiss and
// Liechtenstein German writes "ss" for "ß" (Grüsse). Links are absolute, on the store's own origin.
import type { StoreKey } from '../../stores.ts';

export type MailLanguage = 'de' | 'en';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** spec 2 routes of the pages the links open. */
export function activationLink(origin: string, lang: MailLanguage, token: string): string {
  return `${origin}${lang === 'en' ? '/en/activate-user' : '/activate-user'}?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, lang: MailLanguage, token: string): string {
  return `${origin}${lang === 'en' ? '/en/reset-password' : '/passwort-zuruecksetzen'}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function greetingDe(name: string | null): string {
  return name ? `Guten Tag ${name}` : 'Guten Tag';
}

export function closingDe(store: StoreKey, shop: string): string {
  return `${store === 'ch' || store === 'li' ? 'Freundliche Grüsse' : 'Freundliche Grüße'}\nIhr Team von ${shop}`;
}

/** Plain text to simple HTML: paragraphs, the link as an anchor. */
function toHtml(paragraphs: string[], link: string): string {
  const body = paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`))
    .join('\n');
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${body}\n</body></html>`;
}

function build(subject: string, paragraphs: string[], link: string): MailContent {
  return { subject, text: paragraphs.join('\n\n') + '\n', html: toHtml(paragraphs, link) };
}

export function activationMail(args: { lang: MailLanguage; store: StoreKey; shop: string; name: string | null; link: string; validHours: number }): MailContent {
  const { lang, store, shop, name, link, validHours } = args;
  if (lang === 'en') {
    return build(`Please confirm your e-mail address – ${shop}`, [
      name ? `Hello ${name},` : 'Hello,',
      `thank you for registering with ${shop}. Please confirm your e-mail address to activate your customer account:`,
      link,
      `The link is valid for ${validHours} hours. Once your address is confirmed you can sign in. If you did not register, please ignore this e-mail: no account will be activated.`,
      `Kind regards\nYour ${shop} team`,
    ], link);
  }
  return build(`Bitte bestätigen Sie Ihre E-Mail-Adresse – ${shop}`, [
    `${greetingDe(name)},`,
    `vielen Dank für Ihre Registrierung bei ${shop}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Kundenkonto zu aktivieren:`,
    link,
    `Der Link ist ${validHours} Stunden gültig. Nach der Bestätigung können Sie sich anmelden. Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail bitte; es wird kein Konto aktiviert.`,
    closingDe(store, shop),
  ], link);
}

export function passwordResetMail(args: { lang: MailLanguage; store: StoreKey; shop: string; name: string | null; link: string }): MailContent {
  const { lang, store, shop, name, link } = args;
  if (lang === 'en') {
    return build(`Reset your password – ${shop}`, [
      name ? `Hello ${name},` : 'Hello,',
      'we received a request to reset the password of your customer account. Use this link to choose a new password:',
      link,
      'The link is valid for one hour and works once. If you did not ask for a new password, please ignore this e-mail: your password stays unchanged.',
      `Kind regards\nYour ${shop} team`,
    ], link);
  }
  return build(`Passwort zurücksetzen – ${shop}`, [
    `${greetingDe(name)},`,
    'wir haben eine Anfrage erhalten, das Passwort Ihres Kundenkontos zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort:',
    link,
    'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail bitte; Ihr Passwort bleibt unverändert.',
    closingDe(store, shop),
  ], link);
}

export function smsCodeText(lang: MailLanguage, shop: string, code: string, validMinutes: number): string {
  return lang === 'en'
    ? `${code} is your ${shop} verification code. It is valid for ${validMinutes} minutes. Never share it.`
    : `${code} ist Ihr Bestätigungscode von ${shop}. Er ist ${validMinutes} Minuten gültig. Geben Sie ihn nicht weiter.`;
}

/** The display name of MAIL_FROM ("Aurum Edelmetalle <service@...>" -> "Aurum Edelmetalle"). */
export function shopName(mailFrom: string): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return m ? m[1].trim() : 'Aurum';
}
