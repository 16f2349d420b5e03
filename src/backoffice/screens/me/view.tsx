// The signed-in operator's own page (issue 26): who is signed in with which roles, and the form to change the
// own password (before, only an admin could set one).
import type { Operator } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Csrf, Field, type FieldMessages } from '../../ui/form.tsx';

export function MeView({ f, csrf, me, fields }: { f: Fmt; csrf: string; me: Operator; fields?: FieldMessages }) {
  const { t } = f;
  return (
    <>
      <section className="card" aria-labelledby="h-me">
        <h2 id="h-me">{t('me.who')}</h2>
        <dl className="facts">
          <dt>{t('operators.name')}</dt><dd>{me.name ?? <span className="muted">{t('operators.noName')}</span>}</dd>
          <dt>{t('signIn.email')}</dt><dd>{me.email}</dd>
          <dt>{t('operators.roles')}</dt><dd>{me.roles.map((r) => t(`role.${r}`)).join(', ')}</dd>
          <dt>{t('operators.lastLogin')}</dt><dd>{me.lastLoginAt ? f.dateTime(me.lastLoginAt) : '–'}</dd>
        </dl>
      </section>
      <form method="post" action="/me/password" className="card" aria-labelledby="h-password" noValidate>
        <h2 id="h-password">{t('me.passwordTitle')}</h2>
        <p>{t('me.passwordText')}</p>
        <Csrf value={csrf} />
        {/* a password manager fills the e-mail in as the account's name */}
        <input type="email" name="username" value={me.email} autoComplete="username" readOnly hidden />
        <Field id="current-password" name="currentPassword" label={t('me.currentPassword')} type="password" required autoComplete="current-password" maxLength={200} error={fields?.currentPassword} />
        <Field id="new-password" name="newPassword" label={t('me.newPassword')} hint={t('me.newPasswordHint')} type="password" required minLength={12} maxLength={200} autoComplete="new-password" error={fields?.newPassword} />
        <Field id="repeat-password" name="repeatPassword" label={t('me.repeatPassword')} type="password" required minLength={12} maxLength={200} autoComplete="new-password" error={fields?.repeatPassword} />
        <button type="submit">{t('me.passwordSubmit')}</button>
      </form>
    </>
  );
}
