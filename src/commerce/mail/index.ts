// Every customer mail (and SMS) of the commerce service: the texts live in locales/{en,de}.json under
// "mail.<kind>" (README: "Mails"), the HTML comes from one React component (document.tsx), the plain
// text from the same blocks. Amounts, dates and numbers are formatted with Intl for the store's locale
// (src/i18n.ts: US MM/DD/YYYY, others DD/MM/YYYY). Swiss and Liechtenstein German writes "ss" for "ß"
// (in our texts; what a customer typed stays as typed).
//
//   renderMail('newsletter.welcome', 'de', { store, shop, link }) -> { subject, text, html }
//   renderMail('lifecycle.shipped', 'en', { store, shop, name, values: { orderNumber, link: mailLink(url) } })
import type { Order } from '../../contracts/order.ts';
import { formatDate, formatMoney, formatNumber, messageTemplate, regionalGerman } from '../../i18n.ts';
import { stores, type Currency, type Language, type StoreKey } from '../../stores.ts';
import { renderMailHtml, renderMailText, type MailBlock } from './document.tsx';
import { orderMailBlocks } from './order.ts';
import type { MailCtx, MailLink, MailMoney, MailValue, MailValues } from './types.ts';

export type { MailCtx, MailLink, MailMoney, MailValue, MailValues } from './types.ts';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function mailLink(href: string): MailLink {
  return { href };
}

export interface MailBase {
  store: StoreKey;
  /** the shop's name (shopName(MAIL_FROM)); every text may use {{shop}} */
  shop: string;
  /** the greeting's name; null or missing: a greeting without name */
  name?: string | null;
}

/** A limit order as its mails name it (the amounts in the limit order's currency). */
export interface LimitOrderMailInfo {
  number: string;
  quantity: number;
  productName: string;
  currency: string;
  targetCents: number;
}

/** Params of a mail whose whole text is "mail.<kind>.subject" and "mail.<kind>.body" (paragraphs split by
 * an empty line; a paragraph that is only a {{placeholder}} of a MailLink becomes a link). */
export interface TextMailParams extends MailBase {
  values?: MailValues;
}

export interface MailParams {
  'account.activation': MailBase & { link: string; validHours: number };
  'account.passwordReset': MailBase & { link: string };
  /** issue 26: a passkey added to or removed from the account (link: the account's passkeys page) */
  'account.passkeyAdded': MailBase & { passkeyName: string; at: Date; link: string };
  'account.passkeyRemoved': MailBase & { passkeyName: string; at: Date; link: string };
  /** greeting: the billing address's name */
  'order.confirmation': Omit<MailBase, 'name'> & { order: Order };
  /** the order confirmation of the order a limit order placed, opened with what the limit order did */
  'limitOrder.executed': Omit<MailBase, 'name'> & { order: Order; limitOrder: LimitOrderMailInfo; unitCents: number };
  /** code: the order rule that stopped it (error code) */
  'limitOrder.failed': MailBase & { limitOrder: LimitOrderMailInfo; code: string; link: string };
  'limitOrder.expired': MailBase & { limitOrder: LimitOrderMailInfo; expiresAt: Date; link: string };
  'alert.confirmation': MailBase & { productName: string; confirmLink: string; cancelLink: string; validHours: number };
  'alert.backInStock': MailBase & { productName: string; link: string };
  'newsletter.confirmation': MailBase & { link: string; validHours: number };
  'newsletter.welcome': MailBase & { link: string };
  'contact.receipt': MailBase & { reference: string };
  /** issue 25: a depot statement is ready (period days YYYY-MM-DD, both included; link: the depot page) */
  'depot.statement': MailBase & { number: string; from: string; to: string; link: string };
  /** the order lifecycle's mails: texts under mail.lifecycle.<name> (subject, body) */
  [kind: `lifecycle.${string}`]: TextMailParams;
  /** issue 26: the account's security mails (new device, second factor added or removed, new payout account) */
  [kind: `security.${string}`]: TextMailParams;
}

export type MailKind = keyof MailParams;

interface Built {
  subject: string;
  name: string | null;
  blocks: MailBlock[];
}

/**
 * Issue 28: each store's mails speak as its own company. Decision: the US store's mails carry the name its
 * storefront shows in English (locales shop.name, "Aurum Precious Metals", the trade name of Aurum Precious
 * Metals Inc. in the company facts story), not the European companies' MAIL_FROM name.
 */
export function storeShopName(store: StoreKey, shop: string): string {
  return store === 'us' ? messageTemplate('en', 'shop.name') ?? shop : shop;
}

function context(lang: Language, store: StoreKey, shopName: string): MailCtx {
  const shop = storeShopName(store, shopName);
  const locale = stores[store].locales[lang];
  const template = (key: string) => regionalGerman(messageTemplate(lang, key) ?? key, store, lang);
  const money = (m: MailMoney) => formatMoney(m.centAmount, m.currencyCode as Currency, locale);
  const date = (d: Date | string) => formatDate(d, locale);
  const format = (v: MailValue): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return formatNumber(v, locale);
    if (v instanceof Date) return date(v);
    if ('href' in v) return v.href;
    return money(v);
  };
  const fill = (s: string, values: MailValues) =>
    s.replace(/{{\s*(\w+)\s*}}/g, (whole, k: string) => (values[k] === undefined ? whole : format(values[k])));
  const withShop = (values: MailValues = {}): MailValues => ({ shop, ...values });
  return {
    lang, store, shop, locale, money, date,
    t: (key, values) => fill(template(key), withShop(values)),
    body(key, values) {
      const all = withShop(values);
      return template(key).split(/\n\n/).map((p): MailBlock => {
        const only = /^{{\s*(\w+)\s*}}$/.exec(p.trim());
        const v = only ? all[only[1]] : undefined;
        if (v && typeof v === 'object' && 'href' in v) return { kind: 'link', href: v.href };
        return { kind: 'text', lines: fill(p, all).split('\n') };
      });
    },
  };
}

function textMail(c: MailCtx, prefix: string, name: string | null | undefined, values?: MailValues): Built {
  return { subject: c.t(`${prefix}.subject`, values), name: name ?? null, blocks: c.body(`${prefix}.body`, values) };
}

function limitValues(c: MailCtx, lo: LimitOrderMailInfo): MailValues {
  return {
    number: lo.number, quantity: lo.quantity, product: lo.productName,
    target: c.money({ centAmount: lo.targetCents, currencyCode: lo.currency }),
  };
}

const builders: { [K in Exclude<MailKind, `lifecycle.${string}` | `security.${string}`>]: (c: MailCtx, p: MailParams[K]) => Built } = {
  'account.activation': (c, p) => textMail(c, 'mail.account.activation', p.name, { link: mailLink(p.link), validHours: p.validHours }),
  'account.passwordReset': (c, p) => textMail(c, 'mail.account.passwordReset', p.name, { link: mailLink(p.link) }),
  'account.passkeyAdded': (c, p) => textMail(c, 'mail.account.passkeyAdded', p.name, { passkey: p.passkeyName, date: p.at, link: mailLink(p.link) }),
  'account.passkeyRemoved': (c, p) => textMail(c, 'mail.account.passkeyRemoved', p.name, { passkey: p.passkeyName, date: p.at, link: mailLink(p.link) }),
  'order.confirmation': (c, p) => orderMailBlocks(c, p.order),
  'limitOrder.executed': (c, p) => {
    const values = { ...limitValues(c, p.limitOrder), orderNumber: p.order.orderNumber, price: { centAmount: p.unitCents, currencyCode: p.limitOrder.currency } };
    return orderMailBlocks(c, p.order, {
      subject: c.t('mail.limitOrder.executed.subject', values),
      intro: c.t('mail.limitOrder.executed.intro', values),
    });
  },
  'limitOrder.failed': (c, p) => {
    const known = messageTemplate(c.lang, `mail.limitOrder.reason.${p.code}`) !== undefined;
    const reason = c.t(known ? `mail.limitOrder.reason.${p.code}` : 'mail.limitOrder.reason.other', { code: p.code });
    return textMail(c, 'mail.limitOrder.failed', p.name, { ...limitValues(c, p.limitOrder), reason, link: mailLink(p.link) });
  },
  'limitOrder.expired': (c, p) => textMail(c, 'mail.limitOrder.expired', p.name, { ...limitValues(c, p.limitOrder), date: p.expiresAt, link: mailLink(p.link) }),
  'alert.confirmation': (c, p) => textMail(c, 'mail.alert.confirmation', p.name, {
    product: p.productName, validHours: p.validHours, confirmLink: mailLink(p.confirmLink), cancelLink: mailLink(p.cancelLink),
  }),
  'alert.backInStock': (c, p) => textMail(c, 'mail.alert.backInStock', p.name, { product: p.productName, link: mailLink(p.link) }),
  'newsletter.confirmation': (c, p) => textMail(c, 'mail.newsletter.confirmation', p.name, { link: mailLink(p.link), validHours: p.validHours }),
  'newsletter.welcome': (c, p) => textMail(c, 'mail.newsletter.welcome', p.name, { link: mailLink(p.link) }),
  'contact.receipt': (c, p) => textMail(c, 'mail.contact.receipt', p.name, { reference: p.reference }),
  'depot.statement': (c, p) => textMail(c, 'mail.depot.statement', p.name, {
    number: p.number, from: new Date(`${p.from}T12:00:00Z`), to: new Date(`${p.to}T12:00:00Z`), link: mailLink(p.link),
  }),
};

/** The kinds with their own builder (the lifecycle's kinds are open: any `lifecycle.<name>`). */
export const mailKinds = Object.keys(builders) as Array<keyof typeof builders>;

/** A mail in the language: subject, plain text and HTML, with greeting and closing. */
export function renderMail<K extends MailKind>(kind: K, lang: Language, params: MailParams[K]): MailContent {
  const c = context(lang, params.store, params.shop);
  const built: Built = kind.startsWith('lifecycle.') || kind.startsWith('security.')
    ? textMail(c, `mail.${kind}`, (params as TextMailParams).name, (params as TextMailParams).values)
    : (builders[kind as keyof typeof builders] as (c: MailCtx, p: MailParams[K]) => Built)(c, params);
  const blocks: MailBlock[] = [
    { kind: 'text', lines: [built.name ? c.t('mail.common.greeting', { name: built.name }) : c.t('mail.common.greetingNoName')] },
    ...built.blocks,
    { kind: 'text', lines: c.t('mail.common.closing').split('\n') },
  ];
  return { subject: built.subject, text: renderMailText(blocks), html: renderMailHtml({ lang, subject: built.subject, blocks }) };
}

/**
 * One text of the locale file (a key under "mail.") filled like a mail's: for the parts a mail composes
 * from several texts (the order lifecycle's alternatives and lists), passed on as values of its body.
 */
export function mailText(lang: Language, store: StoreKey, shop: string, key: string, values?: MailValues): string {
  return context(lang, store, shop).t(key, values);
}

/** The text of an SMS ("mail.sms.<kind>"). */
export function renderSms(kind: 'verificationCode', lang: Language, params: { store: StoreKey; shop: string; values: MailValues }): string {
  return context(lang, params.store, params.shop).t(`mail.sms.${kind}`, params.values);
}
