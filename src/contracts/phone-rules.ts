// The phone rule of spec 5, one definition for both sides, like the zip and VAT ID rules beside it
// (field-rules.ts): the storefront's forms check with it once its chunk has loaded
// (views/components/forms/phone-check.ts) and the commerce service checks every request with it again
// (src/commerce/customers/validation.ts). Pure: no Node, no DOM.
//
// Phone numbers go through libphonenumber-js's core with metadata the caller passes: the service passes
// the complete ("max") set, which checks a number's digits; the browser passes the "min" set (half the size,
// it checks lengths and leading digits), so the browser never refuses a number the service accepts.
// Decision: a module of its own, so that no page's first load carries libphonenumber-js's core (about 10 kB
// over the wire, issue 27): the browser's forms import field-rules.ts, and this file only through the
// chunk they load on the visitor's first use.
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { phoneNationalAllowed } from './phone-examples.ts';

/** Codes of src/lib/errors.ts's field catalogue that this rule answers. */
export type PhoneProblem = 'invalid_phone' | 'phone_format';

const PHONE_CHARS = /^\+?[\d\s()./-]+$/;

export type PhoneCheck = { ok: true; e164: string | null } | { ok: false; problem: PhoneProblem };

/**
 * Checks a phone number as typed on a store: { ok, e164 } (null when empty: the field is optional where
 * it is) or the code of the field's message: invalid_phone ('Please enter a valid phone number.') for what
 * is no phone number at all or lacks the country code where one is needed, phone_format ('Phone number is
 * not valid.') for a number whose digits no number of its country has.
 */
export function checkPhone(value: string, storeCountry: string, metadata: MetadataJson): PhoneCheck {
  const v = value.trim();
  if (v === '') return { ok: true, e164: null };
  if (v.length > 30 || !PHONE_CHARS.test(v) || (v.match(/\d/g)?.length ?? 0) < 5) return { ok: false, problem: 'invalid_phone' };
  const international = v.startsWith('+') || v.startsWith('00');
  if (!international && !phoneNationalAllowed(storeCountry)) return { ok: false, problem: 'invalid_phone' };
  const typed = v.startsWith('00') ? `+${v.slice(2)}` : v;
  const parsed = international
    ? parsePhoneNumberFromString(typed, metadata)
    : parsePhoneNumberFromString(typed, { defaultCountry: storeCountry as 'US' }, metadata);
  if (!parsed) return { ok: false, problem: 'invalid_phone' };
  if (!parsed.isValid()) return { ok: false, problem: 'phone_format' };
  return { ok: true, e164: parsed.number };
}
