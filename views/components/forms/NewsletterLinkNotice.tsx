// The links of the newsletter's mails open the home page with ?newsletterToken= (confirm the subscription,
// double opt-in) or ?newsletterUnsubscribe= (the welcome mail's unsubscribe link). This sends the token
// once (POST: a mail scanner opening the link changes nothing) and says how it went. Decision: no screen
// of its own; the mails of the commerce service name the home page, and the page's HTML stays the same.
import { useSearchParams } from 'react-router';
import { confirmNewsletter, unsubscribeNewsletter } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { ResultMessage, useMailLinkResult } from './FormResult.tsx';

export function NewsletterLinkNotice() {
  const { t } = useShop();
  const [params] = useSearchParams();
  const confirm = params.get('newsletterToken');
  const unsubscribe = params.get('newsletterUnsubscribe');
  const token = confirm ?? unsubscribe;
  const result = useMailLinkResult(token, confirm ? confirmNewsletter : unsubscribeNewsletter, t(confirm ? 'forms.newsletter.confirmed' : 'forms.newsletter.unsubscribed'));
  if (!result) return null;
  return (
    <div className="container newsletter-link-notice">
      {result.ok ? <ResultMessage>{result.message}</ResultMessage> : <div className="form-summary" role="alert"><p className="form-summary-title">{result.message}</p></div>}
    </div>
  );
}
