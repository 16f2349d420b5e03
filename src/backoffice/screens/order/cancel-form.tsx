// Issue 28: the back office's cancel form. The customer is told the reason by mail in THEIR language, so the
// form says which language that is, offers the reasons as a list the service translates (free text only as an
// addition, to be written in the customer's language), and asks the operator to confirm before anything is
// cancelled (the back office runs no script: a required checkbox the server checks, not a dialog).
import { cancelReasonCodes } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';

export interface CancelFormProps {
  f: Fmt;
  csrf: string;
  orderId: string;
  orderNumber: string;
  /** the order's locale ('en-US', 'de-CH'): the customer's language */
  locale: string;
  overdue: boolean;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
}

export function CancelForm({ f, csrf, orderId, orderNumber, locale, overdue, values, errors }: CancelFormProps) {
  const { t } = f;
  const language = t(`action.cancel.language.${locale.startsWith('de') ? 'de' : 'en'}`);
  const reasonCode = values.reasonCode ?? (overdue ? 'payment_not_received' : '');
  const describe = (id: string, hint?: boolean) => [hint ? `${id}-hint` : '', errors[id.replace('cancel-', '')] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (name: string) => (errors[name] ? <span className="field-error" id={`cancel-${name}-error`}>{errors[name]}</span> : null);
  return (
    <form method="post" action={`/orders/${orderId}/cancel`} className="action danger" aria-labelledby="h-a-cancel">
      <h3 id="h-a-cancel">{t('action.cancel.title')}</h3>
      <input type="hidden" name="_csrf" value={csrf} />
      <p data-testid="cancel-language">{t('action.cancel.customerLanguage', { language })}</p>
      <div className="field">
        <label htmlFor="cancel-reasonCode">{t('action.cancel.reasonCode')}</label>
        <select id="cancel-reasonCode" name="reasonCode" required defaultValue={reasonCode} aria-invalid={errors.reasonCode ? true : undefined} aria-describedby={describe('cancel-reasonCode')}>
          <option value="">{t('action.cancel.choose')}</option>
          {cancelReasonCodes.map((c) => <option key={c} value={c}>{t(`action.cancel.reasons.${c}`)}</option>)}
        </select>
        {error('reasonCode')}
      </div>
      <div className="field">
        <label htmlFor="cancel-reason">{t('action.cancel.note')}</label>
        <span className="hint" id="cancel-reason-hint">{t('action.cancel.noteHint', { language })}</span>
        <textarea id="cancel-reason" name="reason" rows={3} maxLength={500} defaultValue={values.reason ?? ''} aria-invalid={errors.reason ? true : undefined} aria-describedby={describe('cancel-reason', true)} />
        {error('reason')}
      </div>
      <div className="field">
        <label htmlFor="cancel-confirm">
          <input type="checkbox" id="cancel-confirm" name="confirm" value="1" required aria-invalid={errors.confirm ? true : undefined} aria-describedby={describe('cancel-confirm')} />
          {t('action.cancel.confirm', { number: orderNumber, language })}
        </label>
        {error('confirm')}
      </div>
      <button type="submit" className="danger">{t('action.cancel.submit')}</button>
    </form>
  );
}
