// Login (spec 2, 8): e-mail and password; 'E-mail address and password don't match.'; an unverified
// address can have its activation mail sent again; a throttled sign-in says when to try again. After
// login the customer goes where they were headed (?redirect=, same-site paths only) or to the account.
// Issue 26: an account with an authenticator app answers the right password on a new device with
// second_factor_required: the same card then asks for the app's code (or a recovery code) and offers to
// remember the device; the steps after it (session, merge notices, login event, target) are the password's.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { login, loginSecondFactor, passkeyLogin, passkeyLoginOptions, sendActivationMail } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { pathFor, safeRedirectPath } from '../../../src/screens.ts';
import { CheckboxField, ErrorSummary, PasswordField, StatusMessage, SubmitButton, TextField, fieldId } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';

const formId = 'login';
const codeFormId = 'login-code';

export default function LoginPage() {
  const browser = useBrowser();
  const { t, lang, session, uses } = useShop();
  // a refused passkey is said after the browser's dialog: shipped with the page (issue 27)
  uses(['form.error.passkey_rejected']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const target = safeRedirectPath(params.get('redirect'), pathFor('account', lang));
  const form = useForm({ email: '', password: '' }, (v) => new Rules(t).email('email', v.email).required('password', v.password).errors);
  const labels = { email: t('account.field.email'), password: t('account.field.password') };

  // issue 26: the second step (the pending sign-in itself stays in an httpOnly cookie of the storefront)
  const [secondStep, setSecondStep] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick > 0) document.getElementById(fieldId(codeFormId, 'code'))?.focus();
  }, [focusTick]);
  const codeForm = useForm({ code: '', remember: false }, (v) => {
    const r = new Rules(t).required('code', v.code);
    return (recovery ? r : r.numeric('code', v.code)).errors;
  });
  // Issue 27: the second step's words are a section of their own (account.loginCode), not shipped with the
  // page: they show after the password's answer, and the first interaction (the e-mail field's focus) has
  // fetched the language's full table by then. Nothing names them before the step shows.
  const codeLabel = () => (recovery ? t('account.loginCode.recoveryCode') : t('account.loginCode.code'));

  const signedIn = async (data: { session: Parameters<typeof browser.session.set>[0]; merged: boolean }, method: 'password' | 'passkey') => {
    browser.session.set(data.session);
    // issue 14: a guest line the cart maximum cut at the merge is told on the next page
    if (data.merged) await browser.carts.noticeMergeCuts();
    // spec 7: the data layer's login event (what leaves the browser is up to consent, analytics.ts)
    browser.track({ event: 'login', method });
    navigate(target, { replace: true });
  };

  const submit = form.onSubmit(async (v) => {
    setResent(false);
    const r = await login({ email: v.email.trim(), password: v.password });
    if (r.error?.code === 'second_factor_required') {
      codeForm.reset({ code: '', remember: false });
      setRecovery(false);
      setSecondStep(true);
      setFocusTick((n) => n + 1);
      return;
    }
    if (r.error) {
      // spec 8: wrong e-mail or password is one message, shown on the password field too
      if (r.error.code === 'invalid_credentials') {
        return { data: null, error: { ...r.error, details: { fields: [{ field: 'password', code: r.error.code, message: r.error.message }] } } };
      }
      return r;
    }
    await signedIn(r.data, 'password');
  });

  // A wrong code is told on the code field; the account's lock (429) is the same message the password's
  // lock gives, so it never tells which factor was wrong; an expired pending sign-in starts over.
  const submitCode = codeForm.onSubmit(async (v) => {
    const r = await loginSecondFactor({ code: v.code.trim(), rememberDevice: v.remember });
    if (r.error?.code === 'invalid_second_factor') {
      return { data: null, error: { ...r.error, details: { fields: [{ field: 'code', code: r.error.code, message: r.error.message }] } } };
    }
    if (r.error?.code === 'invalid_pending_sign_in') {
      setSecondStep(false);
      form.showError(r.error);
      return;
    }
    if (r.error) return r;
    await signedIn(r.data, 'password');
  });

  const toggleRecovery = () => {
    setRecovery((x) => !x);
    codeForm.set('code', '');
    setFocusTick((n) => n + 1);
  };

  // Issue 26: usernameless sign-in with a passkey (the browser offers the passkeys it holds for this shop).
  // The same after-steps as the password: the session, the merge's notices, the login event, the target.
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const signInWithPasskey = async () => {
    setPasskeyBusy(true);
    try {
      const o = await passkeyLoginOptions();
      if (o.error) return form.showError(o.error);
      let response;
      try {
        response = await startAuthentication({ optionsJSON: o.data.options as PublicKeyCredentialRequestOptionsJSON });
      } catch {
        return form.showError({ code: 'passkey_rejected', status: 400, message: t('form.error.passkey_rejected') });
      }
      const r = await passkeyLogin({ response });
      if (r.error) return form.showError(r.error);
      await signedIn(r.data, 'passkey');
    } finally {
      setPasskeyBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    const r = await sendActivationMail(form.values.email.trim());
    setResending(false);
    if (r.error) form.showError(r.error);
    else setResent(true);
  };

  if (session.level === 'user') {
    return (
      <section className="container page-section auth-page">
        <h1 className="page-title">{t('route.login')}</h1>
        <p className="lead">{t('account.login.signedIn')}</p>
        <p><Link className="button button-primary" to={pathFor('account', lang)}>{t('nav.account')}</Link></p>
      </section>
    );
  }

  return (
    <section className="container page-section auth-page">
      <div className="auth-grid">
        <div className="auth-card">
          <h1 className="page-title">{t('route.login')}</h1>
          <p className="auth-intro">{t('account.login.intro')}</p>
          {secondStep ? (
            <>
              <h2 id="login-code-title">{t('account.loginCode.codeTitle')}</h2>
              <p>{recovery ? t('account.loginCode.recoveryIntro') : t('account.loginCode.codeIntro')}</p>
              <ErrorSummary formId={codeFormId} summary={codeForm.summary} errors={codeForm.errors} labels={{ code: codeLabel() }} attempt={codeForm.attempt} />
              <form method="post" className="form" noValidate onSubmit={submitCode} aria-labelledby="login-code-title">
                <TextField formId={codeFormId} {...codeForm.field('code')} label={codeLabel()} required size="medium" spellCheck={false}
                  {...(recovery ? { autoComplete: 'off', maxLength: 11 } : { autoComplete: 'one-time-code', inputMode: 'numeric' as const, maxLength: 6 })} />
                <p className="form-aside">
                  <button type="button" className="link-button" onClick={toggleRecovery}>
                    {recovery ? t('account.loginCode.useApp') : t('account.loginCode.useRecovery')}
                  </button>
                </p>
                <CheckboxField formId={codeFormId} {...codeForm.check('remember')} label={t('account.loginCode.remember')} hint={t('account.loginCode.rememberHint')} />
                <div className="form-actions">
                  <SubmitButton busy={codeForm.submitting} label={t('account.loginCode.codeSubmit')} busyLabel={t('account.login.submitting')} />
                </div>
              </form>
              <p className="form-actions">
                <button type="button" className="button button-quiet" onClick={() => setSecondStep(false)}>{t('account.loginCode.restart')}</button>
              </p>
            </>
          ) : (
            <>
              <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt}>
                {form.error?.code === 'email_not_verified' && !resent ? (
                  <p>
                    <button type="button" className="button button-quiet" onClick={() => void resend()} aria-disabled={resending || undefined}>
                      {resending ? t('form.sending') : t('account.login.resend')}
                    </button>
                  </p>
                ) : null}
              </ErrorSummary>
              {resent ? <StatusMessage>{t('account.login.resent')}</StatusMessage> : null}
              <form method="post" className="form" noValidate onSubmit={submit}>
                <TextField formId={formId} {...form.field('email')} type="email" label={labels.email} autoComplete="username" inputMode="email" maxLength={254} required spellCheck={false} />
                <PasswordField formId={formId} {...form.field('password')} label={labels.password} autoComplete="current-password" required />
                <p className="form-aside"><Link to={pathFor('forgotPassword', lang)}>{t('account.login.forgot')}</Link></p>
                <div className="form-actions">
                  <SubmitButton busy={form.submitting} label={t('account.login.submit')} busyLabel={t('account.login.submitting')} />
                </div>
              </form>
              <p className="form-actions">
                <button type="button" className="button button-quiet" onClick={() => void signInWithPasskey()} aria-disabled={passkeyBusy || undefined}>
                  {passkeyBusy ? t('account.login.passkeyBusy') : t('account.login.passkey')}
                </button>
              </p>
            </>
          )}
        </div>
        <aside className="auth-aside" aria-labelledby="login-benefits">
          <h2 id="login-benefits">{t('account.login.benefitsTitle')}</h2>
          <ul className="promise-list auth-benefits">
            <li>{t('account.login.benefit1')}</li>
            <li>{t('account.login.benefit2')}</li>
            <li>{t('account.login.benefit3')}</li>
          </ul>
          <p className="auth-switch">{t('account.login.newHere')}</p>
          <p><Link className="button button-quiet" to={pathFor('register', lang)}>{t('account.login.register')}</Link></p>
        </aside>
      </div>
    </section>
  );
}
