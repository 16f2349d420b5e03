// Registration (spec 2, 3, 4, 5): private or company customer (company name and VAT ID for companies; the
// US store's EIN is optional), password rules shown as they are met, repeat password. Sign-in waits for
// the e-mail address to be confirmed (spec 4): the page then says so and can send the mail again.
import { useState } from 'react';
import { Link } from '../../components/ShopLink.tsx';
import { register, sendActivationMail } from '../../state/shop-api.ts';
import { stores } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { localizedPath, pathFor } from '../../../src/screens.ts';
import { legalPages } from '../../components/legal-pages.ts';
import {
  CheckboxField, ErrorSummary, PasswordField, RadioGroup, SelectField, StatusMessage, SubmitButton, TextField,
} from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { FieldRules } from '../../components/forms/field-rules.ts';
import { phoneHint, salutationOf } from '../../components/forms/validation.ts';
import { companyNeedsVatId } from '../../../src/contracts/checkout-rules.ts';

const formId = 'register';

interface Values {
  accountType: 'individual' | 'company';
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  passwordRepeat: string;
  phone: string;
  companyName: string;
  vatId: string;
  newsletterOptIn: boolean;
}

const initial: Values = {
  accountType: 'individual', salutation: '', title: '', firstName: '', lastName: '', email: '', password: '', passwordRepeat: '',
  phone: '', companyName: '', vatId: '', newsletterOptIn: false,
};

export default function RegisterPage() {
  const { t, lang, store } = useShop();
  const [done, setDone] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const vatOptional = !companyNeedsVatId(store);
  const form = useForm<Values>(initial, (v) => {
    const r = new FieldRules(t, stores[store].country);
    if (v.accountType === 'company') {
      r.required('companyName', v.companyName);
      if (!vatOptional) r.required('vatId', v.vatId);
      r.vatId('vatId', v.vatId);
    }
    r.required('firstName', v.firstName).required('lastName', v.lastName).email('email', v.email)
      .newPassword('password', v.password).same('passwordRepeat', v.passwordRepeat, v.password).phone('phone', v.phone);
    return r.errors;
  });
  const v = form.values;
  const labels: Record<string, string> = {
    accountType: t('account.field.accountType'), salutation: t('account.field.salutation'), title: t('account.field.title'),
    firstName: t('account.field.firstName'), lastName: t('account.field.lastName'), email: t('account.field.email'),
    password: t('account.field.password'), passwordRepeat: t('account.field.passwordRepeat'), phone: t('account.field.phone'),
    companyName: t('account.field.companyName'), vatId: t('account.field.vatId'), newsletterOptIn: t('account.field.newsletter'),
  };

  const submit = form.onSubmit(async (values) => {
    const company = values.accountType === 'company';
    const r = await register({
      accountType: values.accountType,
      salutation: salutationOf(values.salutation),
      title: values.title.trim() || null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      passwordRepeat: values.passwordRepeat,
      phone: values.phone.trim() || null,
      companyName: company ? values.companyName.trim() : null,
      vatId: company ? values.vatId.trim() || null : null,
      language: lang,
      newsletterOptIn: values.newsletterOptIn,
    });
    if (r.error) return r;
    setDone(r.data.email);
  });

  const resend = async () => {
    if (!done) return;
    const r = await sendActivationMail(done);
    if (!r.error) setResent(true);
  };

  if (done) {
    return (
      <section className="container page-section auth-page">
        <div className="auth-card auth-card-narrow">
          <h1 className="page-title">{t('account.register.doneTitle')}</h1>
          <StatusMessage>{t('account.register.doneText', { email: done })}</StatusMessage>
          <p className="auth-intro">{t('account.register.noMail')}</p>
          {resent ? <StatusMessage tone="info">{t('account.activate.resent')}</StatusMessage> : (
            <p><button type="button" className="button button-quiet" onClick={() => void resend()}>{t('account.login.resend')}</button></p>
          )}
          <p><Link to={pathFor('login', lang)}>{t('account.activate.toLogin')}</Link></p>
        </div>
      </section>
    );
  }

  const privacy = legalPages[0];
  return (
    <section className="container page-section auth-page">
      <div className="auth-card auth-card-wide">
        <h1 className="page-title">{t('route.register')}</h1>
        <p className="auth-intro">{t('account.register.intro')}</p>
        <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt}>
          {form.error?.code === 'email_taken' ? <p><Link to={pathFor('login', lang)}>{t('account.register.login')}</Link></p> : null}
        </ErrorSummary>
        <form method="post" className="form" noValidate onSubmit={submit}>
          <RadioGroup formId={formId} name="accountType" legend={labels.accountType} value={v.accountType}
            onChange={(x) => form.set('accountType', x as Values['accountType'])} error={form.errors.accountType}
            options={[{ value: 'individual', label: t('account.field.individual') }, { value: 'company', label: t('account.field.company') }]} />

          {v.accountType === 'company' ? (
            <fieldset className="form-section">
              <legend>{t('account.register.companyDetails')}</legend>
              <TextField formId={formId} {...form.field('companyName')} label={labels.companyName} autoComplete="organization" maxLength={100} required />
              <TextField formId={formId} {...form.field('vatId')} label={labels.vatId} optional={vatOptional} required={!vatOptional} maxLength={30} size="medium" spellCheck={false}
                hint={vatOptional ? t('account.field.einHint') : t('account.field.vatHint')} />
            </fieldset>
          ) : null}

          <fieldset className="form-section">
            <legend>{t('account.register.personal')}</legend>
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
          </fieldset>

          <fieldset className="form-section">
            <legend>{t('account.register.access')}</legend>
            <TextField formId={formId} {...form.field('email')} type="email" label={labels.email} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
            <PasswordField formId={formId} {...form.field('password')} label={labels.password} autoComplete="new-password" required showRules />
            <PasswordField formId={formId} {...form.field('passwordRepeat')} label={labels.passwordRepeat} autoComplete="new-password" required />
          </fieldset>

          <CheckboxField formId={formId} {...form.check('newsletterOptIn')} label={labels.newsletterOptIn} />
          <p className="form-note">
            {t('account.register.privacy')}{' '}
            <Link to={localizedPath(lang, privacy[lang])}>{t('account.register.privacyLink')}</Link>
          </p>
          <div className="form-actions">
            <SubmitButton busy={form.submitting} label={t('account.register.submit')} busyLabel={t('account.register.submitting')} />
          </div>
        </form>
        <p className="auth-switch">
          {t('account.register.haveAccount')} <Link to={pathFor('login', lang)}>{t('account.register.login')}</Link>
        </p>
      </div>
    </section>
  );
}
