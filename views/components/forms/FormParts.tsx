// Form parts of the alert, newsletter, contact and whistleblower forms beside the account forms' Fields:
// a multi-line field with label, hint and message tied to it, the result message that takes focus after a
// successful submit (WCAG: focus moves to the result), and the privacy policy's path.
import { useEffect, useRef, type ReactNode } from 'react';
import { localizedPath } from '../../../src/screens.ts';
import type { Language } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';
import { fieldId } from './Fields.tsx';

/** The privacy policy is a CMS page with a fixed path per language (as the footer's legal links). */
export function privacyPath(lang: Language): string {
  return localizedPath(lang, lang === 'de' ? '/datenschutz' : '/privacy-policy');
}

export function TextAreaField(p: {
  formId: string; name: string; label: string; value: string; onChange: (v: string) => void; error?: string; hint?: ReactNode;
  required?: boolean; optional?: boolean; maxLength?: number; rows?: number;
}) {
  const { t } = useShop();
  const id = fieldId(p.formId, p.name);
  const described = [p.hint ? `${id}-hint` : null, p.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field field-full${p.error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {p.label}
        {p.optional ? <span className="field-optional"> ({t('form.optional')})</span> : null}
      </label>
      <textarea
        id={id}
        name={p.name}
        value={p.value}
        rows={p.rows ?? 6}
        maxLength={p.maxLength}
        onChange={(e) => p.onChange(e.target.value)}
        aria-required={p.required ? true : undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described}
      />
      {p.hint ? <p className="field-hint" id={`${id}-hint`}>{p.hint}</p> : null}
      {p.error ? (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true" className="field-error-icon">!</span> {p.error}
        </p>
      ) : null}
    </div>
  );
}

/** The outcome of a sent form: announced and focused, so keyboard and screen-reader users land on it. */
export function ResultMessage({ children, tone = 'ok', className }: { children: ReactNode; tone?: 'ok' | 'info'; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div className={`form-status form-status-${tone} form-result${className ? ` ${className}` : ''}`} role="status" tabIndex={-1} ref={ref}>
      {children}
    </div>
  );
}
