// The links of the customer calls' mails and the shop's name in them. The texts themselves: renderMail
// (src/commerce/mail), from locales/{en,de}.json.
import type { Language } from '../../stores.ts';

/** spec 2 routes of the pages the links open. */
export function activationLink(origin: string, lang: Language, token: string): string {
  return `${origin}${lang === 'en' ? '/en/activate-user' : '/activate-user'}?token=${encodeURIComponent(token)}`;
}

export function resetLink(origin: string, lang: Language, token: string): string {
  return `${origin}${lang === 'en' ? '/en/reset-password' : '/passwort-zuruecksetzen'}?token=${encodeURIComponent(token)}`;
}

/** The display name of MAIL_FROM ("Aurum Edelmetalle <service@...>" -> "Aurum Edelmetalle"). */
export function shopName(mailFrom: string): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom);
  return m ? m[1].trim() : 'Aurum';
}
