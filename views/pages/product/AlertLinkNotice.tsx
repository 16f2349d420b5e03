// The availability alert's confirmation link (AvailabilityAlert.tsx): the product page opened with
// ?alertToken= (and &cancel=1 to cancel) sends the token once and says how it went. Apart from the form, so
// that every product page carries this small notice and only a sold-out one the form's code (issue 27).
import { useSearchParams } from 'react-router';
import { cancelAlert, confirmAlert } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { ResultMessage, useMailLinkResult } from '../../components/forms/FormResult.tsx';

/** The confirmation mail's link (?alertToken=..., &cancel=1): confirms or cancels once, says how it went. */
export function AlertLinkNotice() {
  const { t } = useShop();
  const [params] = useSearchParams();
  const token = params.get('alertToken');
  const cancel = params.get('cancel') === '1';
  const result = useMailLinkResult(token, cancel ? cancelAlert : confirmAlert, t(cancel ? 'forms.alert.cancelled' : 'forms.alert.confirmed'));
  if (!result) return null;
  return result.ok ? (
    <ResultMessage className="alert-link-notice">{result.message}</ResultMessage>
  ) : (
    <div className="form-summary alert-link-notice" role="alert"><p className="form-summary-title">{result.message}</p></div>
  );
}
