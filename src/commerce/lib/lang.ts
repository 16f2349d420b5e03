// The two languages of answers and mails, shared by every commerce feature.

export type Lang = 'de' | 'en';

/** de or en from a language tag or locale (en-US -> en); anything else falls back. */
export function langOf(tag: string | null | undefined, fallback: Lang): Lang {
  const l = (tag ?? '').slice(0, 2).toLowerCase();
  return l === 'de' || l === 'en' ? l : fallback;
}
