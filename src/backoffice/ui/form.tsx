// The pieces of the back office's forms: the CSRF field every form carries, a labelled field with its message,
// a select with "any".
import type { Fmt } from '../format.ts';

/** Field messages of a form: field name -> message already in the operator's language. */
export type FieldMessages = Record<string, string>;

export function Csrf({ value }: { value: string }) {
  return <input type="hidden" name="_csrf" value={value} />;
}

/** A labelled input with its message: the message is tied to the field (aria-describedby, aria-invalid). */
export function Field(props: {
  name: string; label: string; value?: string; type?: string; required?: boolean; error?: string; hint?: string; id?: string;
  autoComplete?: string; inputMode?: 'decimal' | 'text' | 'numeric'; textarea?: boolean; list?: string; maxLength?: number; minLength?: number;
}) {
  const id = props.id ?? `f-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id, name: props.name, required: props.required, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy,
    maxLength: props.maxLength, minLength: props.minLength,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint && <span className="hint" id={`${id}-hint`}>{props.hint}</span>}
      {props.textarea
        ? <textarea {...common} rows={3} defaultValue={props.value ?? ''} />
        : <input {...common} type={props.type ?? 'text'} defaultValue={props.value ?? ''} autoComplete={props.autoComplete} inputMode={props.inputMode} list={props.list} />}
      {props.error && <span className="field-error" id={`${id}-error`}>{props.error}</span>}
    </div>
  );
}

export function Select({ f, name, label, value, options }: { f: Fmt; name: string; label: string; value?: string; options: [string, string][] }) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">{f.t('queue.any')}</option>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}
