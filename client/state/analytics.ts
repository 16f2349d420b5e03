// Analytics (spec 1: "analytics loads only outside development, consent defaults denied"): Google Tag
// Manager with consent mode. The server names a container only in production and only when one is
// configured (ANALYTICS_CONTAINER_ID, sent in the boot payload); development and test never load it.
// Before the container loads, every consent type is set to denied (consent mode defaults), waiting up to
// 500 ms for the visitor's choice (spec 9: consent wait 500 ms); the stored choice, and every later change,
// follows as a consent update. What the tags may do is then up to consent mode: the data layer
// (data-layer.ts) is filled either way, nothing leaves the browser for a denied purpose.
import { getConsent, subscribeConsent, type ConsentChoice } from './consent.ts';
import { track } from './data-layer.ts';

/** spec 9: consent wait 500 ms */
export const CONSENT_WAIT_MS = 500;
export const GTM_ORIGIN = 'https://www.googletagmanager.com';

type ConsentValue = 'granted' | 'denied';

/** Consent mode v2 types from the shop's five groups (the privacy policy's mapping). */
export function consentModeOf(choice: ConsentChoice): Record<string, ConsentValue> {
  const v = (b: boolean): ConsentValue => (b ? 'granted' : 'denied');
  return {
    security_storage: 'granted', // Necessary: always
    analytics_storage: v(choice.performance),
    functionality_storage: v(choice.functional),
    personalization_storage: v(choice.functional),
    ad_storage: v(choice.targeting),
    ad_user_data: v(choice.targeting),
    ad_personalization: v(choice.targeting),
  };
}

/** gtag() as Google documents it: the arguments object itself goes onto the data layer. */
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

let started = false;

/** Starts analytics for a container id (null: not here, nothing happens). Returns whether it loaded. */
export function startAnalytics(containerId: string | null | undefined, nonce?: string): boolean {
  if (!containerId || started || typeof document === 'undefined') return false;
  if (!/^GTM-[A-Z0-9]{4,12}$/.test(containerId)) return false;
  started = true;
  gtag('consent', 'default', { ...consentModeOf({ necessary: true, performance: false, functional: false, targeting: false, social: false }), wait_for_update: CONSENT_WAIT_MS });
  const publish = () => {
    const state = getConsent();
    if (!state.decided) return;
    gtag('consent', 'update', consentModeOf(state.choice));
    // Social has no consent-mode type: tags of social networks fire on this event's groups.
    track({ event: 'consent_update', consent: state.choice });
  };
  publish();
  subscribeConsent(publish);
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
  return true;
}
