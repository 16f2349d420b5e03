// Bank account checks (spec 5: 'This is not a valid IBAN.', 'This is not a valid BIC.'), shared by the
// configuration (the shop's own account, checked at start), the commerce service (a seller's payout
// account) and the browser's forms (views/components/forms/bank-rules.ts, on first use). IBAN and BIC: ibantools.
// US accounts: ibantools has no ABA check; the routing number's checksum and the account number's format are
// in us-bank-account.ts (no ibantools, so the browser checks them at once), re-exported here.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
// formatIban lives in display.ts (no ibantools, so the browser's order page can print an IBAN); re-exported
// here for the mails and the server
export { formatIban } from './display.ts';
export { routingNumberValid, usAccountNumberValid } from './us-bank-account.ts';

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
