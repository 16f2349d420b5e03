// One address format for pages, mails and the back office: the lines as they go on an envelope in the
// address's country. US: "350 5th Ave" and "New York, NY 10118" (USPS); Europe (AT, CH, DE, LI and the
// rest): "Bahnhofstrasse 12" and "8001 Zürich".

export interface PostalAddress {
  title?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  streetName: string;
  streetNumber: string;
  apartment?: string | null;
  zipCode: string;
  city: string;
  /** US: the two-letter state code */
  state?: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

const usStyle = (country: string | undefined) => (country ?? '').toUpperCase() === 'US'; // older stored addresses may lack it

/** "Bahnhofstrasse 12" in Europe, "350 5th Ave" in the US. */
export function streetLine(a: Pick<PostalAddress, 'streetName' | 'streetNumber' | 'country'>): string {
  const parts = usStyle(a.country) ? [a.streetNumber, a.streetName] : [a.streetName, a.streetNumber];
  return parts.map((p) => p.trim()).filter(Boolean).join(' ');
}

/** "8001 Zürich" in Europe, "New York, NY 10118" in the US (the state after the city's comma). */
export function placeLine(a: { zipCode: string; city: string; state?: string | null; country: string }): string {
  const zip = a.zipCode.trim();
  const city = a.city.trim();
  if (!usStyle(a.country)) return [zip, city].filter(Boolean).join(' ');
  const state = (a.state ?? '').trim().toUpperCase();
  const tail = [state, zip].filter(Boolean).join(' ');
  return city && tail ? `${city}, ${tail}` : city || tail;
}

/** The person, as the first line: title, first and last name. */
export function addresseeLine(a: Pick<PostalAddress, 'title' | 'firstName' | 'lastName'>): string {
  return [a.title, a.firstName, a.lastName].map((p) => (p ?? '').trim()).filter(Boolean).join(' ');
}

/**
 * The address as lines: addressee, company, street, apartment, place and (when `countryName` is given)
 * the country's name. Empty lines are left out.
 */
export function addressLines(a: PostalAddress, countryName?: (code: string) => string): string[] {
  return [
    addresseeLine(a), a.company ?? '', streetLine(a), a.apartment ?? '', placeLine(a),
    countryName ? countryName(a.country.toUpperCase()) : '',
  ].map((l) => l.trim()).filter(Boolean);
}

/** The address on one line ("Jane Doe, 350 5th Ave, New York, NY 10118"), e.g. for a select option. */
export function addressOneLine(a: PostalAddress, countryName?: (code: string) => string): string {
  return addressLines(a, countryName).join(', ');
}
