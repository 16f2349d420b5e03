// The visitor's cookie consent as it crosses from the browser to the server: spec 3's consent groups and
// the cookie that carries the choice. The browser writes it when the visitor chooses (client/state/consent.ts);
// the storefront reads it so that the consent banner is rendered with the page when no choice was made,
// and not at all once one was (the guest page cache keeps a page per decided/undecided).
export const consentGroups = ['necessary', 'performance', 'functional', 'targeting', 'social'] as const;
export type ConsentGroup = (typeof consentGroups)[number];
export type ConsentChoice = Record<ConsentGroup, boolean>;

/** Bump when the groups or their meaning change: every visitor is asked again. */
export const CONSENT_VERSION = 1;

/** Necessary only; a consent cookie (strictly necessary itself: it records the choice). */
export const CONSENT_COOKIE = 'aurumConsent';
/** spec-free choice: a year, then the visitor is asked again */
export const CONSENT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const deniedChoice: ConsentChoice = { necessary: true, performance: false, functional: false, targeting: false, social: false };

/** The cookie's value: "<version>." and the granted optional groups, e.g. "1.performance-social" ("1." is
 * necessary only). Only letters, digits, dots and dashes: no quoting or escaping needed. */
export function consentCookieValue(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}.${consentGroups.filter((g) => g !== 'necessary' && choice[g]).join('-')}`;
}

/** The choice a cookie value holds, or null when it is absent, of another version or not ours (a
 * malformed or foreign value counts as no choice: the visitor is asked). */
export function parseConsentCookie(raw: string | undefined | null): ConsentChoice | null {
  if (!raw || raw.length > 100) return null;
  const m = /^(\d+)\.([a-z-]*)$/.exec(raw);
  if (!m || Number(m[1]) !== CONSENT_VERSION) return null;
  const choice = { ...deniedChoice };
  if (m[2] === '') return choice;
  for (const g of m[2].split('-')) {
    if (g === 'necessary' || !(consentGroups as readonly string[]).includes(g)) return null;
    choice[g as ConsentGroup] = true;
  }
  return choice;
}
