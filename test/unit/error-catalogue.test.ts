// The error catalogue (src/lib/errors.ts): every code a customer can read has its message in both
// languages, and every service maps what it throws through the one mapping to { statusCode, code,
// message, details? }.
import t from 'tap';
import { readFileSync } from 'node:fs';
import Type from 'typebox';
import { createService } from '../../src/lib/service.ts';
import {
  AppError, errorCatalogue, fieldErrorCatalogue, isVisibleCode, toErrorBody, validationFields, visibleCodes, type ErrorCode,
} from '../../src/lib/errors.ts';
import { apiError, thrownApiError } from '../../src/storefront/routes/api/errors.ts';

type Messages = { [key: string]: string | Messages };
const locales = {
  en: JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Messages,
  de: JSON.parse(readFileSync(new URL('../../locales/de.json', import.meta.url), 'utf8')) as Messages,
};

function message(lang: keyof typeof locales, key: string): string | undefined {
  let node: string | Messages | undefined = locales[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

t.test('every code a customer can see has its message in English and German', async (t) => {
  const visible = visibleCodes();
  t.ok(visible.length > 30, `${visible.length} visible codes`);
  for (const lang of ['en', 'de'] as const) {
    const missing = visible.filter((code) => !message(lang, `form.error.${code}`));
    t.same(missing, [], `form.error.<code> missing in locales/${lang}.json`);
  }
});

t.test('every field code has its message in English and German', async (t) => {
  for (const lang of ['en', 'de'] as const) {
    const missing = Object.keys(fieldErrorCatalogue).filter((code) => !message(lang, `validation.${code}`));
    t.same(missing, [], `validation.<code> missing in locales/${lang}.json`);
  }
});

t.test('each code has one status, a client or server error, and an English message', async (t) => {
  for (const [code, spec] of Object.entries(errorCatalogue)) {
    if (!(spec.status >= 400 && spec.status <= 599) || spec.message.trim() === '') t.fail(`${code}: ${JSON.stringify(spec)}`);
  }
  t.pass(`${Object.keys(errorCatalogue).length} codes checked`);
  // what programs read only is not translated: the content service, the price service's admin call
  t.notOk(isVisibleCode('story_not_found'));
  t.notOk(isVisibleCode('recalculation_failed'));
  t.ok(isVisibleCode('email_taken'));
  t.notOk(isVisibleCode('no_such_code'));
});

t.test('an error built from a code answers with the catalogue status and message, or its own message', async (t) => {
  t.same(toErrorBody(new AppError('email_taken')), {
    statusCode: 409, code: 'email_taken', message: 'An account with this e-mail address exists already. Please log in.',
  });
  t.same(toErrorBody(new AppError('sms_locked', { details: { retryAfter: 300 } })), {
    statusCode: 429, code: 'sms_locked', message: errorCatalogue.sms_locked.message, details: { retryAfter: 300 },
  });
  t.equal(toErrorBody(new AppError('too_many_skus', { message: 'At most 200 skus.' })).message, 'At most 200 skus.');
  // @ts-expect-error a misspelt code does not typecheck
  const misspelt: ErrorCode = 'emial_taken';
  t.notOk(misspelt in errorCatalogue);
});

t.test('unexpected errors answer 500 internal_error without their message; data errors from input 400', async (t) => {
  const crash = toErrorBody(new TypeError('cannot read x of undefined (secret path /srv/app)'));
  t.same(crash, { statusCode: 500, code: 'internal_error', message: 'An internal error occurred.' });
  t.same(toErrorBody(null).code, 'internal_error');
  t.same(toErrorBody('a string').code, 'internal_error');
  const pg = toErrorBody(Object.assign(new Error('invalid input syntax for type uuid: "x"'), { code: '22P02' }));
  t.same(pg, { statusCode: 400, code: 'bad_request', message: 'The request holds a value the service cannot store.' });
});

t.test('schema errors become one field error per field, with the same codes in every service', async (t) => {
  const fields = validationFields([
    { instancePath: '', keyword: 'required', params: { missingProperty: 'email' } },
    { instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'isAdmin' } },
    { instancePath: '/address/city', keyword: 'maxLength', params: { limit: 100 } },
    { instancePath: '/token', keyword: 'minLength', params: { limit: 1 } },
    { instancePath: '/code', keyword: 'minLength', params: { limit: 6 } },
    { instancePath: '/createdAt', keyword: 'format', params: { format: 'date-time' } },
    // a union reports each of its branches for the same field: one error counts
    { instancePath: '/salutation', keyword: 'const', params: { allowedValue: 'mr' } },
    { instancePath: '/salutation', keyword: 'const', params: { allowedValue: 'ms' } },
    { instancePath: '/salutation', keyword: 'anyOf', params: {} },
  ]);
  t.same(fields, [
    { field: 'email', code: 'required', message: 'This field is required.' },
    { field: 'isAdmin', code: 'unknown_field', message: 'Unknown field.' },
    { field: 'address.city', code: 'too_long', message: 'field must have at most 100 characters' },
    { field: 'token', code: 'required', message: 'This field is required.' },
    { field: 'code', code: 'min_length', message: 'field must have at least 6 characters' },
    { field: 'createdAt', code: 'invalid_format', message: 'Invalid value.' },
    { field: 'salutation', code: 'invalid_value', message: 'Invalid value.' },
  ]);
  t.same(validationFields('not a list'), []);
});

t.test('a service answers thrown errors, schema errors, bad JSON and unknown routes in the house format', async (t) => {
  const app = createService({ name: 'test', logger: false });
  t.teardown(() => app.close());
  app.get('/limited', async () => {
    throw new AppError('too_many_requests', { details: { retryAfter: 12.2 } });
  });
  app.get('/crash', async () => {
    throw new Error('database password is hunter2');
  });
  app.post('/things', { schema: { body: Type.Object({ name: Type.String({ maxLength: 3 }) }, { additionalProperties: false }) } }, async () => ({ ok: true }));

  const limited = await app.inject('/limited');
  t.equal(limited.statusCode, 429);
  t.equal(limited.headers['retry-after'], '13', 'Retry-After in whole seconds');
  t.same(limited.json(), { statusCode: 429, code: 'too_many_requests', message: 'Too many requests. Please try again later.', details: { retryAfter: 12.2 } });

  const crash = await app.inject('/crash');
  t.same(crash.json(), { statusCode: 500, code: 'internal_error', message: 'An internal error occurred.' });

  const invalid = await app.inject({ method: 'POST', url: '/things', payload: { name: 'longer' } });
  t.equal(invalid.statusCode, 400);
  t.match(invalid.json(), { code: 'validation_failed', details: { fields: [{ field: 'name', code: 'too_long' }] } });

  const badJson = await app.inject({ method: 'POST', url: '/things', payload: '{"name":', headers: { 'content-type': 'application/json' } });
  t.match(badJson.json(), { statusCode: 400, code: 'invalid_json' });

  const missing = await app.inject('/nothing?email=a@b.ch');
  t.same(missing.json(), { statusCode: 404, code: 'not_found', message: 'Route GET /nothing not found' }, 'the query string is not echoed');

  const badUrl = await app.inject('/%zz');
  t.match(badUrl.json(), { statusCode: 400, code: 'bad_url', message: 'The URL is not valid.' });
});

t.test("the browser's API reads visible codes in the customer's language and everything else as the generic message", async (t) => {
  t.same(apiError({ code: 'email_taken', status: 409, message: 'An account ...' }, 'de'), {
    statusCode: 409, code: 'email_taken', message: message('de', 'form.error.email_taken'),
  });
  t.equal(apiError({ code: 'story_not_found', status: 404, message: 'This record could not be found' }, 'en').message, message('en', 'error.server'));
  const fields = apiError({
    code: 'validation_failed', status: 400, message: '2 fields are invalid.',
    details: { fields: [{ field: 'zipCode', code: 'invalid_zip', message: 'Invalid zip code.' }, { field: 'city', code: 'mystery', message: '?' }] },
  }, 'de');
  t.equal(fields.message, message('de', 'form.correctMany')?.replace('{{count}}', '2'));
  t.same(fields.details?.fields, [
    { field: 'zipCode', code: 'invalid_zip', message: message('de', 'validation.invalid_zip') },
    { field: 'city', code: 'mystery', message: message('de', 'validation.invalid_value') },
  ]);
  const thrown = thrownApiError(Object.assign(new Error('Body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), 'en');
  t.same(thrown, { statusCode: 413, code: 'body_too_large', message: message('en', 'form.error.body_too_large') });
  t.same(thrownApiError(new Error('boom'), 'de'), { statusCode: 500, code: 'internal_error', message: message('de', 'form.error.internal_error') });
});
