// The mails of a limit order (issue: the customer gets an e-mail when a limit order executes, fails or
// expires), in the limit order's language; texts under mail.limitOrder in the locale files (renderMail).
// An execution's mail is the order confirmation (bank details, delivery) opened with what the limit order
// did; failure and expiry mails link to the limit order page.
import { pathFor } from '../../screens.ts';
import { renderMail, type LimitOrderMailInfo, type MailContent } from '../mail/index.ts';
import type { LimitOrderRow } from './model.ts';

export interface LimitOrderMailArgs {
  lo: LimitOrderRow;
  productName: string;
  shop: string;
  /** the store's origin for links */
  origin: string;
}

function info(a: LimitOrderMailArgs): LimitOrderMailInfo {
  return { number: a.lo.number, quantity: a.lo.quantity, productName: a.productName, currency: a.lo.currency, targetCents: a.lo.target_cents };
}

/** What the confirmation mail of the order a limit order became says about the limit order (POST /orders' limitOrder.mail). */
export function executedMail(a: LimitOrderMailArgs, unitCents: number): { limitOrder: LimitOrderMailInfo; unitCents: number } {
  return { limitOrder: info(a), unitCents };
}

function link(a: LimitOrderMailArgs): string {
  return `${a.origin}${pathFor('accountLimitOrder', a.lo.language, { slug: a.lo.id })}`;
}

export function failedMail(a: LimitOrderMailArgs, code: string, name: string | null): MailContent {
  return renderMail('limitOrder.failed', a.lo.language, { store: a.lo.store_key, shop: a.shop, name, limitOrder: info(a), code, link: link(a) });
}

export function expiredMail(a: LimitOrderMailArgs, name: string | null, expiresAt: Date): MailContent {
  return renderMail('limitOrder.expired', a.lo.language, { store: a.lo.store_key, shop: a.shop, name, limitOrder: info(a), expiresAt, link: link(a) });
}
