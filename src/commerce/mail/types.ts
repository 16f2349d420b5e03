// The words of the mails (kernel, mail/): the values a text is filled with and what a mail's builder gets.
// Their own module so that the builders (index.ts, order.ts) import them without importing each other.
import type { Language, LocaleTag, StoreKey } from '../../stores.ts';
import type { MailBlock } from './document.tsx';

export interface MailMoney {
  centAmount: number;
  currencyCode: string;
}

/** A value that is a link: a paragraph that is only this placeholder becomes an anchor. */
export interface MailLink {
  href: string;
}

/** Strings go in as they are; numbers, dates and amounts are formatted for the store's locale. */
export type MailValue = string | number | Date | MailMoney | MailLink;
export type MailValues = Record<string, MailValue>;

/** What a mail's builder gets: its language, locale and the strict text lookup. */
export interface MailCtx {
  lang: Language;
  store: StoreKey;
  shop: string;
  locale: LocaleTag;
  /** the text of a key with its placeholders filled (a missing key shows as the key, a missing value as {{name}}) */
  t(key: string, values?: MailValues): string;
  /** "mail.<kind>.body" as blocks */
  body(key: string, values?: MailValues): MailBlock[];
  money(m: MailMoney): string;
  date(d: Date | string): string;
}
