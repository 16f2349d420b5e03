// The newsletter's mails: the confirmation of a subscription (double opt-in) and the welcome with the
// unsubscribe link. Links open the home page with the token; the storefront calls us with it (POST, so a
// mail scanner opening the link confirms nothing).
import { pathFor } from '../../screens.ts';
import type { StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { paragraphMail, type MailContent } from '../outbox/index.ts';

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
  const en = a.lang === 'en';
  const link = confirmationLink(a, token);
  return paragraphMail({
    lang: a.lang, store: a.store, shop: a.shop, name: null,
    subject: en ? `Please confirm your newsletter subscription – ${a.shop}` : `Bitte bestätigen Sie Ihr Newsletter-Abonnement – ${a.shop}`,
    paragraphs: [
      en ? `please confirm that you would like to receive the newsletter of ${a.shop} at this address:` : `bitte bestätigen Sie, dass Sie den Newsletter von ${a.shop} an diese Adresse erhalten möchten:`,
      link,
      en
        ? `The link is valid for ${validHours} hours. If you did not subscribe, please ignore this e-mail: you will receive nothing from us.`
        : `Der Link ist ${validHours} Stunden gültig. Falls Sie sich nicht angemeldet haben, ignorieren Sie diese E-Mail bitte; Sie erhalten dann nichts von uns.`,
    ],
    links: [link],
  });
}

export function newsletterWelcomeMail(a: NewsletterMailArgs, unsubscribeToken: string): MailContent {
  const en = a.lang === 'en';
  const link = unsubscribeLink(a, unsubscribeToken);
  return paragraphMail({
    lang: a.lang, store: a.store, shop: a.shop, name: null,
    subject: en ? `Welcome to the ${a.shop} newsletter` : `Willkommen beim Newsletter von ${a.shop}`,
    paragraphs: [
      en ? 'your newsletter subscription is confirmed. You can unsubscribe at any time with this link:' : 'Ihr Newsletter-Abonnement ist bestätigt. Mit diesem Link können Sie es jederzeit abbestellen:',
      link,
    ],
    links: [link],
  });
}
