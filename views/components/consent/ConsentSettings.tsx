// The consent settings (spec 3): a modal dialog with the five groups, all but Necessary as the visitor
// chose them. Focus moves into it, Tab stays inside, Escape closes it, and focus returns to what opened it
// (client/state/consent.ts). A chunk of its own (issue 27): ConsentBanner.tsx loads it when first opened.
import { use, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { consentGroups, type ConsentChoice } from '../../../src/contracts/consent.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { grantedChoice } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { fullStrings } from '../../../src/i18n.ts';
import { PrivacyLink } from './PrivacyLink.tsx';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export function ConsentSettings({ initial }: { initial: ConsentChoice }) {
  const { save: saveConsent, closeSettings: closeConsentSettings } = useBrowser().consent;
  const { t, lang } = useShop();
  // Issue 27: the groups' words (consent.group, 0.6 kB) are not shipped with every page: the dialog waits for
  // the language's full table (its first opening is a click, which has started fetching it, client/entry.tsx);
  // should it not come, the dialog opens anyway and its words follow when they do
  use(fullStrings(lang));
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

export default ConsentSettings;
