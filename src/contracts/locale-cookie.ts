// spec 3 "Browser state: ... locale cookie i18n_redirected (365 days)": the language a visitor picked, kept
// for a year. Written by the language switch (views/components/LanguageSwitch.tsx) and by the Austrian
// root's ?lang= choice (routes/pages.ts); honoured at the root path of every store (route-rules.ts): a
// visitor who picked English and comes back to / is sent to /en, one who picked German stays on /, whatever
// the browser's language list says. Decision: set on a pick only, not on the automatic Accept-Language
// redirect, so a browser's ranking never becomes a stored choice the visitor did not make.
import type { Language } from '../stores.ts';

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The picked language a cookie value holds, or null (absent or not one of ours). */
export function parseLocaleCookie(raw: string | undefined | null): Language | null {
  return raw === 'de' || raw === 'en' ? raw : null;
}

/** document.cookie strings that store a pick: the spec's i18n_redirected and the shop's lang cookie (which
 * the Austrian root rule reads), both path /, SameSite Lax, Secure on https, 365 days. */
export function languagePickCookies(lang: Language, secure: boolean): string[] {
  const attrs = `; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${LOCALE_COOKIE}=${lang}${attrs}`, `lang=${lang}${attrs}`];
}
