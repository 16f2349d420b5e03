// Forgot password (spec 2, 7): the service sends a reset link valid one hour. The answer is the same
// whether or not the address has an account, so the page never tells which addresses are customers.
import { useState } from 'react';
import { Link } from '../../components/ShopLink.tsx';
import { forgotPassword } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import { ErrorSummary, StatusMessage, SubmitButton, TextField } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';

const formId = 'forgot';

export default function ForgotPasswordPage() {
  const { t, lang } = useShop();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ email: '' }, (v) => new Rules(t).email('email', v.email).errors);
  const submit = form.onSubmit(async (v) => {
    const email = v.email.trim();
    const r = await forgotPassword(email);
    if (r.error) return r;
    setSentTo(email);
  });
  return (
    <section className="container page-section auth-page">
      <div className="auth-card auth-card-narrow">
        <h1 className="page-title">{t('route.forgotPassword')}</h1>
        {sentTo ? (
          <StatusMessage>{t('account.forgot.sent', { email: sentTo })}</StatusMessage>
        ) : (
          <>
            <p className="auth-intro">{t('account.forgot.intro')}</p>
            <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ email: t('account.field.email') }} attempt={form.attempt} />
            <form method="post" className="form" noValidate onSubmit={submit}>
              <TextField formId={formId} {...form.field('email')} type="email" label={t('account.field.email')} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
              <div className="form-actions">
                <SubmitButton busy={form.submitting} label={t('account.forgot.submit')} busyLabel={t('form.sending')} />
              </div>
            </form>
          </>
        )}
        <p className="auth-switch"><Link to={pathFor('login', lang)}>{t('account.forgot.back')}</Link></p>
      </div>
    </section>
  );
}
