// The newsletter's mails (texts: mail.newsletter in the locale files, renderMail): the confirmation of a
// subscription (double opt-in) and the welcome with the unsubscribe link. Links open the home page with the
// token; the storefront calls us with it (POST, so a mail scanner opening the link confirms nothing).
import { pathFor } from '../../screens.ts';
import type { StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { renderMail, type MailContent } from '../mail/index.ts';

export interface NewsletterMailArgs {
  lang: Lang;
  store: StoreKey;
  shop: string;
  origin: string;
}

export function confirmationLink(a: NewsletterMailArgs, token: string): string {
  return `${a.origin}${pathFor('home', a.lang)}?newsletterToken=${encodeURIComponent(token)}`;
}

export function unsubscribeLink(a: NewsletterMailArgs, token: string): string {
  return `${a.origin}${pathFor('home', a.lang)}?newsletterUnsubscribe=${encodeURIComponent(token)}`;
}

export function newsletterConfirmationMail(a: NewsletterMailArgs, token: string, validHours: number): MailContent {
  return renderMail('newsletter.confirmation', a.lang, { store: a.store, shop: a.shop, link: confirmationLink(a, token), validHours });
}

export function newsletterWelcomeMail(a: NewsletterMailArgs, unsubscribeToken: string): MailContent {
  return renderMail('newsletter.welcome', a.lang, { store: a.store, shop: a.shop, link: unsubscribeLink(a, unsubscribeToken) });
}
