// How people type a phone number on each store, for the phone field's hint and the phone rule of
// field-rules.ts. A file of its own: the hint is on pages whose forms load libphonenumber-js late (the
// whistleblower block of CMS pages), so it must not bring the rules' imports along.

/**
 * How people type a number on each store: as dialled at home ("212 555 0100", "044 123 45 67") or with +
 * and the country code (00 for + is taken too). Issue 28 relaxes spec 5's "EU phone must contain + and
 * country code" for the store's own country.
 */
export const phoneExamples: Record<string, string> = {
  CH: '+41 44 123 45 67', LI: '+423 234 56 78', AT: '+43 1 234 56 78', DE: '+49 30 1234 5678', US: '(212) 555-0100',
};

/**
 * Whether a store's customers may type national numbers (no + and country code). Issue 28: on every store
 * ("044 123 45 67" on the Swiss store is +41 44 123 45 67); the number is stored internationally (E.164).
 * Numbers of other countries still need + and their country code.
 */
export function phoneNationalAllowed(storeCountry: string): boolean {
  return storeCountry in phoneExamples;
}
