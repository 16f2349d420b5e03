// US bank account checks (spec 5): the routing number's ABA checksum and the account number's length. Apart
// from bank-details.ts (which re-exports them with the IBAN and BIC checks) because those need ibantools:
// the browser's checkout loads ibantools on first use (views/components/forms/bank-rules.ts), these stay
// synchronous at a few bytes.

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
