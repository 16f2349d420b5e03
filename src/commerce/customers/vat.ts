// VAT identification numbers by format (issue 3; spec 5 message 'Invalid VAT ID'). This checks shape and,
// where the scheme has one and it is public, the check digit (AT, DE, CH). Whether a number is actually
// registered (VIES, the Swiss UID register) needs an online service this shop does not call: a company
// account with a well-formed number is accepted and customer service confirms it before tax-free sales.
import type { CountryCode } from '../../stores.ts';

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
 * Checks a VAT id. A number with a country prefix (ATU..., DE..., CHE-..., LI...) is checked for that
 * country; digits alone are read as a number of the store's country (AT: U + 8 digits, DE: 9 digits,
 * CH: the UID's 9 digits, LI: 5 digits, US: an EIN 12-3456789).
 */
export function checkVatId(input: string, storeCountry: CountryCode): VatCheck {
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
