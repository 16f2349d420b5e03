// How a phone number and an IBAN are shown. Its own module without a schema library or ibantools, so the
// footer on every page can import it without either reaching the browser's common chunk (issue 16: lighter
// pages). Validation stays in bank-details.ts and company-facts.ts (server side and forms).

/** tel: link of a phone number as written ("+41 44 218 74 60" -> "tel:+41442187460"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}

/** An IBAN in groups of four, as printed ("ch3200700110004738291" -> "CH32 0070 0110 0047 3829 1"); the
 * one grouping of the shop (formatIban below strips dashes first, then groups with this). */
export function groupIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase().replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * "CH9300762011623852957" or "ch93-0076-2011..." -> "CH93 0076 2011 6238 5295 7" (how mails, the order page
 * and the payment slip print an IBAN); an input with nothing left after spaces and dashes is shown as given.
 * Decision: display only, no checksum (issue 27): the order page shows the shop's own account, checked at
 * start (bank-details.ts ibanValid), and ibantools (18 kB) stays with the forms where an IBAN is typed.
 * The compact form is ibantools' electronicFormatIBAN (spaces and dashes removed, upper case).
 */
export function formatIban(iban: string): string {
  const compact = iban.replace(/[- ]/g, '').toUpperCase();
  return compact ? groupIban(compact) : iban;
}
