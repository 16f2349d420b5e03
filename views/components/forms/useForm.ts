// Form state for the account screens: values, one message per field, the error summary that receives focus
// on a failed submit (with the count of invalid fields, spec 8), and the mapping of the API's field errors.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { CallError, Result } from '../../../src/contracts/result.ts';
import { useShop } from '../../lib/context.tsx';
import type { Errors } from './validation.ts';

interface ApiFieldError {
  field: string;
  message: string;
}

/** Names of the fields that take a string (text, select, radio) or a boolean (checkbox). */
type KeysTaking<V, T> = { [K in keyof V]-?: T extends V[K] ? K : never }[keyof V] & string;

/** What a text, select or radio field needs from the form: spread it onto the field (`{...form.field('city')}`). */
export interface FieldBinding {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The same for a checkbox. */
export interface CheckBinding {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
}

export interface FormApi<V> {
  values: V;
  errors: Errors;
  /** the summary's text ('Please correct 2 fields.' or the service's message), null when all is well */
  summary: string | null;
  /** the last failed call's error (code, details: retryAfter ...) */
  error: CallError | null;
  submitting: boolean;
  /** counts failed submits: the summary takes focus each time it grows */
  attempt: number;
  set<K extends keyof V>(name: K, value: V[K]): void;
  /** name, value, onChange and error of a field, in one: `<TextField formId={id} label={...} {...form.field('city')} />` */
  field(name: KeysTaking<V, string>): FieldBinding;
  /** the same for a checkbox */
  check(name: KeysTaking<V, boolean>): CheckBinding;
  setValues(values: V): void;
  /** onSubmit: runs validate, then the call; the call's field errors land on their fields */
  onSubmit(run: (values: V) => Promise<Result<unknown> | void>): (e: FormEvent) => void;
  reset(values?: V): void;
  /** shows an error that did not come from a submit of this form */
  showError(error: CallError): void;
}

export interface FormOptions<V> {
  /**
   * Whether a field is on screen for these values (default: every field). A hidden field (the shipping
   * address while "ship to a different address" is unticked) is not validated, and no message of it is
   * shown or counted, neither the form's own nor the service's.
   */
  shown?: (field: string, values: V) => boolean;
}

export function correctFields(t: (k: string, p?: Record<string, unknown>) => string, n: number): string {
  return n === 1 ? t('form.correctOne') : t('form.correctMany', { count: n });
}

export function useForm<V extends object>(initial: V, validate: (values: V) => Errors, options: FormOptions<V> = {}): FormApi<V> {
  const { t } = useShop();
  const [values, setAll] = useState<V>(initial);
  const [allErrors, setErrors] = useState<Errors>({});
  // the service's message; or, after the form's own check failed, the fields it found (counted while shown)
  const [summaryText, setSummary] = useState<string | null>(null);
  const [counted, setCounted] = useState<Errors | null>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  // whether the messages shown are the form's own check's (not the service's)
  const ownCheck = useRef(false);

  const focusSummary = () => setAttempt((n) => n + 1);
  const shown = options.shown;
  const visible = (found: Errors, at: V): Errors => {
    if (!shown) return found;
    const out: Errors = {};
    for (const [f, m] of Object.entries(found)) if (shown(f, at)) out[f] = m;
    return out;
  };

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setAll((v) => ({ ...v, [name]: value }));
    // a corrected field loses its message; the summary stays until the next submit
    setErrors((e) => {
      if (!(name as string in e)) return e;
      const { [name as string]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  const showError = useCallback((err: CallError) => {
    const list = ((err.details as { fields?: ApiFieldError[] } | undefined)?.fields ?? []).filter((f) => f && typeof f.field === 'string');
    const next: Errors = {};
    for (const f of list) next[f.field] ??= f.message;
    ownCheck.current = false;
    setErrors(next);
    setError(err);
    setSummary(err.message);
    setCounted(null);
    focusSummary();
  }, []);

  const onSubmit = (run: (values: V) => Promise<Result<unknown> | void>) => (e: FormEvent) => {
    e.preventDefault();
    if (busy.current) return;
    const found = visible(validate(values), values);
    const n = Object.keys(found).length;
    if (n > 0) {
      ownCheck.current = true;
      setErrors(found);
      setError(null);
      setSummary(null);
      setCounted(found);
      focusSummary();
      return;
    }
    ownCheck.current = false;
    setErrors({});
    setSummary(null);
    setCounted(null);
    setError(null);
    busy.current = true;
    setSubmitting(true);
    void run(values)
      .then((res) => {
        if (res && res.error) showError(res.error);
      })
      .finally(() => {
        busy.current = false;
        setSubmitting(false);
      });
  };

  // The form's own messages are words looked up when the check ran. In the browser a page ships only the
  // commonest check messages; the others come with the language's full table, which the first interaction
  // fetches. A submit quicker than that fetch shows "Invalid value." meanwhile; when the table comes (the
  // translator is made anew) the fields still marked read in the check's own words. A field corrected since
  // has lost its message already; the service's messages come translated and stay as they are.
  useEffect(() => {
    if (!ownCheck.current) return;
    const found = validate(values);
    setErrors((e) => {
      let changed = false;
      const next: Errors = {};
      for (const [f, m] of Object.entries(e)) {
        next[f] = found[f] ?? m;
        if (next[f] !== m) changed = true;
      }
      return changed ? next : e;
    });
  }, [t]); // eslint-disable-line react-hooks/exhaustive-deps

  const reset = (next?: V) => {
    ownCheck.current = false;
    setAll(next ?? initial);
    setErrors({});
    setSummary(null);
    setCounted(null);
    setError(null);
  };

  const errors = visible(allErrors, values);
  // the count stays as the submit found it while the customer corrects fields; hiding fields takes theirs away
  const shownCount = counted ? Object.keys(visible(counted, values)).length : 0;
  const summary = counted ? (shownCount > 0 ? correctFields(t, shownCount) : null) : summaryText;

  const field = (name: KeysTaking<V, string>): FieldBinding => ({
    name,
    value: String(values[name] ?? ''),
    onChange: (value: string) => set(name, value as V[typeof name]),
    error: errors[name],
  });
  const check = (name: KeysTaking<V, boolean>): CheckBinding => ({
    name,
    checked: values[name] === true,
    onChange: (checked: boolean) => set(name, checked as V[typeof name]),
    error: errors[name],
  });

  return { values, errors, summary, error, submitting, attempt, set, field, check, setValues: setAll, onSubmit, reset, showError };
}
