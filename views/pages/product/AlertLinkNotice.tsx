// The availability alert's confirmation link (AvailabilityAlert.tsx): the product page opened with
// ?alertToken= (and &cancel=1 to cancel) sends the token once and says how it went. Apart from the form, so
// that every product page carries this small notice and only a sold-out one the form's code (issue 27).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cancelAlert, confirmAlert } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { ResultMessage } from '../../components/forms/FormResult.tsx';

/** The confirmation mail's link (?alertToken=..., &cancel=1): confirms or cancels once, says how it went. */
export function AlertLinkNotice() {
  const { t } = useShop();
  const [params] = useSearchParams();
  const token = params.get('alertToken');
  const cancel = params.get('cancel') === '1';
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void (cancel ? cancelAlert(token) : confirmAlert(token)).then((r) => {
      setResult(r.error ? { ok: false, message: r.error.message } : { ok: true, message: t(cancel ? 'forms.alert.cancelled' : 'forms.alert.confirmed') });
    });
  }, [token, cancel, t]);
  if (!token || !result) return null;
  return result.ok ? (
    <ResultMessage className="alert-link-notice">{result.message}</ResultMessage>
  ) : (
    <div className="form-summary alert-link-notice" role="alert"><p className="form-summary-title">{result.message}</p></div>
  );
}
