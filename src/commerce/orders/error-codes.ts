// The carts, orders, wishlists and price hand-over codes live in the shared error catalogue
// (src/lib/errors.ts, cartOrderErrors); this module builds their errors and names the field codes of the
// payout-account and identity-document forms.
import { AppError, cartOrderErrors, fieldErrorCatalogue, type ErrorCode } from '../../lib/errors.ts';

export const commerceOrderErrors = cartOrderErrors;
export type CommerceOrderErrorCode = keyof typeof cartOrderErrors | 'forbidden';

/** The AppError of a code, with the catalogue's status and message (message overridable for details). */
export function orderError(code: CommerceOrderErrorCode, details?: unknown, message?: string): AppError {
  return new AppError(code, { ...(message ? { message } : {}), ...(details === undefined ? {} : { details: details as Record<string, unknown> }) });
}

/** Codes the storefront shows to shoppers: each has form.error.<code> in both locale files. */
export const userVisibleOrderCodes = (Object.keys(cartOrderErrors) as (keyof typeof cartOrderErrors)[]).filter((c) => cartOrderErrors[c].visible);

/** Field codes of the payout-account and identity-document forms (answered in details.fields). */
export const orderFieldMessages = pick(fieldErrorCatalogue, ['required', 'invalid_iban', 'invalid_bic', 'invalid_account_number', 'invalid_routing_number', 'invalid_date', 'date_in_past', 'date_in_future', 'invalid_value', 'invalid_email']);

function pick<T extends Record<string, string>, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
export type OrderFieldCode = keyof typeof orderFieldMessages;
