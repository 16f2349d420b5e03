// The zip and VAT ID rules of the forms, beside the phone rule they extend (PhoneRules), from the same module the commerce service checks with
// (src/contracts/field-rules.ts), so the browser refuses what the service refuses, with the same message.
// Only forms with an address or a VAT ID import this file; the phone rule is PhoneRules (phone-rules.ts),
// which forms with a phone number but no address use alone (the contact form).
import { checkVatId, checkZip } from '../../../src/contracts/field-rules.ts';
import { PhoneRules } from './phone-rules.ts';

export { loadPhoneRules } from './phone-rules.ts';

export class FieldRules extends PhoneRules {
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
