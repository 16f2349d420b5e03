// The whistleblower system (spec 2 whistleblower form, minimal layout; spec 7 POST /application/whistleblow):
// a report, anonymous unless the reporter chooses to give a name; after sending, the case reference and
// the access code (shown this once: the service keeps only its hash); and reading the reporting office's
// answers with both, with a reply to an open case. Decision: the access code is never put in a URL or in
// storage by the page; the reader form is filled for the reporter only right after sending.
import { useState } from 'react';
import type { WhistleblowCase, WhistleblowCategory, WhistleblowReceipt } from '../../../src/contracts/application.ts';
import { readWhistleblowCase, replyWhistleblowCase, sendWhistleblow } from '../../state/shop-api.ts';
import { stores } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { CheckboxField, ErrorSummary, SelectField, SubmitButton, TextField, useFormId } from './Fields.tsx';
import { ResultMessage, TextAreaField } from './FormParts.tsx';
import { useForm } from './useForm.ts';
import { useFieldRules } from './useFieldRules.ts';
import { Rules, phoneHint } from './validation.ts';

const CATEGORIES: WhistleblowCategory[] = ['fraud', 'corruption', 'money-laundering', 'data-protection', 'workplace', 'environment', 'other'];
const REPORT_MAX = 20000;

export function WhistleblowerSystem() {
  const [receipt, setReceipt] = useState<WhistleblowReceipt | null>(null);
  return (
    <div className="whistleblower">
      {receipt ? <Receipt receipt={receipt} /> : <ReportForm onSent={setReceipt} />}
      <CaseReader key={receipt?.caseReference ?? 'none'} initial={receipt ? { caseReference: receipt.caseReference, secret: receipt.secret } : null} />
    </div>
  );
}

interface ReportValues {
  category: string;
  message: string;
  anonymous: boolean;
  name: string;
  email: string;
  phone: string;
}

function ReportForm({ onSent }: { onSent: (r: WhistleblowReceipt) => void }) {
  const { t, store } = useShop();
  const formId = useFormId('whistleblow');
  const rules = useFieldRules(t, stores[store].country);
  const form = useForm<ReportValues>({ category: '', message: '', anonymous: true, name: '', email: '', phone: '' }, (v) => {
    const r = rules().required('category', v.category).required('message', v.message);
    if (!v.anonymous) {
      r.required('name', v.name).phone?.('phone', v.phone);
      if (v.email.trim() !== '') r.email('email', v.email);
    }
    return r.errors;
  });
  const v = form.values;
  const labels: Record<string, string> = {
    category: t('forms.whistleblower.category'), message: t('forms.whistleblower.message'), name: t('forms.whistleblower.name'),
    email: t('forms.whistleblower.email'), phone: t('forms.whistleblower.phone'),
  };
  const submit = form.onSubmit(async (values) => {
    const named = !values.anonymous;
    const r = await sendWhistleblow({
      category: values.category as WhistleblowCategory,
      message: values.message.trim(),
      anonymous: values.anonymous,
      ...(named ? { name: values.name.trim() } : {}),
      ...(named && values.email.trim() ? { email: values.email.trim() } : {}),
      ...(named && values.phone.trim() ? { phone: values.phone.trim() } : {}),
    });
    if (r.error) return failure(r.error, t);
    onSent(r.data);
  });
  return (
    <section className="account-panel whistleblower-report" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>{t('forms.whistleblower.reportTitle')}</h3>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form" noValidate onSubmit={submit}>
        <SelectField formId={formId} {...form.field('category')} label={labels.category} required size="medium" placeholder={t('form.pleaseChoose')}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`forms.whistleblower.categories.${c}`) }))} />
        <TextAreaField formId={formId} {...form.field('message')} label={labels.message} required maxLength={REPORT_MAX} rows={8} hint={t('forms.whistleblower.messageHint')} />
        <CheckboxField formId={formId} {...form.check('anonymous')} label={t('forms.whistleblower.anonymous')} hint={t('forms.whistleblower.anonymousHint')} />
        {!v.anonymous ? (
          <fieldset className="form-group">
            <legend className="field-label">{t('forms.whistleblower.aboutYou')}</legend>
            <TextField formId={formId} {...form.field('name')} label={labels.name} autoComplete="name" maxLength={200} required size="medium" />
            <TextField formId={formId} {...form.field('email')} type="email" label={labels.email} autoComplete="email" inputMode="email" maxLength={254} optional size="medium" spellCheck={false} />
            <TextField formId={formId} {...form.field('phone')} type="tel" label={labels.phone} autoComplete="tel" inputMode="tel" maxLength={40} optional size="medium" hint={phoneHint(t, stores[store].country)} />
          </fieldset>
        ) : null}
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('forms.whistleblower.submit')} busyLabel={t('form.sending')} />
        </div>
      </form>
    </section>
  );
}

/** spec 8: the failure message of the form when the service could not take it (field errors stay as they are). */
function failure(error: { status: number; message: string; code: string; details?: unknown }, t: (k: string) => string) {
  const fields = (error.details as { fields?: unknown[] } | undefined)?.fields;
  if (error.status >= 500 || error.status === 0) return { data: null, error: { ...error, message: t('forms.whistleblower.failed') } };
  return { data: null, error: { ...error, details: fields ? { fields } : error.details } };
}

function Receipt({ receipt }: { receipt: WhistleblowReceipt }) {
  const { t } = useShop();
  return (
    <ResultMessage className="whistleblower-receipt">
      <h3>{t('forms.whistleblower.sentTitle')}</h3>
      <p>{t('forms.whistleblower.sentText')}</p>
      <dl className="receipt-codes">
        <div>
          <dt>{t('forms.whistleblower.caseReference')}</dt>
          <dd><code data-testid="case-reference">{receipt.caseReference}</code></dd>
        </div>
        <div>
          <dt>{t('forms.whistleblower.secret')}</dt>
          <dd><code data-testid="case-secret">{receipt.secret}</code></dd>
        </div>
      </dl>
      <p className="receipt-warning"><strong>{t('forms.whistleblower.keepCodes')}</strong></p>
    </ResultMessage>
  );
}

function CaseReader({ initial }: { initial: { caseReference: string; secret: string } | null }) {
  const { t } = useShop();
  const formId = useFormId('wb-case');
  const [found, setFound] = useState<{ access: { caseReference: string; secret: string }; case: WhistleblowCase } | null>(null);
  const form = useForm(initial ?? { caseReference: '', secret: '' }, (v) => new Rules(t).required('caseReference', v.caseReference).required('secret', v.secret).errors);
  const labels = { caseReference: t('forms.whistleblower.caseReference'), secret: t('forms.whistleblower.secret') };
  const submit = form.onSubmit(async (v) => {
    const access = { caseReference: v.caseReference.trim(), secret: v.secret.trim() };
    const r = await readWhistleblowCase(access.caseReference, access.secret);
    if (r.error) return failure(r.error, t);
    setFound({ access, case: r.data });
  });
  return (
    <section className="account-panel whistleblower-reader" aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`}>{t('forms.whistleblower.readTitle')}</h3>
      <p>{t('forms.whistleblower.readText')}</p>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form form-inline" noValidate onSubmit={submit}>
        <TextField formId={formId} {...form.field('caseReference')} label={labels.caseReference} maxLength={40} required size="medium" spellCheck={false} autoComplete="off" />
        <TextField formId={formId} {...form.field('secret')} label={labels.secret} maxLength={200} required size="medium" spellCheck={false} autoComplete="off" />
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={t('forms.whistleblower.read')} busyLabel={t('forms.whistleblower.reading')} kind="quiet" />
        </div>
      </form>
      {found ? <CaseView key={found.case.caseReference} access={found.access} value={found.case} onChange={(c) => setFound({ ...found, case: c })} /> : null}
    </section>
  );
}

function CaseView({ access, value, onChange }: { access: { caseReference: string; secret: string }; value: WhistleblowCase; onChange: (c: WhistleblowCase) => void }) {
  const { t, date } = useShop();
  const formId = useFormId('wb-reply');
  const [replied, setReplied] = useState(false);
  const form = useForm({ message: '' }, (v) => new Rules(t).required('message', v.message).errors);
  const submit = form.onSubmit(async (v) => {
    const r = await replyWhistleblowCase({ ...access, message: v.message.trim() });
    if (r.error) return failure(r.error, t);
    setReplied(true);
    onChange(r.data);
  });
  const answers = value.messages.filter((m) => m.author === 'office').length;
  return (
    <div className="whistleblower-case">
      <ResultMessage tone="info">
        <p>
          {t('forms.whistleblower.caseStatus', { reference: value.caseReference, status: t(`forms.whistleblower.status.${value.status}`) })}{' '}
          {answers === 0 ? t('forms.whistleblower.noAnswers') : t('forms.whistleblower.answers', { count: answers })}
        </p>
      </ResultMessage>
      <ol className="case-messages" aria-label={t('forms.whistleblower.messages')}>
        {value.messages.map((m, i) => (
          <li key={i} className={`case-message case-message-${m.author}`}>
            <p className="case-message-meta">
              <strong>{t(`forms.whistleblower.author.${m.author}`)}</strong> · <time dateTime={m.createdAt}>{date(m.createdAt)}</time>
            </p>
            <p className="case-message-text">{m.text}</p>
          </li>
        ))}
      </ol>
      {replied ? <p className="form-status form-status-ok" role="status">{t('forms.whistleblower.replied')}</p> : null}
      {value.status === 'closed' ? (
        <p className="notice notice-info">{t('forms.whistleblower.closed')}</p>
      ) : (
        <>
          <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={{ message: t('forms.whistleblower.reply') }} attempt={form.attempt} />
          <form method="post" className="form" noValidate onSubmit={submit}>
            <TextAreaField formId={formId} {...form.field('message')} label={t('forms.whistleblower.reply')} required maxLength={REPORT_MAX} rows={4} />
            <div className="form-actions">
              <SubmitButton busy={form.submitting} label={t('forms.whistleblower.sendReply')} busyLabel={t('form.sending')} />
            </div>
          </form>
        </>
      )}
    </div>
  );
}
