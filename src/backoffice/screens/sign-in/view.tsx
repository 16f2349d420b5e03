// The sign-in page: e-mail and password, a message when the session ended or the sign-in was refused.
import type { Fmt } from '../../format.ts';
import { Csrf, Field } from '../../ui/form.tsx';

export function SignInView({ f, csrf, email, message }: { f: Fmt; csrf: string; email?: string; message?: string | null }) {
  return (
    <form method="post" action="/sign-in" className="card narrow">
      {message && <p className="notice error" role="alert">{message}</p>}
      <Csrf value={csrf} />
      <Field name="email" label={f.t('signIn.email')} type="email" value={email} required autoComplete="username" />
      <Field name="password" label={f.t('signIn.password')} type="password" required autoComplete="current-password" />
      <button type="submit">{f.t('signIn.submit')}</button>
    </form>
  );
}
