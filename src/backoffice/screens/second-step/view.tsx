// The second step of a staff sign-in (issue 26): the TOTP enrolment (QR code as inline SVG, the key as text,
// a code to confirm), the recovery codes shown once, and the code asked at every later sign-in.
import type { Fmt } from '../../format.ts';
import { Csrf, Field } from '../../ui/form.tsx';

export function CodeView({ f, csrf, error }: { f: Fmt; csrf: string; error?: string }) {
  return (
    <form method="post" action="/sign-in/second-step" className="card narrow" noValidate>
      <p id="code-text">{f.t('signIn.codeText')}</p>
      <Csrf value={csrf} />
      <Field id="code" name="code" label={f.t('signIn.code')} required autoComplete="one-time-code" maxLength={40} error={error} />
      <button type="submit">{f.t('signIn.codeSubmit')}</button>
    </form>
  );
}

/** qrSvg: the otpauth URI as an SVG from qrcode (server-made markup, no script, no style attribute). */
export function EnrolView({ f, csrf, qrSvg, secret, error }: { f: Fmt; csrf: string; qrSvg: string; secret: string; error?: string }) {
  // the key in groups of four, as authenticator apps show it and people type it
  const grouped = secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <form method="post" action="/sign-in/enrol" className="card narrow" noValidate>
      <p>{f.t('signIn.enrolText')}</p>
      <Csrf value={csrf} />
      <div className="qr" role="img" aria-label={f.t('signIn.enrolQr')} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>{f.t('signIn.enrolSecret')}: <code className="secret">{grouped}</code></p>
      <Field id="code" name="code" label={f.t('signIn.code')} required autoComplete="one-time-code" inputMode="numeric" maxLength={40} error={error} />
      <button type="submit">{f.t('signIn.enrolSubmit')}</button>
    </form>
  );
}

export function RecoveryCodesView({ f, codes }: { f: Fmt; codes: string[] }) {
  return (
    <section className="card narrow" aria-labelledby="h-recovery">
      <h2 id="h-recovery">{f.t('signIn.recoveryTitle')}</h2>
      <p>{f.t('signIn.recoveryText')}</p>
      <ul className="recovery-codes">
        {codes.map((c) => <li key={c}><code>{c}</code></li>)}
      </ul>
      <p><a href="/orders" className="button">{f.t('signIn.recoveryContinue')}</a></p>
    </section>
  );
}
