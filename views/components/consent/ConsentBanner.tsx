// The consent banner and the consent settings (spec 3: five groups, Necessary, Performance, Functional,
// Targeting, Social; all but Necessary denied until given). The server renders the banner with the page
// when the visitor's consent cookie holds no choice yet (boot.consentDecided), so it paints with the page
// and never late over it; after hydration the browser's own state decides. It is a labelled
// region placed right after the skip link, so keyboard and screen-reader users meet it first. "Accept all"
// and "Only necessary" carry equal weight. The settings are a modal dialog: focus moves into it, Tab stays
// inside, Escape closes it, and focus returns to what opened it (the banner, the footer link or a video);
// they are ConsentSettings.tsx, loaded when first opened.
import { lazy, Suspense, useContext, useId } from 'react';
import { deniedChoice } from '../../../src/contracts/consent.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { grantedChoice } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { BootContext } from '../../lib/boot.ts';
import { PrivacyLink } from './PrivacyLink.tsx';

/** Issue 27: the settings dialog's code (groups, focus trap) loads when a visitor opens it: no first view
 * needs it. Decision: React.lazy without a fallback; the dialog appears when its code and its words (the
 * groups' names and texts, which no page ships: ConsentSettings.tsx waits for the language's full table)
 * are there, and then takes the focus, so a tap on "Settings" before that is not lost. */
const ConsentSettings = lazy(() => import('./ConsentSettings.tsx'));

/** After a choice in the banner the banner is gone: focus goes on to the page's main content. */
function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

export function ConsentBanner() {
  const { useConsent, useSettingsOpen: useConsentSettingsOpen, save: saveConsent, openSettings: openConsentSettings } = useBrowser().consent;
  const { t } = useShop();
  const id = useId();
  const consent = useConsent();
  const { consentDecided } = useContext(BootContext);
  const settingsOpen = useConsentSettingsOpen();
  // on the server and while hydrating (consent null) what the server read from the cookie
  const showBanner = consent === null ? !consentDecided : !consent.decided;
  return (
    <>
      {showBanner ? (
        <section className="consent-banner" aria-labelledby={`${id}-title`} data-testid="consent-banner">
          <div className="container consent-banner-inner">
            <div className="consent-banner-text">
              <h2 id={`${id}-title`} className="consent-title">{t('consent.title')}</h2>
              <p>
                {t('consent.text')} <PrivacyLink />
              </p>
            </div>
            <div className="consent-actions">
              <button type="button" className="button button-primary" onClick={() => { saveConsent(grantedChoice); focusMain(); }}>
                {t('consent.acceptAll')}
              </button>
              <button type="button" className="button button-primary" onClick={() => { saveConsent(deniedChoice); focusMain(); }}>
                {t('consent.onlyNecessary')}
              </button>
              <button type="button" className="button button-quiet" onClick={(e) => openConsentSettings(e.currentTarget)}>
                {t('consent.settings')}
              </button>
            </div>
          </div>
        </section>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <ConsentSettings initial={consent?.choice ?? deniedChoice} />
        </Suspense>
      ) : null}
    </>
  );
}
