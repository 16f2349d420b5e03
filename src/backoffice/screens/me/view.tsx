// The signed-in operator's own page (issue 26): who is signed in with which roles, and the form to change the
// own password with the current one and the second factor's code (before, only an admin could set one).
import type { Operator, OpsSession } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import { Csrf, Field, type FieldMessages } from '../../ui/form.tsx';

export function MeView({ f, csrf, me, sessions, fields }: { f: Fmt; csrf: string; me: Operator; sessions: OpsSession[]; fields?: FieldMessages }) {
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
        {/* issue 26: the second factor confirms the change as well */}
        <Field id="password-code" name="code" label={t('me.passwordCode')} hint={t('signIn.codeText')} required autoComplete="one-time-code" maxLength={40} error={fields?.code} />
        <button type="submit">{t('me.passwordSubmit')}</button>
      </form>
      <SessionsView f={f} csrf={csrf} sessions={sessions} />
    </>
  );
}

/** Issue 26: where the operator is signed in; each session can be ended (this one with sign-out), or all others. */
function SessionsView({ f, csrf, sessions }: { f: Fmt; csrf: string; sessions: OpsSession[] }) {
  const { t } = f;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="h-sessions">
      <h2 id="h-sessions">{t('me.sessionsTitle')}</h2>
      <p>{t('me.sessionsText')}</p>
      <table>
        <thead>
          <tr><th scope="col">{t('me.sessionDevice')}</th><th scope="col">{t('me.sessionStarted')}</th><th scope="col">{t('me.sessionLastUsed')}</th><th scope="col"><span className="visually-hidden">{t('me.sessionEnd')}</span></th></tr>
        </thead>
        <tbody>
          {sessions.map((s) => {
            const device = s.device ?? t('me.sessionUnknownDevice');
            return (
              <tr key={s.id}>
                <td>{device}</td>
                <td>{f.dateTime(s.createdAt)}</td>
                <td>{s.lastUsedAt ? f.dateTime(s.lastUsedAt) : '–'}</td>
                <td>
                  {s.current ? <strong>{t('me.sessionThis')}</strong> : (
                    <form method="post" action="/me/sessions/end">
                      <Csrf value={csrf} />
                      <input type="hidden" name="session" value={s.id} />
                      <button type="submit" className="secondary" aria-label={t('me.sessionEndLabel', { device, started: f.dateTime(s.createdAt) })}>{t('me.sessionEnd')}</button>
                    </form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {others > 0 && (
        <form method="post" action="/me/sessions/end-others">
          <Csrf value={csrf} />
          <button type="submit" className="secondary">{t('me.sessionsEndOthers')}</button>
        </form>
      )}
    </section>
  );
}
