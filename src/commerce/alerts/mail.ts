// The mails of availability notifications, in the alert's language (texts: mail.alert in the locale files,
// renderMail): the confirmation of a guest's subscription (double opt-in, with a cancel link) and the one
// back-in-stock mail per restock.
import { pathFor } from '../../screens.ts';
import type { StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { renderMail, type MailContent } from '../mail/index.ts';

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
  const confirmLink = `${productLink(a)}?alertToken=${encodeURIComponent(token)}`;
  return renderMail('alert.confirmation', a.lang, {
    store: a.store, shop: a.shop, productName: a.productName, confirmLink, cancelLink: `${confirmLink}&cancel=1`, validHours,
  });
}

export function backInStockMail(a: AlertMailArgs, name: string | null): MailContent {
  return renderMail('alert.backInStock', a.lang, { store: a.store, shop: a.shop, name, productName: a.productName, link: productLink(a) });
}
