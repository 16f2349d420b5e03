// The commerce kernel's error helpers. Every code lives in the one catalogue (src/lib/errors.ts); a route
// refuses with `fail(code, { message?, details? })`, which throws that catalogue's AppError (status and
// message from the table). `errorResponses` documents the error body on every route's 4xx.
import { ErrorResponse, type FieldError } from '../../contracts/commerce.ts';
import { AppError, cartOrderErrors, fieldErrorCatalogue, type ErrorCode, type ErrorDetails } from '../../lib/errors.ts';

export interface FailOptions {
  /** overrides the catalogue's message (a message naming the detail) */
  message?: string;
  details?: ErrorDetails | Record<string, unknown>;
  cause?: unknown;
}

/** Refuses the request: throws the AppError of the code (status and message from the catalogue). */
export function fail(code: ErrorCode, opts: FailOptions = {}): never {
  throw new AppError(code, opts as { message?: string; details?: ErrorDetails; cause?: unknown });
}

/** 400 validation_failed with every invalid field (details.fields), as every form of the service answers it. */
export function validationFailed(fields: FieldError[]): AppError {
  const n = fields.length;
  return new AppError('validation_failed', { message: `${n} field${n === 1 ? ' is' : 's are'} invalid.`, details: { fields } });
}

/** The error body every route answers on 4xx, for the OpenAPI document. */
export const errorResponses = { '4xx': ErrorResponse };

// The carts, orders, wishlists and price hand-over codes (moved here from orders/error-codes.ts, which
// re-exports them): their messages, and the field codes of the payout-account and identity-document forms.
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
