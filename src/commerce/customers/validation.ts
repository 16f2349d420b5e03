// Field rules of spec 5 for registration, profile and addresses. Every invalid field is reported at once
// (spec 8: the storefront shows each message on its field and counts them) as 400 validation_failed with
// details.fields [{ field, code, message }]. Messages are English; the storefront translates the codes.
import maxMetadata from 'libphonenumber-js/max/metadata';
import type { FieldError } from '../../contracts/commerce.ts';
import { US_STATE_CODES, checkZip } from '../../contracts/field-rules.ts';
import { checkPhone } from '../../contracts/phone-rules.ts';
import { AppError, fieldError, fieldErrorCatalogue, type FieldCode } from '../../lib/errors.ts';
import { stores, type CountryCode, type StoreKey } from '../../stores.ts';
import { passwordProblems } from '../auth/passwords.ts';
import { validationFailed } from '../http/errors.ts';
import { checkVatId } from './vat.ts';
import { companyNeedsVatId } from '../../contracts/checkout-rules.ts';

/** English messages of the field codes (the catalogue's, src/lib/errors.ts). */
export const messages = fieldErrorCatalogue;
export type { FieldCode };

/** Collects field errors; throw() answers them all in one 400. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(field: string, code: FieldCode): void {
    if (!this.list.some((e) => e.field === field)) this.list.push(fieldError(field, code));
  }
  get empty(): boolean {
    return this.list.length === 0;
  }
  throwIfAny(): void {
    if (!this.empty) throw validationFailed(this.list);
  }
}

// 400 validation_failed is the kernel's (http/errors.ts: every feature's forms answer it)
export { validationFailed };

/** One invalid field, answered alone. */
export function fieldFailed(field: string, code: FieldCode): AppError {
  return validationFailed([fieldError(field, code)]);
}

/** Strings only; anything else (numbers, objects) is treated as not given and reported as invalid. */
export type Input = Record<string, unknown>;

export function asInput(body: unknown): Input {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Input) : {};
}

/** Trimmed string, '' when absent; undefined when present but not a string. */
function str(input: Input, key: string): string | undefined {
  const v = input[key];
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v.trim() : undefined;
}

// Names, streets and companies are free text, but without control or invisible format characters and
// without angle brackets (these values end up in mails, documents and other systems).
const TEXT = /^[^\p{C}<>]*$/u;

export interface TextRule {
  required?: boolean;
  max: number;
}

/** Reads a text field into out[key] (null when empty and optional). */
export function text(input: Input, key: string, rule: TextRule, errors: FieldErrors, field = key): string | null {
  const v = str(input, key);
  if (v === undefined) {
    errors.add(field, 'invalid_value');
    return null;
  }
  if (v === '') {
    if (rule.required) errors.add(field, 'required');
    return null;
  }
  if ([...v].length > rule.max || !TEXT.test(v)) {
    errors.add(field, 'invalid_value');
    return null;
  }
  return v;
}

// Practical e-mail rule: one @, a dot in the domain, no spaces; the activation mail proves the rest.
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmail(email: string): boolean {
  // no control characters (PostgreSQL text cannot even hold NUL)
  return email.length <= 254 && EMAIL.test(email) && !/\p{C}/u.test(email);
}

export function emailField(input: Input, errors: FieldErrors, field = 'email'): string | null {
  const v = str(input, 'email');
  if (v === undefined) errors.add(field, 'invalid_email');
  else if (v === '') errors.add(field, 'required');
  else if (!isEmail(v)) errors.add(field, 'invalid_email');
  else return v;
  return null;
}

export function newPasswordField(input: Input, key: string, errors: FieldErrors): string | null {
  const v = input[key];
  if (typeof v !== 'string' || v === '') {
    errors.add(key, v === undefined || v === '' || v === null ? 'required' : 'invalid_value');
    return null;
  }
  const problems = passwordProblems(v);
  if (problems.length > 0) {
    errors.add(key, problems[0]);
    return null;
  }
  return v;
}

/**
 * spec 5: a phone number as people type it on the store (src/contracts/phone-rules.ts: national numbers on
 * the US store, + and country code on the European ones). Answers E.164 (+41791234567) or null; an empty
 * optional phone is null without an error.
 */
export function phoneField(input: Input, key: string, errors: FieldErrors, storeKey: StoreKey, field = key): string | null {
  const v = str(input, key);
  if (v === undefined) {
    errors.add(field, 'invalid_phone');
    return null;
  }
  const check = checkPhone(v, stores[storeKey].country, maxMetadata);
  if (!check.ok) {
    errors.add(field, check.problem);
    return null;
  }
  return check.e164;
}

export const usStates = new Set(US_STATE_CODES);

export interface AddressValues {
  title: string | null;
  firstName: string;
  lastName: string;
  company: string | null;
  streetName: string;
  streetNumber: string;
  apartment: string | null;
  zipCode: string;
  city: string;
  state: string | null;
  country: CountryCode;
  phone: string | null;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

/** Validates an address for a store (country among its shipping countries, spec 5). prefix: 'address.' */
export function validateAddress(body: unknown, storeKey: StoreKey, errors: FieldErrors, prefix = 'address.'): AddressValues | null {
  const input = asInput(body);
  const f = (k: string) => prefix + k;
  const title = text(input, 'title', { max: 40 }, errors, f('title'));
  const firstName = text(input, 'firstName', { required: true, max: 100 }, errors, f('firstName'));
  const lastName = text(input, 'lastName', { required: true, max: 100 }, errors, f('lastName'));
  const company = text(input, 'company', { max: 100 }, errors, f('company'));
  const streetName = text(input, 'streetName', { required: true, max: 100 }, errors, f('streetName'));
  const streetNumber = text(input, 'streetNumber', { required: true, max: 20 }, errors, f('streetNumber'));
  const apartment = text(input, 'apartment', { max: 40 }, errors, f('apartment'));
  const city = text(input, 'city', { required: true, max: 100 }, errors, f('city'));
  const phone = phoneField(input, 'phone', errors, storeKey, f('phone'));

  const countryRaw = str(input, 'country');
  let country: CountryCode | null = null;
  if (countryRaw === undefined || countryRaw === '') errors.add(f('country'), countryRaw === '' ? 'required' : 'invalid_value');
  else {
    const c = countryRaw.toUpperCase();
    if ((stores[storeKey].shippingCountries as string[]).includes(c)) country = c as CountryCode;
    else errors.add(f('country'), 'country_not_allowed');
  }

  const stateRaw = str(input, 'state');
  let state: string | null = null;
  if (stateRaw === undefined) errors.add(f('state'), 'invalid_state');
  else if (country === 'US') {
    const s = stateRaw.toUpperCase();
    if (s === '') errors.add(f('state'), 'required');
    else if (!usStates.has(s)) errors.add(f('state'), 'invalid_state');
    else state = s;
  } else if (stateRaw !== '') {
    if ([...stateRaw].length > 40 || !TEXT.test(stateRaw)) errors.add(f('state'), 'invalid_state');
    else state = stateRaw;
  }

  // format per country, codes that do not exist, and a US ZIP outside its state (src/contracts/field-rules.ts)
  const zipRaw = str(input, 'zipCode');
  let zipCode: string | null = null;
  if (zipRaw === undefined) errors.add(f('zipCode'), 'invalid_zip');
  else if (zipRaw === '') errors.add(f('zipCode'), 'required');
  else if (country) {
    const problem = checkZip(country, zipRaw, state);
    if (problem) errors.add(f('zipCode'), problem);
    else zipCode = zipRaw;
  }

  const defaultShipping = input.defaultShipping === true;
  const defaultBilling = input.defaultBilling === true;
  for (const k of ['defaultShipping', 'defaultBilling']) {
    if (input[k] !== undefined && typeof input[k] !== 'boolean') errors.add(f(k), 'invalid_value');
  }
  if (!firstName || !lastName || !streetName || !streetNumber || !city || !country || !zipCode || !errors.empty) return null;
  return { title, firstName, lastName, company, streetName, streetNumber, apartment, zipCode, city, state, country, phone, defaultShipping, defaultBilling };
}

export interface ProfileValues {
  salutation: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  accountType: 'individual' | 'company';
  companyName: string | null;
  vatId: string | null;
  language: 'de' | 'en';
  newsletterOptIn: boolean;
}

const salutations = new Set(['mr', 'ms', 'diverse']);

/**
 * Profile fields (registration and PUT /customers/{id}). current: the stored profile for a partial update
 * (fields absent from the body keep their value; company rules are checked on the result).
 */
export function validateProfile(body: unknown, storeKey: StoreKey, errors: FieldErrors, current?: ProfileValues): ProfileValues | null {
  const input = asInput(body);
  const has = (k: string) => current === undefined || input[k] !== undefined;
  const pick = <T>(k: keyof ProfileValues, read: () => T): T => (has(k) ? read() : (current![k] as T));

  const salutation = pick('salutation', () => {
    const v = input.salutation;
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string' || !salutations.has(v)) {
      errors.add('salutation', 'invalid_value');
      return null;
    }
    return v;
  });
  const title = pick('title', () => text(input, 'title', { max: 40 }, errors));
  const firstName = pick('firstName', () => text(input, 'firstName', { required: true, max: 100 }, errors));
  const lastName = pick('lastName', () => text(input, 'lastName', { required: true, max: 100 }, errors));
  const phone = pick('phone', () => phoneField(input, 'phone', errors, storeKey));
  const accountType = pick('accountType', () => {
    const v = input.accountType ?? 'individual';
    if (v !== 'individual' && v !== 'company') {
      errors.add('accountType', 'invalid_value');
      return 'individual' as const;
    }
    return v;
  });
  let companyName = pick('companyName', () => text(input, 'companyName', { max: 100 }, errors));
  let vatIdRaw = pick('vatId', () => {
    const v = str(input, 'vatId');
    if (v === undefined) {
      errors.add('vatId', 'invalid_vat_id');
      return null;
    }
    return v === '' ? null : v;
  });
  const language = pick('language', () => {
    const v = input.language ?? (storeKey === 'us' ? 'en' : 'de');
    if (v !== 'de' && v !== 'en') {
      errors.add('language', 'invalid_value');
      return 'de' as const;
    }
    return v;
  });
  const newsletterOptIn = pick('newsletterOptIn', () => {
    const v = input.newsletterOptIn ?? false;
    if (typeof v !== 'boolean') errors.add('newsletterOptIn', 'invalid_value');
    return v === true;
  });

  let vatId: string | null = null;
  if (accountType === 'company') {
    if (!companyName && !errors.list.some((e) => e.field === 'companyName')) errors.add('companyName', 'required');
    // Decision (issue 3: "US: EIN optional"): a company account in the European stores gives its VAT
    // number; in the US store the EIN is optional.
    if (!vatIdRaw) {
      if (companyNeedsVatId(storeKey) && !errors.list.some((e) => e.field === 'vatId')) errors.add('vatId', 'required');
    } else {
      const check = checkVatId(vatIdRaw, stores[storeKey].country);
      if (check.valid) vatId = check.normalized;
      else errors.add('vatId', 'invalid_vat_id');
    }
  } else {
    // An individual has neither; stale company data from an earlier company profile is dropped.
    companyName = null;
    vatIdRaw = null;
  }
  if (!firstName || !lastName || !errors.empty) return null;
  return { salutation, title, firstName, lastName, phone, accountType, companyName, vatId, language, newsletterOptIn };
}
