// Third-party embeds behind consent (spec 2): a video or a map loads only when the visitor has given the
// group it needs (Targeting for both; the privacy policy counts maps as marketing), and shows a
// placeholder with an explanation and buttons otherwise. The server and the hydrating render always show
// the placeholder (consent is known only in the browser), so the guest page cache can serve one HTML.
import { useRef, type ReactNode } from 'react';
import { useBrowser } from '../../lib/browser-port.ts';
import type { ConsentGroup } from '../../../src/contracts/consent.ts';
import { useConsentFor } from '../../hooks/useConsent.ts';
import { useShop } from '../../lib/context.tsx';

export function ConsentGate({ group, title, text, allowLabel, className, children }: {
  group: ConsentGroup;
  /** what is not shown (the video's or map's title) */
  title: string;
  /** why it is not shown */
  text: string;
  allowLabel: string;
  className?: string;
  /** the embed, rendered once the group is granted */
  children: () => ReactNode;
}) {
  const { t } = useShop();
  const browser = useBrowser();
  const granted = useConsentFor(group);
  // Focus returns here (it stays in the document when the embed replaces the placeholder).
  const frame = useRef<HTMLDivElement>(null);
  return (
    <div className={`consent-gate${className ? ` ${className}` : ''}`} ref={frame} tabIndex={-1} data-consent={granted ? 'granted' : 'pending'}>
      {granted ? (
        children()
      ) : (
        <div className="consent-placeholder">
          <p className="consent-placeholder-title">{title}</p>
          <p className="consent-placeholder-text">{text}</p>
          <div className="consent-placeholder-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                browser.consent.grant(group);
                frame.current?.focus();
              }}
            >
              {allowLabel}
            </button>
            <button type="button" className="button button-quiet" onClick={() => browser.consent.openSettings(frame.current)}>
              {t('consent.openSettings')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
