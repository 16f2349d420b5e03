// The zip, phone and VAT ID rules of the forms, from the same module the commerce service checks with
// (src/contracts/field-rules.ts), so the browser refuses what the service refuses, with the same message.
// Only forms with an address, a phone or a VAT ID import this file: libphonenumber-js and its "min"
// metadata (about 30 kB over the wire) load on those pages alone, never on every page through Rules.
import minMetadata from 'libphonenumber-js/min/metadata';
import { checkPhone, checkVatId, checkZip } from '../../../src/contracts/field-rules.ts';
import type { Translate } from '../../../src/i18n.ts';
import { Rules } from './validation.ts';

export class FieldRules extends Rules {
  /** the store's country: how phone numbers may be typed and which VAT IDs are read without a prefix */
  private readonly storeCountry: string;

  constructor(t: Translate, storeCountry: string) {
    super(t);
    this.storeCountry = storeCountry;
  }

  /** spec 5: a phone number as people type it on this store (optional: empty is fine) */
  phone(field: string, value: string): this {
    const check = checkPhone(value, this.storeCountry, minMetadata);
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
