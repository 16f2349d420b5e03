// Bank account checks (spec 5: 'This is not a valid IBAN.', 'This is not a valid BIC.'), shared by the
// configuration (the shop's own account, checked at start), the commerce service (a seller's payout
// account) and the browser's forms. IBAN and BIC: ibantools. US accounts: ibantools has no ABA check, so the
// routing number's checksum is computed here (the ABA rule, one line).
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
// formatIban lives in display.ts (no ibantools, so the browser's order page can print an IBAN); re-exported
// here for the mails and the server
export { formatIban } from './display.ts';

/** "ch93 0076 2011 6238 5295 7" -> "CH9300762011623852957" */
export function normalizeIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

export function ibanValid(iban: string): boolean {
  return isValidIBAN(normalizeIban(iban));
}

export function normalizeBic(bic: string): string {
  return bic.replace(/\s+/g, '').toUpperCase();
}

export function bicValid(bic: string): boolean {
  return isValidBIC(normalizeBic(bic));
}

/** ABA routing number: nine digits, 3-7-1 weighted checksum divisible by 10. */
export function routingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0 && sum > 0;
}

/** US account numbers have no national format: 4 to 17 digits. */
export function usAccountNumberValid(account: string): boolean {
  return /^\d{4,17}$/.test(account);
}
