// The contact form (spec 2, 7 POST /application/contact): name, e-mail, optional phone and subject, the
// message, and spec 5's consent to the processing of the data (required; the privacy policy linked).
// spec 8: success shows the reference (a receipt with it goes to the e-mail address); failure keeps what
// was typed and says so. Guests and signed-in customers alike.
import { useState } from 'react';
import type { ContactReceipt } from '../../../src/contracts/application.ts';
import { sendContact } from '../../state/shop-api.ts';
import { stores } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { CheckboxField, ErrorSummary, SelectField, SubmitButton, TextField, useFormId } from '../../components/forms/Fields.tsx';
import { privacyPath, ResultMessage, TextAreaField } from '../../components/forms/FormParts.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { PhoneRules } from '../../components/forms/phone-rules.ts';
import { phoneHint, salutationOf } from '../../components/forms/validation.ts';

interface ContactValues {
  salutation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  consent: boolean;
}

const empty: ContactValues = { salutation: '', firstName: '', lastName: '', email: '', phone: '', subject: '', message: '', consent: false };

export function ContactForm() {
  const { t, lang, store } = useShop();
  const formId = useFormId('contact');
  const [receipt, setReceipt] = useState<ContactReceipt | null>(null);
  const form = useForm<ContactValues>(empty, (v) => {
    const r = new PhoneRules(t, stores[store].country).required('firstName', v.firstName).required('lastName', v.lastName).email('email', v.email).phone('phone', v.phone)
      .required('message', v.message);
    // spec 5: the contact form needs consent
    if (!v.consent) r.errors.consent ??= t('validation.consent_required');
    return r.errors;
  });
  const labels: Record<string, string> = {
    salutation: t('account.field.salutation'), firstName: t('account.field.firstName'), lastName: t('account.field.lastName'),
    email: t('account.field.email'), phone: t('account.field.phone'), subject: t('forms.contact.subject'), message: t('forms.contact.message'),
    consent: t('forms.contact.consentLabel'),
  };
  const submit = form.onSubmit(async (values) => {
    const r = await sendContact({
      ...(salutationOf(values.salutation) ? { salutation: salutationOf(values.salutation) ?? undefined } : {}),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      ...(values.subject.trim() ? { subject: values.subject.trim() } : {}),
      message: values.message.trim(),
      consent: values.consent,
    });
    if (r.error) {
      // spec 8: the contact form's failure message when the service could not take the message
      if (r.error.status >= 500 || r.error.status === 0) return { data: null, error: { ...r.error, message: t('forms.contact.failed') } };
      return r;
    }
    setReceipt(r.data);
    form.reset();
  });

  return (
    <section className="container page-section contact-form" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('forms.contact.title')}</h2>
      {receipt ? (
        <ResultMessage>
          <p><strong>{t('forms.contact.sentTitle')}</strong></p>
          <p>{t('forms.contact.sentText', { reference: receipt.reference })}</p>
          <p><button type="button" className="link-button" onClick={() => setReceipt(null)}>{t('forms.contact.another')}</button></p>
        </ResultMessage>
      ) : (
        <>
          <p className="form-intro">{t('forms.contact.intro')}</p>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
          <form method="post" className="form" noValidate onSubmit={submit}>
            <SelectField formId={formId} {...form.field('salutation')} label={labels.salutation} optional size="short" autoComplete="honorific-prefix" placeholder={t('form.pleaseChoose')}
              options={['mr', 'ms', 'diverse'].map((s) => ({ value: s, label: t(`account.salutation.${s}`) }))} />
            <div className="field-row">
              <TextField formId={formId} {...form.field('firstName')} label={labels.firstName} autoComplete="given-name" maxLength={100} required />
              <TextField formId={formId} {...form.field('lastName')} label={labels.lastName} autoComplete="family-name" maxLength={100} required />
            </div>
            <div className="field-row">
              <TextField formId={formId} {...form.field('email')} type="email" label={labels.email} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false} />
              <TextField formId={formId} {...form.field('phone')} type="tel" label={labels.phone} autoComplete="tel" inputMode="tel" maxLength={40} optional hint={phoneHint(t, stores[store].country)} />
            </div>
            <TextField formId={formId} {...form.field('subject')} label={labels.subject} maxLength={200} optional />
            <TextAreaField formId={formId} {...form.field('message')} label={labels.message} required maxLength={10000} hint={t('forms.contact.messageHint')} />
            <CheckboxField formId={formId} {...form.check('consent')}
              label={<>{t('forms.contact.consent')} <Link to={privacyPath(lang)}>{t('forms.privacyLink')}</Link></>}
              hint={t('forms.contact.retention')} />
            <div className="form-actions">
              <SubmitButton busy={form.submitting} label={t('forms.contact.submit')} busyLabel={t('form.sending')} />
            </div>
          </form>
        </>
      )}
    </section>
  );
}
