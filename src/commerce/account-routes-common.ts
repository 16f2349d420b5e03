// What the account features' route plugins share: a malformed id in a path answers the plugin's 404 (it
// cannot name anything of the caller, like another customer's id), and account deletion of the rows a
// table keeps for an account or under its e-mail address in its store.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountError, type AccountErrorCode } from './account-error-codes.ts';
import { langOf, type Lang } from './carts/model.ts';
import type { AccountDeletionHook } from './context.ts';

/** The language of answers and mails: ?languageTag, else the given one (the customer's), else the store's. */
export function requestLang(req: FastifyRequest, fallback?: Lang | null): Lang {
  return langOf((req.query as { languageTag?: string } | undefined)?.languageTag, fallback ?? (req.storeKey === 'us' ? 'en' : 'de'));
}

/** For routes registered with attachValidation: params that fail their schema answer 404 with the code. */
export function notFoundOnBadId(app: FastifyInstance, code: AccountErrorCode): void {
  app.addHook('preHandler', async (req) => {
    if (req.validationError?.validationContext === 'params') throw accountError(code);
    if (req.validationError) throw req.validationError;
  });
}

/**
 * The account-deletion hook of a table with customer_id, store_key and email_lower: the account's rows, and
 * those given under its e-mail before it signed in (spec 6: all personal data).
 */
export function deleteAccountRows(table: 'availability_alerts' | 'newsletter_subscriptions' | 'contact_messages'): AccountDeletionHook {
  return async (tx, a) => {
    await tx.query(`delete from ${table} where customer_id = $1 or (store_key = $2 and email_lower = $3)`, [a.customerId, a.storeKey, a.emailLower]);
  };
}
