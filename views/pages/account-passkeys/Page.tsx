// Passkeys (issue 26): the customer's passkeys (name, added, last use), adding one (the password again when
// the session began more than 5 minutes ago: the service says so and the form asks for it) and removing one.
// The browser's WebAuthn call goes through @simplewebauthn/browser: the counterpart of the service's
// @simplewebauthn/server, it turns the options JSON into navigator.credentials.create and the answer back.
import { useEffect, useState } from 'react';
import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { ErrorSummary, PasswordField, StatusMessage, SubmitButton, TextField } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules } from '../../components/forms/validation.ts';
import { useShop } from '../../lib/context.tsx';
import { addPasskey, deletePasskey, listPasskeys, passkeyOptions } from '../../state/shop-api.ts';
import type { Passkey } from '../../../src/contracts/passkeys.ts';

const formId = 'passkey';

export default function AccountPasskeysPage() {
  const { t, date, uses } = useShop();
  // a refused passkey is said after the browser's dialog: shipped with the page (issue 27)
  uses(['form.error.passkey_rejected']);
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [needsPassword, setNeedsPassword] = useState(false);
  const form = useForm({ name: '', password: '' }, (v) => {
    const r = new Rules(t).required('name', v.name);
    return (needsPassword ? r.required('password', v.password) : r).errors;
  });
  const labels = { name: t('account.passkeys.name'), password: t('account.field.currentPassword') };

  const reload = async () => {
    const r = await listPasskeys();
    if (!r.error) setPasskeys(r.data.passkeys);
  };
  useEffect(() => { void reload(); }, []);

  const submit = form.onSubmit(async (v) => {
    setStatus(null);
    const o = await passkeyOptions(needsPassword ? v.password : undefined);
    if (o.error) {
      if (o.error.code === 'passkey_password_required') setNeedsPassword(true);
      return o;
    }
    let response;
    try {
      response = await startRegistration({ optionsJSON: o.data.options as PublicKeyCredentialCreationOptionsJSON });
    } catch {
      return { data: null, error: { code: 'passkey_rejected', status: 400, message: t('form.error.passkey_rejected') } };
    }
    const r = await addPasskey({ name: v.name.trim(), response });
    if (r.error) return r;
    form.reset({ name: '', password: '' });
    setNeedsPassword(false);
    setStatus(t('account.passkeys.added', { name: r.data.name }));
    await reload();
  });

  const remove = async (p: Passkey) => {
    setStatus(null);
    const r = await deletePasskey(p.id);
    if (!r.error) {
      setStatus(t('account.passkeys.removed', { name: p.name }));
      await reload();
    }
  };

  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountPasskeys')}>
        <section className="account-panel" aria-labelledby="passkeys-title">
          <h2 id="passkeys-title">{t('account.passkeys.listTitle')}</h2>
          <p>{t('account.passkeys.intro')}</p>
          {status ? <StatusMessage>{status}</StatusMessage> : null}
          {passkeys === null ? null : passkeys.length === 0 ? <p>{t('account.passkeys.empty')}</p> : (
            <ul className="passkey-list">
              {passkeys.map((p) => (
                <li key={p.id}>
                  <strong>{p.name}</strong>{' '}
                  <span>{t('account.passkeys.createdAt', { date: date(p.createdAt) })}</span>{', '}
                  <span>{p.lastUsedAt ? t('account.passkeys.lastUsedAt', { date: date(p.lastUsedAt) }) : t('account.passkeys.neverUsed')}</span>{' '}
                  <button type="button" className="button button-quiet" onClick={() => void remove(p)}>
                    {t('account.passkeys.remove', { name: p.name })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="account-panel" aria-labelledby="passkey-add-title">
          <h2 id="passkey-add-title">{t('account.passkeys.addTitle')}</h2>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
          <form method="post" className="form" noValidate onSubmit={submit}>
            <TextField formId={formId} {...form.field('name')} label={labels.name} maxLength={60} required autoComplete="off" />
            {needsPassword ? (
              <PasswordField formId={formId} {...form.field('password')} label={labels.password} autoComplete="current-password" required size="medium" />
            ) : null}
            <div className="form-actions">
              <SubmitButton busy={form.submitting} label={t('account.passkeys.add')} busyLabel={t('form.sending')} />
            </div>
          </form>
        </section>
      </AccountShell>
    </>
  );
}
