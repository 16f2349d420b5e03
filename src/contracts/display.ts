// How a phone number and an IBAN are shown. Its own module without a schema library or ibantools, so the
// footer on every page can import it without either reaching the browser's common chunk (issue 16: lighter
// pages). Validation stays in bank-details.ts and company-facts.ts (server side and forms).

/** tel: link of a phone number as written ("+41 44 218 74 60" -> "tel:+41442187460"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/** An IBAN in groups of four, as printed ("ch3200700110004738291" -> "CH32 0070 0110 0047 3829 1"); the
 * one grouping of the shop (bank-details.ts formatIban normalizes first, then groups with this). */
export function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}
