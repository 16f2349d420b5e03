// The zip, phone and VAT ID rules of the forms, from the same module the commerce service checks with
// (src/contracts/field-rules.ts), so the browser refuses what the service refuses, with the same message.
// Only forms with an address, a phone or a VAT ID import this file. The phone check (libphonenumber-js and
// its "min" metadata, about 28 kB over the wire) is a chunk of its own, phone-check.ts, loaded as soon as a
// page with such a form starts: until it is there (a first moment on a slow line), a phone number is left
// to the service, which checks it with the same rules and answers the same code on the field.
import { checkVatId, checkZip } from '../../../src/contracts/field-rules.ts';
import type { Translate } from '../../../src/i18n.ts';
import { Rules } from './validation.ts';

let phoneCheck: typeof import('./phone-check.ts').checkPhoneHere | null = null;
let loading: Promise<void> | null = null;

/** Loads the phone check (once); tests await it. */
export function loadPhoneRules(): Promise<void> {
  loading ??= import('./phone-check.ts').then((m) => {
    phoneCheck = m.checkPhoneHere;
  });
  return loading;
}

if (typeof window !== 'undefined') loadPhoneRules().catch(() => (loading = null));

export class FieldRules extends Rules {
  /** the store's country: how phone numbers may be typed and which VAT IDs are read without a prefix */
  private readonly storeCountry: string;

  constructor(t: Translate, storeCountry: string) {
    super(t);
    this.storeCountry = storeCountry;
  }

  /** spec 5: a phone number as people type it on this store (optional: empty is fine) */
  phone(field: string, value: string): this {
    if (!phoneCheck) return this;
    const check = phoneCheck(value, this.storeCountry);
    if (!check.ok) this.fail(field, `validation.${check.problem}`);
    return this;
  }

  /** spec 5: zip code format per country, codes that do not exist, a US ZIP outside its state */
  zip(field: string, country: string, zip: string, state?: string): this {
    const problem = checkZip(country, zip.trim(), state?.trim() || null);
    if (problem) this.fail(field, `validation.${problem}`);
    return this;
  }

  /** spec 5: 'Invalid VAT ID' (format and check digit per country); empty is the caller's required rule */
  vatId(field: string, value: string): this {
    if (value.trim() !== '' && !checkVatId(value, this.storeCountry).valid) this.fail(field, 'validation.invalid_vat_id');
    return this;
  }
}
