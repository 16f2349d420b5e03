// Form parts of the contact and whistleblower forms beside the account forms' Fields: a multi-line field with
// label, hint and message tied to it. The result message and the privacy policy's path are in FormResult.tsx,
// which does not import Fields (the home and product pages show a result without a form: issue 27).
import type { ReactNode } from 'react';
import { useShop } from '../../lib/context.tsx';
import { fieldId } from './Fields.tsx';
export { privacyPath, ResultMessage } from './FormResult.tsx';

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
