// How people type a phone number on each store, for the phone field's hint and the phone rule of
// field-rules.ts. A file of its own: the hint is on pages whose forms load libphonenumber-js late (the
// whistleblower block of CMS pages), so it must not bring the rules' imports along.

/**
 * How people type a number on each store: on the US store as dialled at home ("212 555 0100",
 * "(212) 555-0100") or with +1; on the European stores with + and the country code (spec 5: "EU phone must
 * contain + and country code"; 00 for + is taken too).
 */
export const phoneExamples: Record<string, string> = {
  CH: '+41 44 123 45 67', LI: '+423 234 56 78', AT: '+43 1 234 56 78', DE: '+49 30 1234 5678', US: '(212) 555-0100',
};

/** Whether a store's customers may type national numbers (no + and country code). */
export function phoneNationalAllowed(storeCountry: string): boolean {
  return storeCountry === 'US';
}
