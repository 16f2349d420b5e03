// Client-side field rules of spec 5, the same the commerce service applies (it checks again and has the
// last word). Zip, phone and VAT ID rules: FieldRules (field-rules.ts), from src/contracts/field-rules.ts.
// Messages come from the locale files.
import { phoneExamples, phoneNationalAllowed } from '../../../src/contracts/phone-examples.ts';
import type { Translate } from '../../../src/i18n.ts';

export type Errors = Record<string, string>;

// One @, a dot in the domain, no spaces: the service's practical rule.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export const PASSWORD_MIN = 8; // spec 5: at least 8 characters, one capital letter, one number

export function isEmail(v: string): boolean {
  return v.length <= 254 && EMAIL.test(v.trim());
}

export interface PasswordRule {
  key: 'length' | 'capital' | 'number';
  met: boolean;
}

export function passwordRules(v: string): PasswordRule[] {
  return [
    { key: 'length', met: [...v].length >= PASSWORD_MIN },
    { key: 'capital', met: /\p{Lu}/u.test(v) },
    { key: 'number', met: /\p{Nd}/u.test(v) },
  ];
}

/** A small rule set builder: rules run in order, the first failing one names the field's message. */
export class Rules {
  readonly errors: Errors = {};
  private readonly t: Translate;

  constructor(t: Translate) {
    this.t = t;
  }

  private add(field: string, message: string): void {
    if (!(field in this.errors)) this.errors[field] = message;
  }

  /** the field's message by its locale key, unless the field already has one */
  protected fail(field: string, key: string): void {
    this.add(field, this.t(key));
  }

  required(field: string, value: unknown): this {
    if (typeof value !== 'string' || value.trim() === '') this.add(field, this.t('validation.required'));
    return this;
  }

  email(field: string, value: string): this {
    if (value.trim() === '') this.add(field, this.t('validation.required'));
    else if (!isEmail(value)) this.add(field, this.t('validation.invalid_email'));
    return this;
  }

  newPassword(field: string, value: string): this {
    if (value === '') return this.required(field, value);
    const failed = passwordRules(value).find((r) => !r.met);
    if (failed?.key === 'length') this.add(field, this.t('validation.password_too_short', { length: PASSWORD_MIN }));
    else if (failed?.key === 'capital') this.add(field, this.t('validation.password_needs_capital'));
    else if (failed?.key === 'number') this.add(field, this.t('validation.password_needs_number'));
    return this;
  }

  same(field: string, value: string, other: string): this {
    if (value === '') return this.required(field, value);
    if (value !== other) this.add(field, this.t('validation.password_mismatch'));
    return this;
  }

  numeric(field: string, value: string): this {
    if (value.trim() !== '' && !/^\d+$/.test(value.trim())) this.add(field, this.t('validation.numeric'));
    return this;
  }
}

const salutations = ['mr', 'ms', 'diverse'] as const;

/** A salutation field's value as the API takes it: one of spec 3's salutations, or none. */
export function salutationOf(value: string): (typeof salutations)[number] | null {
  return salutations.find((s) => s === value) ?? null;
}

/** The phone field's hint with an example number as people type it on the store (+ and country code in Europe). */
export function phoneHint(t: Translate, storeCountry: string): string {
  const example = phoneExamples[storeCountry] ?? phoneExamples.CH;
  return t(phoneNationalAllowed(storeCountry) ? 'account.field.phoneHintNational' : 'account.field.phoneHint', { example });
}
