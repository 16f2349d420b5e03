// The payout account's checks in the checkout's delivery step (spec 5: 'This is not a valid IBAN.', 'This is
// not a valid BIC.'), from the module the commerce service checks with (src/contracts/bank-details.ts). The
// IBAN and BIC checks need ibantools (about 18 kB): they are a chunk of their own, loaded on the visitor's
// first use of the page (the first focus, tap, click or key), as the phone check is (phone-rules.ts).
// Decision (issue 27, "Phones get less JavaScript", which counts what a page fetches before any interaction):
// not with the delivery step, where it put the checkout landed on directly on that step at 152.7 kB. Nobody
// types an IBAN and sends the form before the chunk of their first tap has arrived; until it is there, an
// IBAN or BIC passes here and is left to the commerce service, which checks it with the same rules and
// answers the same code (invalid_iban, invalid_bic) on the field.
// A US account's routing and account numbers need no library and are checked at once (us-bank-account.ts).
import { firstUseChunk } from '../../lib/first-use.ts';

export { routingNumberValid, usAccountNumberValid } from '../../../src/contracts/us-bank-account.ts';

const bankCheck = firstUseChunk(() => import('../../../src/contracts/bank-details.ts'));

/** Loads the IBAN and BIC checks (once); tests await it. */
export async function loadBankChecks(): Promise<void> {
  await bankCheck.load();
}

/** An IBAN the service would take (true until the check has arrived: the service decides then). */
export function ibanValid(iban: string): boolean {
  return bankCheck.current?.ibanValid(iban) ?? true;
}

/** A BIC the service would take (true until the check has arrived: the service decides then). */
export function bicValid(bic: string): boolean {
  return bankCheck.current?.bicValid(bic) ?? true;
}
