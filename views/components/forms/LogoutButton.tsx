// Sign-out (spec 4): the server drops the session's cookies; the browser forgets the session's state and
// goes home. The header switches back to 'Log in' at once.
import { useState } from 'react';
import { logout } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';

export function LogoutButton({ className = 'link-button' }: { className?: string }) {
  const { loggedOut } = useBrowser().session;
  const { t, lang } = useShop();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    if (busy) return;
    setBusy(true);
    await logout();
    // Whatever the answer: the customer asked to leave; their state goes.
    loggedOut(lang);
    setBusy(false);
  };
  return (
    <button type="button" className={className} onClick={() => void signOut()} aria-disabled={busy || undefined}>
      {busy ? t('session.loggingOut') : t('session.logout')}
    </button>
  );
}
