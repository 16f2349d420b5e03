// Errors of the browser's API: { statusCode, code, message, details? } with the message in the customer's
// language (spec 5 and 8 wording). Codes stay stable (the commerce service's, or ours); field errors keep
// their codes and get translated messages; validation_failed says how many fields to correct. Which codes
// a customer reads (form.error.<code>) and which field codes exist (validation.<code>) is the error
// catalogue's (src/lib/errors.ts); any other code reads as the generic 'something went wrong'.
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../../contracts/commerce.ts';
import type { CallError } from '../../../contracts/result.ts';
import { errorCatalogue, isFieldCode, isVisibleCode, toErrorBody, type ErrorCode } from '../../../lib/errors.ts';
import { localeFor, stores, type Language, type StoreKey } from '../../../stores.ts';
import { messageParams, translator, type Translate } from '../../../i18n.ts';

export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** The page's language: x-shop-language from the page's script, else the lang cookie, else the store's. */
export function apiLanguage(req: FastifyRequest): Language {
  const h = req.headers['x-shop-language'];
  if (h === 'de' || h === 'en') return h;
  const c = req.cookies.lang;
  if (c === 'de' || c === 'en') return c;
  return req.store === 'us' ? 'en' : 'de';
}

/** The language tag of mails the service sends for this request (de-CH, en-US, ...). */
export function languageTag(req: FastifyRequest, lang: Language): string {
  return `${lang}-${req.store.toUpperCase()}`;
}

/** Numbers in a message ("field must have at most 100 characters"): the length a rule names. */
function lengthIn(message: string): number | undefined {
  const m = /(\d+)/.exec(message);
  return m ? Number(m[1]) : undefined;
}

const PASSWORD_MIN = 8; // spec 5: at least 8 characters

export function translateField(f: FieldError, t: Translate, prefix = ''): FieldError {
  const field = prefix && f.field.startsWith(prefix) ? f.field.slice(prefix.length) : f.field;
  const length = f.code === 'password_too_short' ? PASSWORD_MIN : lengthIn(f.message);
  const message = isFieldCode(f.code) ? t(`validation.${f.code}`, { length }) : t('validation.invalid_value');
  return { field, code: f.code, message };
}

function fieldsOf(details: unknown): FieldError[] | null {
  const list = (details as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(list)) return null;
  return list.filter((f): f is FieldError => !!f && typeof f.field === 'string' && typeof f.code === 'string' && typeof f.message === 'string');
}

/**
 * The translator for API messages: with the store known, a message that names one of the spec's limits (the
 * cart maximum, the limit price) says it in the store's currency and locale ("at most CHF 500'000.00").
 */
function messages(lang: Language, store?: StoreKey): Translate {
  const t = translator(lang);
  if (!store) return t;
  const currency = stores[store].currency;
  const locale = localeFor(store, lang);
  return (key, params) => {
    const limit = messageParams(key, currency, locale);
    return t(key, limit ? { ...limit, ...params } : params);
  };
}

/** "Please correct 2 fields." (spec 8: register and login errors report the count of invalid fields) */
export function correctFieldsMessage(t: Translate, n: number): string {
  return n === 1 ? t('form.correctOne') : t('form.correctMany', { count: n });
}

/** "Please try again in 3 minutes." */
export function retryMessage(t: Translate, seconds: number): string {
  if (seconds < 60) return t('form.retryInSeconds', { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('form.retryInOneMinute') : t('form.retryInMinutes', { count: minutes });
}

/**
 * A 503 whose code the catalogue knows as a 503 the customer reads (prices_unavailable: spec 8's
 * PricesUpdateError, "prices are being updated") reaches the browser as it is, not as the generic 502.
 */
function passedThrough(status: number, code: string): boolean {
  return status === 503 && isVisibleCode(code) && errorCatalogue[code].status === 503;
}

/**
 * A commerce call's error as the browser gets it. No answer at all is 503; a 5xx of the service is 502
 * (the customer reads the generic 'something went wrong, try later', spec 8), except the 503s the
 * customer can act on (passedThrough: prices_unavailable, database_unavailable). fieldPrefix strips the
 * service's body path (address.zipCode -> zipCode) where the browser sends the fields flat.
 */
export function apiError(err: CallError, lang: Language, opts: { fieldPrefix?: string; store?: StoreKey } = {}): ApiErrorBody {
  const t = messages(lang, opts.store);
  let statusCode = err.status;
  let code = err.code;
  if (statusCode === 0) {
    statusCode = 503;
    code = 'service_unavailable';
  } else if (statusCode >= 500 && code !== 'session_unavailable' && !passedThrough(statusCode, code)) {
    statusCode = 502;
    code = 'service_unavailable';
  } else if (statusCode < 400 || statusCode > 599) {
    statusCode = 502;
    code = 'service_unavailable';
  }
  const details: Record<string, unknown> = {};
  const src = (err.details ?? {}) as Record<string, unknown>;
  let message: string;
  const fields = fieldsOf(err.details);
  if (code === 'validation_failed' || (fields && fields.length > 0)) {
    const translated = (fields ?? []).map((f) => translateField(f, t, opts.fieldPrefix));
    details.fields = translated;
    if (translated.length > 0 && code === 'validation_failed') message = correctFieldsMessage(t, translated.length);
    else if (isVisibleCode(code)) message = t(`form.error.${code}`);
    else message = translated[0]?.message ?? t('error.server');
  } else if (isVisibleCode(code)) {
    message = t(`form.error.${code}`);
  } else {
    message = t('error.server');
  }
  if (typeof src.retryAfter === 'number' && Number.isFinite(src.retryAfter)) {
    details.retryAfter = src.retryAfter;
    message = `${message} ${retryMessage(t, src.retryAfter)}`;
  }
  if (typeof src.attemptsLeft === 'number') details.attemptsLeft = src.attemptsLeft;
  if (typeof src.reason === 'string') details.reason = src.reason;
  if (code === 'cart_version_conflict' && Number.isSafeInteger(src.currentVersion)) details.currentVersion = src.currentVersion as number;
  if (code === 'step_up_required') details.method = src.method === 'second_factor' ? 'second_factor' : 'password';
  return { statusCode, code, message, ...(Object.keys(details).length ? { details } : {}) };
}

/** One of our own errors (no call behind it), translated. */
export function ownError(statusCode: number, code: ErrorCode, lang: Language, details?: Record<string, unknown>, store?: StoreKey): ApiErrorBody {
  const t = messages(lang, store);
  return { statusCode, code, message: isVisibleCode(code) ? t(`form.error.${code}`) : t('error.server'), ...(details ? { details } : {}) };
}

/**
 * Anything thrown inside the browser's API, through the services' one mapping (toErrorBody), in the
 * customer's language: schema errors as translated field errors, our 4xx with their code, the rest as
 * 500 internal_error.
 */
export function thrownApiError(err: unknown, lang: Language): ApiErrorBody {
  const body = toErrorBody(err);
  if (body.code === 'validation_failed') return apiError({ code: body.code, status: body.statusCode, message: body.message, details: body.details }, lang);
  if (body.statusCode >= 500) return ownError(500, 'internal_error', lang);
  // a refusal with a wait (the /api rate limit) says how long, like the service's refusals do
  if (typeof body.details?.retryAfter === 'number') return apiError({ code: body.code, status: body.statusCode, message: body.message, details: { retryAfter: body.details.retryAfter } }, lang);
  return ownError(body.statusCode, body.code, lang);
}
