// What the account features' route plugins share: a malformed id in a path answers the plugin's 404 (it
// cannot name anything of the caller, like another customer's id), and account deletion of the rows a
// table keeps for an account or under its e-mail address in its store.
import type { AccountDeletionHook } from './context.ts';

// requestLang and the 404 on malformed path ids are the kernel's (http/request.ts); re-exported under their
// names here for the account features.
export { requestLang, notFoundOnBadParams as notFoundOnBadId } from './http/request.ts';

/**
 * The account-deletion hook of a table with customer_id, store_key and email_lower: the account's rows, and
 * those given under its e-mail before it signed in (spec 6: all personal data).
 */
export function deleteAccountRows(table: 'availability_alerts' | 'newsletter_subscriptions' | 'contact_messages'): AccountDeletionHook {
  return async (tx, a) => {
    await tx.query(`delete from ${table} where customer_id = $1 or (store_key = $2 and email_lower = $3)`, [a.customerId, a.storeKey, a.emailLower]);
  };
}
