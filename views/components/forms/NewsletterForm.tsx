// The newsletter subscription (spec 7 POST /newsletters/subscriptions, double opt-in) of the footer and the
// CMS newsletter block: an e-mail address, what happens with it, and the answer: a confirmation mail went
// out, or (a signed-in customer's own address) subscribed at once; spec 8: a duplicate is answered with its
// message. The data layer gets newsletter-register with where it came from (spec 7).
import { useState } from 'react';
import { subscribeNewsletter } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { ErrorSummary, SubmitButton, TextField, useFormId } from './Fields.tsx';
import { privacyPath, ResultMessage } from './FormResult.tsx';
import { useForm } from './useForm.ts';
import { Rules } from './validation.ts';

export function NewsletterForm({ source, className }: { source: 'footer' | 'block'; className?: string }) {
  const { track } = useBrowser();
  const { t, lang } = useShop();
  const formId = useFormId(`newsletter-${source}`);
  const [done, setDone] = useState<{ email: string; pending: boolean } | null>(null);
  const form = useForm({ email: '' }, (v) => new Rules(t).email('email', v.email).errors);
  const label = t('forms.newsletter.email');
  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    const r = await subscribeNewsletter(email);
    if (r.error) return r;
    track({ event: 'newsletter-register', source });
    setDone({ email, pending: r.data.confirmationRequired });
  });
  if (done) {
    return (
      <ResultMessage className={className}>
        {done.pending ? t('forms.newsletter.pending', { email: done.email }) : t('forms.newsletter.subscribed', { email: done.email })}
      </ResultMessage>
    );
  }
  return (
    <div className={className}>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ email: label }} attempt={form.attempt} />
      <form method="post" className="form newsletter-form" noValidate onSubmit={submit}>
        <div className="newsletter-form-row">
          <TextField formId={formId} {...form.field('email')} type="email" label={label} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
          <SubmitButton busy={form.submitting} label={t('forms.newsletter.submit')} busyLabel={t('form.sending')} />
        </div>
        <p className="form-notice">
          {t('forms.newsletter.notice')} <Link to={privacyPath(lang)}>{t('forms.privacyLink')}</Link>
        </p>
      </form>
    </div>
  );
}
