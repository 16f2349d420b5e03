// spec 4 and 8: after a session expired the shop says 'Your session has expired. We have logged you out.'
// The status region is always in the page, so a message that appears after a client-side redirect is
// announced; on a full page load it is simply there.
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';

export function SessionNotice() {
  const { dismissNotice } = useBrowser().session;
  const { t, session } = useShop();
  return (
    <div className="session-notice-region" role="status">
      {session.notice === 'expired' ? (
        <div className="container session-notice">
          <p>{t('session.expired')}</p>
          <button type="button" className="session-notice-close" onClick={dismissNotice} aria-label={t('session.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
