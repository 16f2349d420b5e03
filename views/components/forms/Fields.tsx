// Accessible form parts for the account screens: every input has a label, a hint and its message tied
// to it (aria-describedby), aria-invalid when the message is an error; the error summary takes focus
// after a failed submit and links to each field.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useShop } from '../../lib/context.tsx';
import { passwordRules } from './validation.ts';

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.replace(/\W/g, '-')}`;
}

interface Common {
  formId: string;
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  required?: boolean;
}

function describedBy(id: string, hint: unknown, error: unknown, extra?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, extra ?? null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  const { t } = useShop();
  return (
    <label className="field-label" htmlFor={id}>
      {label}
      {optional ? <span className="field-optional"> ({t('form.optional')})</span> : null}
    </label>
  );
}

function Message({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint ? <p className="field-hint" id={`${id}-hint`}>{hint}</p> : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true" className="field-error-icon">!</span> {error}
        </p>
      ) : null}
    </>
  );
}

export interface TextFieldProps extends Common {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date' | 'time';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  maxLength?: number;
  size?: 'short' | 'medium' | 'full';
  readOnly?: boolean;
  spellCheck?: boolean;
}

export function TextField(p: TextFieldProps) {
  const id = fieldId(p.formId, p.name);
  return (
    <div className={`field field-${p.size ?? 'full'}${p.error ? ' field-invalid' : ''}`}>
      <Label id={id} label={p.label} optional={p.optional} />
      <input
        id={id}
        name={p.name}
        type={p.type ?? 'text'}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        maxLength={p.maxLength}
        readOnly={p.readOnly}
        spellCheck={p.spellCheck}
        aria-required={p.required ? true : undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.hint, p.error)}
      />
      <Message id={id} hint={p.hint} error={p.error} />
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  /** show spec 5's password rules, ticked as they are met */
  showRules?: boolean;
}

export function PasswordField(p: PasswordFieldProps) {
  const { t } = useShop();
  const [visible, setVisible] = useState(false);
  const id = fieldId(p.formId, p.name);
  const rules = passwordRules(p.value);
  return (
    <div className={`field field-${p.size ?? 'full'}${p.error ? ' field-invalid' : ''}`}>
      <Label id={id} label={p.label} optional={p.optional} />
      <div className="password-input">
        <input
          id={id}
          name={p.name}
          type={visible ? 'text' : 'password'}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          autoComplete={p.autoComplete}
          maxLength={p.maxLength ?? 128}
          spellCheck={false}
          autoCapitalize="none"
          aria-required={p.required ? true : undefined}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(id, p.hint, p.error, p.showRules ? `${id}-rules` : undefined)}
        />
        <button type="button" className="password-toggle" aria-controls={id} onClick={() => setVisible((v) => !v)}>
          {visible ? t('form.hidePassword') : t('form.showPassword')}
        </button>
      </div>
      {p.showRules ? (
        <div className="password-rules" id={`${id}-rules`}>
          <p>{t('form.passwordRules')}:</p>
          <ul>
            {rules.map((r) => (
              <li key={r.key} className={r.met ? 'rule-met' : 'rule-open'}>
                <span aria-hidden="true">{r.met ? '✓' : '•'}</span> {t(`form.rule.${r.key}`)}
                <span className="visually-hidden"> ({r.met ? t('form.ruleMet') : t('form.ruleNotMet')})</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Message id={id} hint={p.hint} error={p.error} />
    </div>
  );
}

export interface SelectFieldProps extends Common {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  autoComplete?: string;
  placeholder?: string;
  size?: 'short' | 'medium' | 'full';
}

export function SelectField(p: SelectFieldProps) {
  const id = fieldId(p.formId, p.name);
  return (
    <div className={`field field-${p.size ?? 'full'}${p.error ? ' field-invalid' : ''}`}>
      <Label id={id} label={p.label} optional={p.optional} />
      <select
        id={id}
        name={p.name}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        autoComplete={p.autoComplete}
        aria-required={p.required ? true : undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.hint, p.error)}
      >
        {p.placeholder !== undefined ? <option value="">{p.placeholder}</option> : null}
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      <Message id={id} hint={p.hint} error={p.error} />
    </div>
  );
}

export function CheckboxField(p: { formId: string; name: string; label: ReactNode; checked: boolean; onChange: (v: boolean) => void; error?: string; hint?: ReactNode }) {
  const id = fieldId(p.formId, p.name);
  return (
    <div className={`field field-checkbox${p.error ? ' field-invalid' : ''}`}>
      <input
        id={id}
        name={p.name}
        type="checkbox"
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.hint, p.error)}
      />
      <label htmlFor={id}>{p.label}</label>
      <Message id={id} hint={p.hint} error={p.error} />
    </div>
  );
}

export function RadioGroup(p: { formId: string; name: string; legend: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; error?: string }) {
  const id = fieldId(p.formId, p.name);
  return (
    <fieldset className={`field field-radios${p.error ? ' field-invalid' : ''}`} aria-describedby={p.error ? `${id}-error` : undefined}>
      <legend className="field-label">{p.legend}</legend>
      <div className="radio-options">
        {p.options.map((o, i) => (
          <label key={o.value} className="radio-option">
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${o.value}`}
              name={p.name}
              value={o.value}
              checked={p.value === o.value}
              onChange={() => p.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <Message id={id} error={p.error} />
    </fieldset>
  );
}

/**
 * The error summary: the count of invalid fields (spec 8) or the service's message, with links to the
 * fields. It takes focus after every failed submit (attempt grows), so keyboard and screen-reader users
 * land on it.
 */
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Whether a summary is the count of invalid fields ("Please correct 2 fields."), the browser's or the service's. */
function isCountSummary(t: Translate, summary: string): boolean {
  if (summary === t('form.correctOne')) return true;
  const [before, after] = t('form.correctMany', { count: '\u0001' }).split('\u0001');
  if (after === undefined || !summary.startsWith(before) || !summary.endsWith(after)) return false;
  return /^\d+$/.test(summary.slice(before.length, summary.length - after.length));
}

function namedCount(t: Translate, count: number, names: string[]): string {
  const fields = names.join(', ');
  return count === 1 ? t('form.correctOneNamed', { fields }) : t('form.correctManyNamed', { count, fields });
}

export function ErrorSummary({ formId, summary, errors, labels, attempt, children }: {
  formId: string;
  summary: string | null;
  errors: Record<string, string>;
  labels: Record<string, string>;
  attempt: number;
  children?: ReactNode;
}) {
  const { t } = useShop();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0 && summary) ref.current?.focus();
  }, [attempt, summary]);
  if (!summary) return null;
  const titleId = `${formId}-summary-title`;
  const entries = Object.entries(errors).filter(([f]) => labels[f]);
  // "Please correct 2 fields: VAT ID, Zip code." (spec 8 counts them; the names say which, each linked below)
  const title = entries.length > 0 && isCountSummary(t, summary) ? namedCount(t, Object.keys(errors).length, entries.map(([f]) => labels[f])) : summary;
  return (
    <div className="form-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <p className="form-summary-title" id={titleId}>{title}</p>
      {entries.some(([, m]) => m !== summary) ? (
        <ul className="form-summary-list" aria-label={t('form.summaryTitle')}>
          {entries.map(([f, m]) => (
            <li key={f}>
              <a
                href={`#${fieldId(formId, f)}`}
                onClick={(e) => {
                  e.preventDefault();
                  document.getElementById(fieldId(formId, f))?.focus();
                }}
              >
                {labels[f]}: {m}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

/** A calm confirmation after an action (saved, sent), announced politely. */
export function StatusMessage({ children, tone = 'ok' }: { children: ReactNode; tone?: 'ok' | 'info' }) {
  return (
    <div className={`form-status form-status-${tone}`} role="status">
      {children}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel, kind = 'primary' }: { busy: boolean; label: string; busyLabel: string; kind?: 'primary' | 'danger' | 'quiet' }) {
  return (
    <button type="submit" className={`button button-${kind}`} aria-disabled={busy || undefined} disabled={false}>
      {busy ? busyLabel : label}
    </button>
  );
}

export function useFormId(prefix: string): string {
  return `${prefix}-${useId().replace(/:/g, '')}`;
}
