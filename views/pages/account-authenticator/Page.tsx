// Authenticator app (issue 26): its status (on, recovery codes left), the enrolment (the QR code of the otpauth
// URI and the secret as text for typing, then the app's code typed to switch it on, then the 10 recovery codes
// shown this once, with a download) and switching it off. The QR code is the commerce service's SVG (the
// `qrcode` package there), shown as an <img> from a data: URI, so no markup of it ever enters the page.
// Decision: switching off tries without a code first; the service answers 403 step_up_required outside the
// 5 minutes after a sign-in or confirmation with the app, and then this screen asks for a code and sends it
// with the removal (the storefront confirms with it, then removes). The general step-up dialog is another page's.
import { useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { ErrorSummary, StatusMessage, SubmitButton, TextField, fieldId } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';
import { useShop } from '../../lib/context.tsx';
import { confirmTotp, deleteTotp, getSecondFactor, startTotp } from '../../state/shop-api.ts';
import type { Result } from '../../../src/contracts/result.ts';

type Status = { totp: boolean; recoveryCodesLeft: number };
type Enrolment = { secret: string; qrSvg: string };

/** A wrong code is told on the code field (tied to it by aria-describedby), not only in the summary. */
function onCodeField<T>(r: Result<T>): Result<T> {
  if (r.error?.code !== 'invalid_second_factor') return r;
  return { data: null, error: { ...r.error, details: { fields: [{ field: 'code', code: r.error.code, message: r.error.message }] } } };
}

const enrolId = 'totp-enrol';
const removeId = 'totp-remove';

/** The secret in groups of four, as authenticator apps show and accept it. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export default function AccountAuthenticatorPage() {
  const { t } = useShop();
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);
  // focus moves to what a step shows (a heading with tabIndex -1, or the field that is asked for), after its render
  const [focus, setFocus] = useState<{ id: string; n: number } | null>(null);
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);
  const focusOn = (id: string) => setFocus((f) => ({ id, n: (f?.n ?? 0) + 1 }));

  const enrol = useForm({ code: '' }, (v) => new Rules(t).required('code', v.code).numeric('code', v.code).errors);
  const remove = useForm({ code: '' }, (v) => (needsCode ? new Rules(t).required('code', v.code).errors : {}));

  const reload = async () => {
    const r = await getSecondFactor();
    if (!r.error) setStatus(r.data);
  };
  useEffect(() => { void reload(); }, []);

  const start = async () => {
    setNotice(null);
    setStarting(true);
    const r = await startTotp();
    setStarting(false);
    if (r.error) return enrol.showError(r.error);
    setEnrolment({ secret: r.data.secret, qrSvg: r.data.qrSvg });
    focusOn('totp-scan-title');
  };

  const confirm = enrol.onSubmit(async (v) => {
    const r = await confirmTotp(v.code.trim());
    if (r.error) return onCodeField(r);
    enrol.reset({ code: '' });
    setEnrolment(null);
    setCodes(r.data.recoveryCodes);
    setNotice(t('account.totp.enabled'));
    focusOn('totp-recovery-title');
    await reload();
  });

  const stored = () => {
    setCodes(null);
    focusOn('totp-title');
  };

  const switchOff = remove.onSubmit(async (v) => {
    setNotice(null);
    const r = await deleteTotp(needsCode ? v.code.trim() : undefined);
    if (r.error) {
      if (r.error.code === 'step_up_required') {
        setNeedsCode(true);
        focusOn(fieldId(removeId, 'code'));
        return;
      }
      return onCodeField(r);
    }
    remove.reset({ code: '' });
    setNeedsCode(false);
    setNotice(t('account.totp.removed'));
    focusOn('totp-title');
    await reload();
  });

  const codeFile = codes ? `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('account.totp.fileTitle')}\n\n${codes.join('\n')}\n`)}` : '';

  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountAuthenticator')}>
        <section className="account-panel" aria-labelledby="totp-title">
          <h2 id="totp-title" tabIndex={-1}>{t('account.totp.statusTitle')}</h2>
          <p>{t('account.totp.intro')}</p>
          {notice ? <StatusMessage>{notice}</StatusMessage> : null}
          {status === null ? null : (
            <p className="totp-status">{status.totp ? t('account.totp.statusOn', { count: status.recoveryCodesLeft }) : t('account.totp.statusOff')}</p>
          )}
          {status && !status.totp && !enrolment && !codes ? (
            <>
              <ErrorSummary formId={enrolId} summary={enrol.summary} errors={enrol.errors} labels={{ code: t('account.totp.code') }} attempt={enrol.attempt} />
              <p className="form-actions">
                <button type="button" className="button button-primary" onClick={() => void start()} aria-disabled={starting || undefined}>
                  {starting ? t('account.totp.starting') : t('account.totp.start')}
                </button>
              </p>
            </>
          ) : null}
        </section>

        {enrolment ? (
          <section className="account-panel" aria-labelledby="totp-scan-title">
            <h2 id="totp-scan-title" tabIndex={-1}>{t('account.totp.scanTitle')}</h2>
            <p>{t('account.totp.scan')}</p>
            <img className="totp-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt={t('account.totp.qrAlt')} width={200} height={200} />
            <p>{t('account.totp.manual')}</p>
            <p><code className="totp-secret" data-secret={enrolment.secret}>{grouped(enrolment.secret)}</code></p>
            <h2 id="totp-confirm-title">{t('account.totp.confirmTitle')}</h2>
            <ErrorSummary formId={enrolId} summary={enrol.summary} errors={enrol.errors} labels={{ code: t('account.totp.code') }} attempt={enrol.attempt} />
            <form method="post" className="form" noValidate onSubmit={confirm} aria-labelledby="totp-confirm-title">
              <TextField formId={enrolId} {...enrol.field('code')} label={t('account.totp.code')} hint={t('account.totp.codeHint')}
                inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="medium" required spellCheck={false} />
              <div className="form-actions">
                <SubmitButton busy={enrol.submitting} label={t('account.totp.confirm')} busyLabel={t('account.totp.confirming')} />
              </div>
            </form>
          </section>
        ) : null}

        {codes ? (
          <section className="account-panel" aria-labelledby="totp-recovery-title">
            <h2 id="totp-recovery-title" tabIndex={-1}>{t('account.totp.recoveryTitle')}</h2>
            <p>{t('account.totp.recoveryIntro')}</p>
            <ul className="totp-recovery-codes" aria-label={t('account.totp.recoveryListLabel')}>
              {codes.map((c) => <li key={c}><code>{c}</code></li>)}
            </ul>
            <p className="form-actions">
              <a className="button button-quiet" href={codeFile} download="recovery-codes.txt">{t('account.totp.download')}</a>
              <button type="button" className="button button-primary" onClick={stored}>{t('account.totp.stored')}</button>
            </p>
          </section>
        ) : null}

        {status?.totp && !codes ? (
          <section className="account-panel" aria-labelledby="totp-remove-title">
            <h2 id="totp-remove-title">{t('account.totp.removeTitle')}</h2>
            <p>{t('account.totp.removeIntro')}</p>
            <ErrorSummary formId={removeId} summary={remove.summary} errors={remove.errors} labels={{ code: t('account.totp.removeCode') }} attempt={remove.attempt} />
            <form method="post" className="form" noValidate onSubmit={switchOff} aria-labelledby="totp-remove-title">
              {needsCode ? (
                <TextField formId={removeId} {...remove.field('code')} label={t('account.totp.removeCode')} hint={t('account.totp.removeConfirm')}
                  autoComplete="one-time-code" maxLength={20} size="medium" required spellCheck={false} />
              ) : null}
              <div className="form-actions">
                <SubmitButton busy={remove.submitting} label={t('account.totp.remove')} busyLabel={t('account.totp.removing')} kind="danger" />
              </div>
            </form>
          </section>
        ) : null}
      </AccountShell>
    </>
  );
}
