// The address and VAT ID rules of spec 5 (the phone rule beside them: phone-rules.ts), one definition for both sides: the storefront's forms check
// with them as the customer types (views/components/forms/field-rules.ts) and the commerce service checks
// every request with them again (src/commerce/customers/validation.ts). A value the browser refuses, the
// service refuses with the same code; the service has the last word. Pure: no Node, no DOM.
//
// The phone rule is in phone-rules.ts: it needs libphonenumber-js, which the browser loads only once the
// visitor starts to use a form (views/components/forms/field-rules.ts), not with the page.
import { POSTAL_CODES, US_STATE_ZIPS } from './postal-codes.ts';

export { phoneExamples, phoneNationalAllowed } from './phone-examples.ts';

/** Codes of src/lib/errors.ts's field catalogue that these rules answer. */
export type ZipProblem = 'required' | 'invalid_zip' | 'zip_state_mismatch' | 'zip_not_found';

// ------------------------------------------------------------------------------------------- zip codes

/** Format of a postal code per shipping country (spec 5 / issue 3: CH four digits, US five or ZIP+4). */
const zipFormats: Record<string, RegExp> = {
  CH: /^[1-9]\d{3}$/,
  // Liechtenstein belongs to the Swiss postal system: four digits from its own block
  LI: /^\d{4}$/,
  AT: /^[1-9]\d{3}$/,
  DE: /^\d{5}$/,
  US: /^\d{5}(-\d{4})?$/,
};

/** The shape alone: what the field takes while the customer types (digits, ZIP+4 with its hyphen). */
export function zipFormatValid(country: string, zip: string): boolean {
  const format = zipFormats[country];
  return format ? format.test(zip) : zip.length > 0 && zip.length <= 12 && /^[\p{L}\p{N} -]+$/u.test(zip);
}

/** Whether a well-formed postal code is in use, where the shop knows the country's codes (postal-codes.ts; US: any state's). */
export function zipExists(country: string, zip: string): boolean {
  const known = country === 'US' ? Object.values(US_STATE_ZIPS).flat() : POSTAL_CODES[country];
  if (!known) return true;
  const n = Number(zip.slice(0, 5));
  return known.some(([lo, hi]) => n >= lo && n <= hi);
}

/** Whether a US ZIP code lies in its state's ranges (the USPS's three-digit prefixes). */
export function zipMatchesState(zip: string, state: string): boolean {
  const ranges = US_STATE_ZIPS[state];
  if (!ranges) return true; // an unknown state is the state field's error, not the zip's
  const n = Number(zip.slice(0, 5));
  return ranges.some(([lo, hi]) => n >= lo && n <= hi);
}

/**
 * Checks a postal code (trimmed) for a country and, in the US, its state: null when it is fine, else the
 * code of the field's message. The state is only compared when it is given.
 */
export function checkZip(country: string, zip: string, state?: string | null): ZipProblem | null {
  if (zip === '') return 'required';
  if (!zipFormatValid(country, zip)) return 'invalid_zip';
  if (!zipExists(country, zip)) return 'zip_not_found';
  if (country === 'US' && state && !zipMatchesState(zip, state)) return 'zip_state_mismatch';
  return null;
}

/** US states and territories the shop ships to (two-letter codes). */
export const US_STATE_CODES: readonly string[] = Object.keys(US_STATE_ZIPS);

// ------------------------------------------------------------------------------------------ VAT ID

export interface VatCheck {
  valid: boolean;
  countryCode: string | null;
  normalized: string | null;
}

// EU member states (Greece is EL in VAT numbers; XI is Northern Ireland) after the country prefix.
const euPatterns: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/,
  DK: /^\d{8}$/, EE: /^\d{9}$/, EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, HR: /^\d{11}$/, HU: /^\d{8}$/, IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/, LT: /^(\d{9}|\d{12})$/, LU: /^\d{8}$/, LV: /^\d{11}$/, MT: /^\d{8}$/, NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^[1-9]\d{1,9}$/, SE: /^\d{10}01$/, SI: /^\d{8}$/, SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

const checkDigits: Record<string, (body: string) => boolean> = {
  // Austrian UID: U + 7 digits + check digit (BMF algorithm).
  AT: (b) => {
    const d = [...b.slice(1)].map(Number);
    const s = (n: number) => Math.floor(n / 10) + (n % 10);
    const sum = d[0] + s(d[1] * 2) + d[2] + s(d[3] * 2) + d[4] + s(d[5] * 2) + d[6];
    return (10 - ((sum + 4) % 10)) % 10 === d[7];
  },
  // German USt-IdNr.: ISO 7064 MOD 11,10.
  DE: (b) => {
    let product = 10;
    for (const ch of b.slice(0, 8)) {
      let sum = (Number(ch) + product) % 10;
      if (sum === 0) sum = 10;
      product = (2 * sum) % 11;
    }
    const check = 11 - product === 10 ? 0 : 11 - product;
    return check === Number(b[8]);
  },
};

/** Swiss UID check digit (modulo 11, weights 5 4 3 2 7 6 5 4). */
function swissUidValid(digits: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[8]);
}

const invalid = (countryCode: string | null = null): VatCheck => ({ valid: false, countryCode, normalized: null });

/**
 * Checks a VAT id by format and, where the scheme has a public one, its check digit (AT, DE, CH). A number
 * with a country prefix (ATU..., DE..., CHE-..., LI...) is checked for that country; digits alone are read
 * as a number of the store's country (AT: U + 8 digits, DE: 9 digits, CH: the UID's 9 digits, LI: 5
 * digits, US: an EIN 12-3456789). Whether a number is registered (VIES, the Swiss UID register) needs an
 * online service the shop does not call: customer service confirms it before tax-free sales.
 */
export function checkVatId(input: string, storeCountry: string): VatCheck {
  const raw = input.trim().toUpperCase();
  if (raw.length === 0 || raw.length > 40) return invalid();

  // Switzerland: CHE-123.456.789 with MWST, TVA or IVA (optional; also written as a suffix "MWST").
  const ch = /^CHE[\s.-]*(\d{3})[\s.]?(\d{3})[\s.]?(\d{3})(?:\s*(MWST|TVA|IVA))?$/.exec(raw)
    ?? (storeCountry === 'CH' ? /^(\d{3})[\s.]?(\d{3})[\s.]?(\d{3})(?:\s*(MWST|TVA|IVA))?$/.exec(raw) : null);
  if (ch) {
    const digits = ch[1] + ch[2] + ch[3];
    if (!swissUidValid(digits)) return invalid('CH');
    return { valid: true, countryCode: 'CH', normalized: `CHE-${ch[1]}.${ch[2]}.${ch[3]}${ch[4] ? ` ${ch[4]}` : ''}` };
  }

  // Liechtenstein: 5 digits (as issued by the Steuerverwaltung), optionally written with LI or FL.
  const li = /^(?:LI|FL)?[\s-]?(\d{5})$/.exec(raw);
  if (li && (storeCountry === 'LI' || /^(LI|FL)/.test(raw))) return { valid: true, countryCode: 'LI', normalized: `LI${li[1]}` };

  // United States: an Employer Identification Number.
  if (storeCountry === 'US') {
    const ein = /^(\d{2})-?(\d{7})$/.exec(raw);
    if (ein) return { valid: true, countryCode: 'US', normalized: `${ein[1]}-${ein[2]}` };
  }

  const compact = raw.replace(/[\s.-]/g, '');
  let prefix = compact.slice(0, 2);
  let body = compact.slice(2);
  if (prefix === 'GR') prefix = 'EL';
  if (!euPatterns[prefix]) {
    // no prefix: a number of the store's own country
    if (storeCountry !== 'AT' && storeCountry !== 'DE') return invalid();
    prefix = storeCountry;
    body = compact;
  }
  const pattern = euPatterns[prefix];
  if (!pattern.test(body)) return invalid(prefix);
  const check = checkDigits[prefix];
  if (check && !check(body)) return invalid(prefix);
  return { valid: true, countryCode: prefix, normalized: prefix + body };
}
