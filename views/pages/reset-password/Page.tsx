// Reset password (spec 2, 5): the link from the mail carries ?token=; the new password follows spec 5's
// rules (shown as they are met) and is repeated. The link works once; every session of the account ends.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import { resetPassword } from '../../state/shop-api.ts';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import { ErrorSummary, PasswordField, StatusMessage, SubmitButton } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';

const formId = 'reset';

export default function ResetPasswordPage() {
  const { t, lang } = useShop();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const form = useForm({ newPassword: '', newPasswordRepeat: '' }, (v) =>
    new Rules(t).newPassword('newPassword', v.newPassword).same('newPasswordRepeat', v.newPasswordRepeat, v.newPassword).errors);
  const labels = { newPassword: t('account.field.newPassword'), newPasswordRepeat: t('account.field.newPasswordRepeat') };
  const submit = form.onSubmit(async (v) => {
    const r = await resetPassword({ token, ...v });
    if (r.error) return r;
    setDone(true);
  });
  const badLink = !token || form.error?.code === 'invalid_reset_token';
  return (
    <section className="container page-section auth-page">
      <div className="auth-card auth-card-narrow">
        <h1 className="page-title">{t('route.resetPassword')}</h1>
        {done ? (
          <>
            <StatusMessage>{t('account.reset.success')}</StatusMessage>
            <p><Link className="button button-primary" to={pathFor('login', lang)}>{t('account.activate.toLogin')}</Link></p>
          </>
        ) : !token ? (
          <div className="form-alert form-alert-error" role="alert"><p>{t('account.reset.missing')}</p></div>
        ) : (
          <>
            <p className="auth-intro">{t('account.reset.intro')}</p>
            <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
            <form method="post" className="form" noValidate onSubmit={submit}>
              <PasswordField formId={formId} {...form.field('newPassword')} label={labels.newPassword} autoComplete="new-password" required showRules />
              <PasswordField formId={formId} {...form.field('newPasswordRepeat')} label={labels.newPasswordRepeat} autoComplete="new-password" required />
              <div className="form-actions">
                <SubmitButton busy={form.submitting} label={t('account.reset.submit')} busyLabel={t('form.saving')} />
              </div>
            </form>
          </>
        )}
        {badLink && !done ? <p><Link to={pathFor('forgotPassword', lang)}>{t('account.reset.requestNew')}</Link></p> : null}
      </div>
    </section>
  );
}
