// My data (spec 2, 3, 6): personal data (the e-mail address is shown, not changed here), phone
// verification by SMS code, the newsletter subscription and the availability notifications (Notifications.tsx), change password, and account deletion with password confirmation (spec 6:
// removes all personal data including the order history; blocked while limit orders exist).
import { useEffect, useState } from 'react';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import { changePassword, deleteAccount, sendPhoneCode, updateProfile, verifyPhoneCode } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import type { ShopCustomer } from '../../../src/contracts/shop-api.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import {
  ErrorSummary, PasswordField, RadioGroup, SelectField, StatusMessage, SubmitButton, TextField,
} from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { FieldRules } from '../../components/forms/field-rules.ts';
import { Rules, phoneHint, salutationOf } from '../../components/forms/validation.ts';
import { stores } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import type { AccountData } from '../../models/account-loader.ts';
import { AlertsPanel, NewsletterPanel } from './Notifications.tsx';

interface ProfileValues {
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  phone: string;
  accountType: 'individual' | 'company';
  companyName: string;
  vatId: string;
  language: 'de' | 'en';
}

function valuesOf(c: ShopCustomer): ProfileValues {
  return {
    salutation: c.salutation ?? '', title: c.title ?? '', firstName: c.firstName, lastName: c.lastName, phone: c.phone ?? '',
    accountType: c.accountType, companyName: c.companyName ?? '', vatId: c.vatId ?? '', language: c.language,
  };
}

export default function AccountProfilePage() {
  const loaded = (useLoaderData() as AccountData).customer;
  const { t, lang } = useShop();
  const [customer, setCustomer] = useState(loaded);
  const [deleted, setDeleted] = useState(false);
  useEffect(() => setCustomer(loaded), [loaded]);

  if (deleted) {
    return (
      <>
        <Breadcrumb />
        <section className="container page-section">
          <h1 className="page-title">{t('account.profile.deleteTitle')}</h1>
          <StatusMessage>{t('account.profile.deleted')}</StatusMessage>
          <p><Link className="button button-primary" to={pathFor('home', lang)}>{t('error.backHome')}</Link></p>
        </section>
      </>
    );
  }
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountProfile')}>
        <PersonalData customer={customer} onSaved={setCustomer} />
        <PhoneVerification customer={customer} onVerified={setCustomer} />
        <NewsletterPanel email={customer.email} />
        <AlertsPanel />
        <ChangePassword email={customer.email} />
        <DeleteAccount onDeleted={() => setDeleted(true)} />
      </AccountShell>
    </>
  );
}

function PersonalData({ customer, onSaved }: { customer: ShopCustomer; onSaved: (c: ShopCustomer) => void }) {
  const browser = useBrowser();
  const { t, store } = useShop();
  const formId = 'profile';
  const [saved, setSaved] = useState(false);
  const vatOptional = store === 'us';
  const form = useForm<ProfileValues>(valuesOf(customer), (v) => {
    const r = new FieldRules(t, stores[store].country);
    r.required('firstName', v.firstName).required('lastName', v.lastName).phone('phone', v.phone);
    if (v.accountType === 'company') {
      r.required('companyName', v.companyName);
      if (!vatOptional) r.required('vatId', v.vatId);
      r.vatId('vatId', v.vatId);
    }
    return r.errors;
  });
  const v = form.values;
  const labels: Record<string, string> = {
    salutation: t('account.field.salutation'), title: t('account.field.title'), firstName: t('account.field.firstName'),
    lastName: t('account.field.lastName'), phone: t('account.field.phone'), accountType: t('account.field.accountType'),
    companyName: t('account.field.companyName'), vatId: t('account.field.vatId'), language: t('account.field.language'),
  };
  const submit = form.onSubmit(async (values) => {
    setSaved(false);
    const company = values.accountType === 'company';
    const r = await updateProfile({
      salutation: salutationOf(values.salutation),
      title: values.title.trim() || null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone.trim() || null,
      accountType: values.accountType,
      companyName: company ? values.companyName.trim() || null : null,
      vatId: company ? values.vatId.trim() || null : null,
      language: values.language,
      // newsletterOptIn is left out: the newsletter panel (double opt-in) is where it changes, and the
      // service keeps a field that is not sent
    });
    if (r.error) return r;
    onSaved(r.data.customer);
    browser.customer.set(r.data.customer);
    form.reset(valuesOf(r.data.customer));
    setSaved(true);
  });
  return (
    <section className="account-panel" aria-labelledby="profile-personal-title">
      <h2 id="profile-personal-title">{t('account.profile.personalTitle')}</h2>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      {saved ? <StatusMessage>{t('account.profile.saved')}</StatusMessage> : null}
      <form method="post" className="form" noValidate onSubmit={submit}>
        {/* the value is named by its label through the group (a p may not carry aria-labelledby) */}
        <div className="field field-static" role="group" aria-labelledby="profile-email-label">
          <p className="field-label" id="profile-email-label">{t('account.field.email')}</p>
          <p className="field-value">{customer.email}</p>
          <p className="field-hint">{t('account.profile.emailNote')}</p>
        </div>
        <RadioGroup formId={formId} name="accountType" legend={labels.accountType} value={v.accountType}
          onChange={(x) => form.set('accountType', x as ProfileValues['accountType'])} error={form.errors.accountType}
          options={[{ value: 'individual', label: t('account.field.individual') }, { value: 'company', label: t('account.field.company') }]} />
        {v.accountType === 'company' ? (
          <div className="field-row">
            <TextField formId={formId} {...form.field('companyName')} label={labels.companyName} autoComplete="organization" maxLength={100} required />
            <TextField formId={formId} {...form.field('vatId')} label={labels.vatId} optional={vatOptional} required={!vatOptional} maxLength={30} spellCheck={false}
              hint={vatOptional ? t('account.field.einHint') : t('account.field.vatHint')} />
          </div>
        ) : null}
        <div className="field-row">
          <SelectField formId={formId} {...form.field('salutation')} label={labels.salutation} optional size="short" autoComplete="honorific-prefix" placeholder={t('form.pleaseChoose')}
            options={['mr', 'ms', 'diverse'].map((s) => ({ value: s, label: t(`account.salutation.${s}`) }))} />
          <TextField formId={formId} {...form.field('title')} label={labels.title} optional size="short" maxLength={40} />
        </div>
        <div className="field-row">
          <TextField formId={formId} {...form.field('firstName')} label={labels.firstName} autoComplete="given-name" maxLength={100} required />
          <TextField formId={formId} {...form.field('lastName')} label={labels.lastName} autoComplete="family-name" maxLength={100} required />
        </div>
        <TextField formId={formId} {...form.field('phone')} type="tel" label={labels.phone} autoComplete="tel" inputMode="tel" maxLength={30} optional size="medium" hint={phoneHint(t, stores[store].country)} />
        <SelectField formId={formId} name="language" label={labels.language} value={v.language} onChange={(x) => form.set('language', x as 'de' | 'en')}
          error={form.errors.language} size="medium" options={[{ value: 'de', label: t('account.language.de') }, { value: 'en', label: t('account.language.en') }]} />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('form.save')} busyLabel={t('form.saving')} />
        </div>
      </form>
    </section>
  );
}

function PhoneVerification({ customer, onVerified }: { customer: ShopCustomer; onVerified: (c: ShopCustomer) => void }) {
  const { t } = useShop();
  const formId = 'phone';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm({ code: '' }, (v) => new Rules(t).required('code', v.code).numeric('code', v.code).errors);
  if (!customer.phone) return null;

  const send = async () => {
    if (sending) return;
    setSending(true);
    const r = await sendPhoneCode();
    setSending(false);
    if (r.error) form.showError(r.error);
    else {
      form.reset();
      setSentTo(r.data.phone);
    }
  };
  const submit = form.onSubmit(async (v) => {
    const r = await verifyPhoneCode(v.code.trim());
    if (r.error) {
      const left = (r.error.details as { attemptsLeft?: number } | undefined)?.attemptsLeft;
      const message = typeof left === 'number' ? `${r.error.message} ${t('account.profile.attemptsLeft', { count: left })}` : r.error.message;
      return { data: null, error: { ...r.error, message, details: { fields: [{ field: 'code', code: r.error.code, message }] } } };
    }
    setDone(true);
    onVerified(r.data.customer);
  });

  return (
    <section className="account-panel" id="phone" aria-labelledby="phone-title" tabIndex={-1}>
      <h2 id="phone-title">{t('account.profile.phoneTitle')}</h2>
      <p className="account-lines">
        <span>{customer.phone}</span>
        <span className={customer.phoneVerified ? 'status-tag status-tag-ok' : 'status-tag'}>
          {customer.phoneVerified ? t('account.profile.phoneVerified') : t('account.profile.phoneUnverified')}
        </span>
      </p>
      {done ? <StatusMessage>{t('account.profile.phoneDone')}</StatusMessage> : null}
      {!customer.phoneVerified ? (
        <>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ code: t('account.field.code') }} attempt={form.attempt} />
          {sentTo ? (
            <>
              <StatusMessage tone="info">{t('account.profile.codeSent', { phone: sentTo })}</StatusMessage>
              <form method="post" className="form form-inline" noValidate onSubmit={submit}>
                <TextField formId={formId} {...form.field('code')} label={t('account.field.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={12} size="short" required />
                <div className="form-actions">
                  <SubmitButton busy={form.submitting} label={t('account.profile.verifyCode')} busyLabel={t('form.sending')} />
                  <button type="button" className="button button-quiet" onClick={() => void send()}>{t('account.profile.sendCode')}</button>
                </div>
              </form>
            </>
          ) : (
            <>
              <p>{t('account.profile.phoneText')}</p>
              <p><button type="button" className="button button-quiet" onClick={() => void send()} aria-disabled={sending || undefined}>
                {sending ? t('form.sending') : t('account.profile.sendCode')}
              </button></p>
            </>
          )}
        </>
      ) : null}
    </section>
  );
}

function ChangePassword({ email }: { email: string }) {
  const { t } = useShop();
  const formId = 'password';
  const [changed, setChanged] = useState(false);
  const initial = { currentPassword: '', newPassword: '', newPasswordRepeat: '' };
  const form = useForm(initial, (v) => new Rules(t).required('currentPassword', v.currentPassword).newPassword('newPassword', v.newPassword)
    .same('newPasswordRepeat', v.newPasswordRepeat, v.newPassword).errors);
  const labels = {
    currentPassword: t('account.field.currentPassword'), newPassword: t('account.field.newPassword'), newPasswordRepeat: t('account.field.newPasswordRepeat'),
  };
  const submit = form.onSubmit(async (v) => {
    setChanged(false);
    const r = await changePassword(v);
    if (r.error) return r;
    form.reset(initial);
    setChanged(true);
  });
  return (
    <section className="account-panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('account.profile.passwordTitle')}</h2>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      {changed ? <StatusMessage>{t('account.profile.passwordChanged')}</StatusMessage> : null}
      <form method="post" className="form" noValidate onSubmit={submit}>
        {/* lets password managers file the new password under the right account */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField formId={formId} {...form.field('currentPassword')} label={labels.currentPassword} autoComplete="current-password" required size="medium" />
        <PasswordField formId={formId} {...form.field('newPassword')} label={labels.newPassword} autoComplete="new-password" required showRules size="medium" />
        <PasswordField formId={formId} {...form.field('newPasswordRepeat')} label={labels.newPasswordRepeat} autoComplete="new-password" required size="medium" />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('account.profile.passwordSubmit')} busyLabel={t('form.saving')} />
        </div>
      </form>
    </section>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { session } = useBrowser();
  const { t, lang } = useShop();
  const formId = 'delete';
  const form = useForm({ password: '' }, (v) => new Rules(t).required('password', v.password).errors);
  const submit = form.onSubmit(async (v) => {
    const r = await deleteAccount(v.password);
    if (r.error) return r;
    // spec 4 and 6: the account and its session are gone; so is everything the browser kept of them
    session.set({ level: 'guest' });
    session.clearClientState();
    onDeleted();
  });
  return (
    <section className="account-panel account-panel-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">{t('account.profile.deleteTitle')}</h2>
      <p>{t('account.profile.deleteText')}</p>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ password: t('account.profile.deletePassword') }} attempt={form.attempt}>
        {form.error?.code === 'limit_orders_exist' ? <p><Link to={pathFor('accountLimitOrders', lang)}>{t('route.accountLimitOrders')}</Link></p> : null}
      </ErrorSummary>
      <form method="post" className="form" noValidate onSubmit={submit}>
        <PasswordField formId={formId} {...form.field('password')} label={t('account.profile.deletePassword')} autoComplete="current-password" required size="medium" />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('account.profile.deleteSubmit')} busyLabel={t('form.sending')} kind="danger" />
        </div>
      </form>
    </section>
  );
}
