// The account features' errors (limit orders, deposit, availability alerts, newsletter, contact and
// whistleblower applications): their codes live in the shared catalogue (src/lib/errors.ts, accountErrors);
// this module builds the errors and names the field codes of these forms. Codes shared with carts and
// orders (product_not_found, product_out_of_stock, forbidden, the order reasons a limit order can fail
// with) come from orders/error-codes.ts.
import type { FieldError } from '../contracts/commerce.ts';
import { AppError, accountErrors, fieldErrorCatalogue } from '../lib/errors.ts';

export { accountErrors };
import { validationFailed } from './http/errors.ts';




export type AccountErrorCode = keyof typeof accountErrors;

/** The AppError of a code, with the table's status and message. */
export function accountError(code: AccountErrorCode, details?: unknown): AppError {
  return new AppError(code, details === undefined ? {} : { details: details as Record<string, unknown> });
}

/** Codes the storefront shows: each has form.error.<code> in both locale files. */
export const userVisibleAccountCodes = (Object.keys(accountErrors) as AccountErrorCode[]).filter((c) => accountErrors[c].visible);

/** Field codes of these forms (answered in details.fields of 400 validation_failed). */
export const accountFieldMessages = pickFields(['required', 'invalid_email', 'invalid_value', 'date_in_past', 'date_too_far', 'limit_price_too_high', 'consent_required']);

function pickFields<K extends keyof typeof fieldErrorCatalogue>(keys: readonly K[]): Pick<typeof fieldErrorCatalogue, K> {
  return Object.fromEntries(keys.map((k) => [k, fieldErrorCatalogue[k]])) as Pick<typeof fieldErrorCatalogue, K>;
}
export type AccountFieldCode = keyof typeof accountFieldMessages;

/** Collects field errors of these forms; throwIfAny() answers them all in one 400 validation_failed. */
export class AccountFieldErrors {
  readonly list: FieldError[] = [];
  add(field: string, code: AccountFieldCode): void {
    if (!this.list.some((e) => e.field === field)) this.list.push({ field, code, message: accountFieldMessages[code] });
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw validationFailed(this.list);
  }
}
