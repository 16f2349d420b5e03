// The customers' address rules that more than one call needs (issue 24: a service beside the repository).
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { lockCustomer, markDefaultAddress, takeDefaults } from './repository.ts';

/**
 * "Set as default address" in one call (issue 24): the address takes the default shipping and/or billing
 * flag, the others lose it, in one transaction under the customer's lock; its fields are not touched. The
 * storefront used to read the address and write it back whole with the flag, so an edit made in another tab
 * in between was overwritten.
 */
export async function setDefaultAddress(
  db: Db, customerId: string, addressId: string, flags: { shipping?: boolean; billing?: boolean }, now: Date,
): Promise<void> {
  const take = { defaultShipping: flags.shipping === true, defaultBilling: flags.billing === true };
  // Decision: false is no request (a default is given up by choosing another one): at least one must be true
  if (!take.defaultShipping && !take.defaultBilling) fail('validation_failed', { details: { fields: [{ field: 'shipping', code: 'required', message: 'This field is required.' }] } });
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    // the others give the flags up first (at most one default of each kind: a unique index); an address that is
    // not the customer's rolls that back
    await takeDefaults(tx, customerId, addressId, take);
    if (!(await markDefaultAddress(tx, customerId, addressId, take, now))) fail('address_not_found');
  });
}
