// E-mail verification (spec 4): the link from the activation mail opens /activate-user?token=...; the page
// confirms the address once it runs in the browser (a mail scanner fetching the link confirms nothing)
// and leads to login. An invalid or expired link can request a new mail.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import { activate, sendActivationMail } from '../../state/shop-api.ts';
import type { CallError } from '../../../src/contracts/result.ts';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import { ErrorSummary, StatusMessage, SubmitButton, TextField } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';

type State = { kind: 'working' } | { kind: 'done'; already: boolean } | { kind: 'failed'; error: CallError } | { kind: 'missing' };

const formId = 'activate';

export default function ActivateUserPage() {
  const { t, lang } = useShop();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'missing' });
  const started = useRef('');

  useEffect(() => {
    if (!token || started.current === token) return;
    started.current = token;
    setState({ kind: 'working' });
    void activate(token).then((r) => {
      setState(r.error ? { kind: 'failed', error: r.error } : { kind: 'done', already: r.data.alreadyVerified });
    });
  }, [token]);

  return (
    <section className="container page-section auth-page">
      <div className="auth-card auth-card-narrow">
        <h1 className="page-title">{t('route.activateUser')}</h1>
        {state.kind === 'working' ? <p className="auth-intro" role="status">{t('account.activate.working')}</p> : null}
        {state.kind === 'done' ? (
          <>
            <StatusMessage>{state.already ? t('account.activate.already') : t('account.activate.success')}</StatusMessage>
            <p><Link className="button button-primary" to={pathFor('login', lang)}>{t('account.activate.toLogin')}</Link></p>
          </>
        ) : null}
        {state.kind === 'failed' || state.kind === 'missing' ? (
          <>
            <div className="form-alert form-alert-error" role="alert">
              <p>{state.kind === 'failed' ? state.error.message : t('account.activate.missing')}</p>
            </div>
            <ResendActivation />
          </>
        ) : null}
      </div>
    </section>
  );
}

function ResendActivation() {
  const { t } = useShop();
  const [sent, setSent] = useState(false);
  const form = useForm({ email: '' }, (v) => new Rules(t).email('email', v.email).errors);
  const submit = form.onSubmit(async (v) => {
    const r = await sendActivationMail(v.email.trim());
    if (r.error) return r;
    setSent(true);
  });
  return (
    <div className="auth-subsection">
      <h2>{t('account.activate.resendTitle')}</h2>
      {sent ? <StatusMessage>{t('account.activate.resent')}</StatusMessage> : (
        <>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ email: t('account.field.email') }} attempt={form.attempt} />
          <form method="post" className="form" noValidate onSubmit={submit}>
            <TextField formId={formId} {...form.field('email')} type="email" label={t('account.field.email')} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
            <div className="form-actions">
              <SubmitButton busy={form.submitting} label={t('account.activate.resendSubmit')} busyLabel={t('form.sending')} kind="quiet" />
            </div>
          </form>
        </>
      )}
    </div>
  );
}
