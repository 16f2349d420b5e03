// The mails of availability notifications, in the alert's language: the confirmation of a guest's
// subscription (double opt-in, with a cancel link) and the one back-in-stock mail per restock.
import { pathFor } from '../../screens.ts';
import type { StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { paragraphMail, type MailContent } from '../outbox/index.ts';

export interface AlertMailArgs {
  lang: Lang;
  store: StoreKey;
  shop: string;
  origin: string;
  productName: string;
  slug: string;
}

export function productLink(a: Pick<AlertMailArgs, 'origin' | 'lang' | 'slug'>): string {
  return `${a.origin}${pathFor('product', a.lang, { slug: a.slug })}`;
}

/** Links of the confirmation mail: the product page confirms (or cancels) with the token (the storefront calls us). */
export function alertConfirmationMail(a: AlertMailArgs, token: string, validHours: number): MailContent {
  const en = a.lang === 'en';
  const confirm = `${productLink(a)}?alertToken=${encodeURIComponent(token)}`;
  const cancel = `${confirm}&cancel=1`;
  return paragraphMail({
    lang: a.lang, store: a.store, shop: a.shop, name: null,
    subject: en ? `Please confirm your availability notification – ${a.productName}` : `Bitte bestätigen Sie Ihre Verfügbarkeitsbenachrichtigung – ${a.productName}`,
    paragraphs: [
      en
        ? `you asked us to let you know when ${a.productName} is available again. Please confirm with this link (valid for ${validHours} hours):`
        : `Sie möchten benachrichtigt werden, sobald ${a.productName} wieder verfügbar ist. Bitte bestätigen Sie dies über diesen Link (${validHours} Stunden gültig):`,
      confirm,
      en
        ? 'We then send you one e-mail when the product is back in stock. If you did not ask for this, ignore this e-mail, or cancel here:'
        : 'Wir senden Ihnen dann eine E-Mail, sobald das Produkt wieder vorrätig ist. Falls Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail oder stornieren Sie hier:',
      cancel,
    ],
    links: [confirm, cancel],
  });
}

export function backInStockMail(a: AlertMailArgs, name: string | null): MailContent {
  const en = a.lang === 'en';
  const link = productLink(a);
  return paragraphMail({
    lang: a.lang, store: a.store, shop: a.shop, name,
    subject: en ? `Back in stock: ${a.productName}` : `Wieder verfügbar: ${a.productName}`,
    paragraphs: [
      en ? `good news: ${a.productName} is available again.` : `gute Nachricht: ${a.productName} ist wieder verfügbar.`,
      link,
      en
        ? 'Prices follow the metal markets and are fixed when you order. This was the one notification you asked for; you can ask for another one on the product page at any time.'
        : 'Die Preise folgen den Edelmetallmärkten und sind mit Ihrer Bestellung fest. Dies war die eine Benachrichtigung, die Sie angefordert haben; auf der Produktseite können Sie jederzeit eine neue anfordern.',
    ],
    links: [link],
  });
}
