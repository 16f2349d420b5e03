// The consent banner and the consent settings (spec 3: five groups, Necessary, Performance, Functional,
// Targeting, Social; all but Necessary denied until given). The server renders the banner with the page
// when the visitor's consent cookie holds no choice yet (boot.consentDecided), so it paints with the page
// and never late over it; after hydration the browser's own state decides. It is a labelled
// region placed right after the skip link, so keyboard and screen-reader users meet it first. "Accept all"
// and "Only necessary" carry equal weight. The settings are a modal dialog: focus moves into it, Tab stays
// inside, Escape closes it, and focus returns to what opened it (the banner, the footer link or a video).
import { useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { consentGroups, deniedChoice, type ConsentChoice } from '../../../src/contracts/consent.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { grantedChoice } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { BootContext } from '../../lib/boot.ts';
import { Link } from '../ShopLink.tsx';
import { legalPages } from '../Footer.tsx';
import { localizedPath } from '../../../src/screens.ts';

/** After a choice in the banner the banner is gone: focus goes on to the page's main content. */
function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

function PrivacyLink() {
  const { t, lang } = useShop();
  const privacy = legalPages.find((p) => p.key === 'footer.privacy');
  return privacy ? <Link to={localizedPath(lang, privacy[lang])}>{t('consent.privacyLink')}</Link> : null;
}

export function ConsentBanner() {
  const { useConsent, useSettingsOpen: useConsentSettingsOpen, save: saveConsent, openSettings: openConsentSettings } = useBrowser().consent;
  const { t, uses } = useShop();
  // the settings (from the banner or the footer's link) open on a click: their groups come with the page
  uses(['consent.group.*']);
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
      {settingsOpen ? <ConsentSettings initial={consent?.choice ?? deniedChoice} /> : null}
    </>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function ConsentSettings({ initial }: { initial: ConsentChoice }) {
  const { save: saveConsent, closeSettings: closeConsentSettings } = useBrowser().consent;
  const { t } = useShop();
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState<ConsentChoice>(initial);

  useEffect(() => {
    dialog.current?.focus();
  }, []);

  const save = (c: ConsentChoice) => {
    saveConsent(c);
    closeConsentSettings();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeConsentSettings();
      return;
    }
    if (e.key !== 'Tab' || !dialog.current) return;
    // keep focus inside the modal dialog
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === dialog.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="consent-overlay">
      <div
        ref={dialog}
        className="consent-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="consent-settings"
      >
        <h2 id={`${id}-title`} className="consent-title">{t('consent.settingsTitle')}</h2>
        <p id={`${id}-text`}>
          {t('consent.settingsText')} <PrivacyLink />
        </p>
        <fieldset className="consent-groups">
          <legend className="visually-hidden">{t('consent.groupsLegend')}</legend>
          {consentGroups.map((g) => (
            <div key={g} className="consent-group">
              <input
                type="checkbox"
                id={`${id}-${g}`}
                checked={choice[g]}
                disabled={g === 'necessary'}
                onChange={(e) => setChoice({ ...choice, [g]: e.target.checked })}
                aria-describedby={`${id}-${g}-text`}
              />
              <div>
                <label htmlFor={`${id}-${g}`} className="consent-group-name">
                  {t(`consent.group.${g}.name`)}
                  {g === 'necessary' ? <span className="consent-always"> ({t('consent.alwaysOn')})</span> : null}
                </label>
                <p id={`${id}-${g}-text`} className="consent-group-text">{t(`consent.group.${g}.text`)}</p>
              </div>
            </div>
          ))}
        </fieldset>
        <div className="consent-actions">
          <button type="button" className="button button-primary" onClick={() => save(choice)}>{t('consent.save')}</button>
          <button type="button" className="button button-quiet" onClick={() => save(grantedChoice)}>{t('consent.acceptAll')}</button>
          <button type="button" className="button button-quiet" onClick={() => closeConsentSettings()}>{t('consent.cancel')}</button>
        </div>
      </div>
    </div>
  );
}
