// The browser's API (/api): sign-in, sign-out, registration, e-mail verification, password reset, the
// customer's data, addresses and phone verification. It proxies the commerce service through the
// session-aware client (tokens stay in httpOnly cookies; refresh on 401, once). Every unsafe method needs
// the CSRF token pair and a same-origin request (403 csrf_failed). Errors: { statusCode, code, message,
// details? } with the message in the customer's language.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AddressInput, ProfileBody as ProfileWire, RegisterBody as RegisterWire } from '../../../contracts/commerce.ts';
import type { CallError } from '../../../contracts/result.ts';
import type { SessionLayer } from '../../session/index.ts';
import { shopOriginHeader } from '../../session/index.ts';
import { checkCsrf, UNSAFE_METHODS } from '../../session/csrf.ts';
import { apiError, apiLanguage, correctFieldsMessage, languageTag, ownError, type ApiErrorBody } from './errors.ts';
import {
  AddressBody, AddressParams, ChangePasswordBody, DefaultAddressBody, DeleteAccountBody, EmailBody, EmailQuery, LoginBody, PhoneCodeBody,
  ProfileBody, RegisterBody, ResetBody, TokenBody,
} from './schemas.ts';
import { translator } from '../../../../views/lib/i18n.ts';

export interface ApiOptions {
  sessions: SessionLayer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function send(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  const retryAfter = body.details?.retryAfter;
  if (body.statusCode === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(Math.ceil(retryAfter)));
  return reply.status(body.statusCode).send(body);
}

/** Answers a failed call. The session layer has already ended a session whose refresh was refused. */
function fail(req: FastifyRequest, reply: FastifyReply, err: CallError, fieldPrefix?: string): FastifyReply {
  return send(reply, apiError(err, apiLanguage(req), { fieldPrefix }));
}

/** "Passwords don't match." as a field error (spec 5), before anything goes to the service. */
function mismatch(req: FastifyRequest, reply: FastifyReply, field: string): FastifyReply {
  const t = translator(apiLanguage(req));
  return send(reply, {
    statusCode: 400,
    code: 'validation_failed',
    message: correctFieldsMessage(t, 1),
    details: { fields: [{ field, code: 'password_mismatch', message: t('validation.password_mismatch') }] },
  });
}

/** Fastify's schema errors (ajv) as one field error each, like the service's. */
function schemaFields(err: FastifyError): { field: string; code: string; message: string }[] {
  const list = Array.isArray(err.validation) ? err.validation : [];
  return list.map((e) => {
    const path = String(e.instancePath ?? '').split('/').filter(Boolean).join('.');
    const params = (e.params ?? {}) as Record<string, unknown>;
    const field = e.keyword === 'additionalProperties' ? [path, String(params.additionalProperty)].filter(Boolean).join('.')
      : e.keyword === 'required' ? [path, String(params.missingProperty)].filter(Boolean).join('.') : path || (err.validationContext ?? 'body');
    const code = e.keyword === 'maxLength' ? 'too_long' : e.keyword === 'required' ? 'required' : e.keyword === 'additionalProperties' ? 'unknown_field' : 'invalid_value';
    return { field, code, message: e.keyword === 'maxLength' ? `field must have at most ${String(params.limit)} characters` : code };
  });
}

function emptyToNull<T extends Record<string, unknown>>(body: T, keys: string[]): T {
  const out: Record<string, unknown> = { ...body };
  for (const k of keys) if (out[k] === '') out[k] = null;
  return out as T;
}

export function registerApi(app: FastifyInstance, opts: ApiOptions): void {
  const { sessions } = opts;

  void app.register(async (api) => {
    // CSRF before anything else (body parsing included): an unsafe method from a foreign page stops here.
    api.addHook('onRequest', async (req, reply) => {
      if (!UNSAFE_METHODS.has(req.method)) return;
      const verdict = checkCsrf(req);
      if (verdict !== 'ok') {
        req.log.info({ verdict }, 'csrf refused');
        return send(reply, ownError(403, 'csrf_failed', apiLanguage(req)));
      }
    });
    // API answers are the customer's own data: never cached, never indexed.
    api.addHook('onSend', async (_req, reply, payload) => {
      void reply.header('cache-control', 'private, no-store');
      void reply.header('x-robots-tag', 'noindex');
      return payload;
    });

    api.setErrorHandler((err: FastifyError, req, reply) => {
      const lang = apiLanguage(req);
      if (err.validation) {
        const fields = schemaFields(err);
        if (err.validationContext === 'params') return send(reply, ownError(404, 'not_found', lang));
        return send(reply, apiError({ code: 'validation_failed', status: 400, message: 'Invalid request.', details: { fields } }, lang));
      }
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 400 && status < 500) {
        const code = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'invalid_json'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'body_too_large'
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : 'bad_request';
        return send(reply, ownError(status, code, lang));
      }
      req.log.error({ err }, 'api request failed');
      return send(reply, ownError(500, 'internal_error', lang));
    });

    // ------------------------------------------------------------------ session

    /** The session level (and a CSRF cookie for a page that has none yet). */
    api.get('/api/session', async (req) => ({ session: req.shopSession?.info() ?? { level: 'guest' } }));

    api.post<{ Body: Static<typeof LoginBody> }>('/api/login', { schema: { body: LoginBody } }, async (req, reply) => {
      const r = await sessions.accountFor(req, reply).login({ email: req.body.email ?? '', password: req.body.password ?? '' });
      if (r.error) return fail(req, reply, r.error);
      return { session: r.data.session, customer: r.data.customer, merged: r.data.merged };
    });

    // Sign-out ends the session at the commerce service too (its tokens stop working), then forgets
    // the cookies. A failure there still signs the browser out: the customer asked to leave.
    api.post('/api/logout', async (req, reply) => {
      if (req.cookies.ctToken || req.cookies.ctRefreshToken) {
        const r = await sessions.clientFor(req, reply).call({ method: 'POST', path: '/customers/logout', anonymousOn401: false });
        if (r.error) req.log.warn({ code: r.error.code, status: r.error.status }, 'server-side sign-out failed');
      }
      sessions.sessionFor(req, reply).end('logout');
      return { session: { level: 'guest' as const } };
    });

    // ------------------------------------------------------------------ registration and passwords

    api.post<{ Body: Static<typeof RegisterBody> }>('/api/register', { schema: { body: RegisterBody } }, async (req, reply) => {
      const { passwordRepeat, ...rest } = req.body;
      if (passwordRepeat !== undefined && passwordRepeat !== rest.password) return mismatch(req, reply, 'passwordRepeat');
      const body = emptyToNull({ ...rest, language: rest.language ?? apiLanguage(req) }, ['salutation', 'title', 'phone', 'companyName', 'vatId']);
      const r = await sessions.accountFor(req, reply).register(body as RegisterWire, shopOriginHeader(req));
      if (r.error) return fail(req, reply, r.error);
      void reply.status(201);
      return { verificationRequired: true, email: r.data.customer.email };
    });

    api.post<{ Body: Static<typeof EmailBody> }>('/api/activation-mail', { schema: { body: EmailBody } }, async (req, reply) => {
      const r = await sessions.accountFor(req, reply).resendActivation(req.body.email ?? '', shopOriginHeader(req));
      if (r.error) return fail(req, reply, r.error);
      void reply.status(202);
      return { accepted: true };
    });

    api.post<{ Body: Static<typeof TokenBody> }>('/api/activate', { schema: { body: TokenBody } }, async (req, reply) => {
      const token = req.body.token ?? '';
      if (token === '') return send(reply, ownError(400, 'invalid_email_token', apiLanguage(req)));
      const r = await sessions.accountFor(req, reply).verifyEmail(token);
      if (r.error) return fail(req, reply, r.error);
      return r.data;
    });

    api.post<{ Body: Static<typeof EmailBody> }>('/api/password/forgot', { schema: { body: EmailBody } }, async (req, reply) => {
      const lang = apiLanguage(req);
      const r = await sessions.accountFor(req, reply).requestPasswordReset(req.body.email ?? '', languageTag(req, lang), shopOriginHeader(req));
      if (r.error) return fail(req, reply, r.error);
      void reply.status(202);
      return { accepted: true };
    });

    api.post<{ Body: Static<typeof ResetBody> }>('/api/password/reset', { schema: { body: ResetBody } }, async (req, reply) => {
      const { token, newPassword, newPasswordRepeat } = req.body;
      if (newPasswordRepeat !== undefined && newPasswordRepeat !== newPassword) return mismatch(req, reply, 'newPasswordRepeat');
      if (!token) return send(reply, ownError(400, 'invalid_reset_token', apiLanguage(req)));
      const r = await sessions.accountFor(req, reply).resetPassword(token, newPassword ?? '');
      if (r.error) return fail(req, reply, r.error);
      return { ok: true };
    });

    api.get<{ Querystring: Static<typeof EmailQuery> }>('/api/check-email', { schema: { querystring: EmailQuery } }, async (req, reply) => {
      const r = await sessions.accountFor(req, reply).emailExists(req.query.email);
      if (r.error) return fail(req, reply, r.error);
      return { exists: r.data.exists };
    });

    // ------------------------------------------------------------------ the signed-in customer

    api.get('/api/me', async (req, reply) => {
      const r = await sessions.accountFor(req, reply).me();
      if (r.error) return fail(req, reply, r.error);
      return r.data;
    });

    api.put<{ Body: Static<typeof ProfileBody> }>('/api/me', { schema: { body: ProfileBody } }, async (req, reply) => {
      const body = emptyToNull(req.body, ['salutation', 'title', 'phone', 'companyName', 'vatId']);
      const r = await sessions.accountFor(req, reply).updateProfile(body as ProfileWire);
      if (r.error) return fail(req, reply, r.error);
      return { customer: r.data };
    });

    api.put<{ Body: Static<typeof ChangePasswordBody> }>('/api/me/password', { schema: { body: ChangePasswordBody } }, async (req, reply) => {
      const { currentPassword, newPassword, newPasswordRepeat } = req.body;
      if (newPasswordRepeat !== undefined && newPasswordRepeat !== newPassword) return mismatch(req, reply, 'newPasswordRepeat');
      const r = await sessions.accountFor(req, reply).changePassword({ currentPassword: currentPassword ?? '', newPassword: newPassword ?? '' });
      if (r.error) return fail(req, reply, r.error);
      return { ok: true };
    });

    api.delete<{ Body: Static<typeof DeleteAccountBody> }>('/api/me', { schema: { body: DeleteAccountBody } }, async (req, reply) => {
      const account = sessions.accountFor(req, reply);
      const r = await account.deleteAccount(req.body?.password ?? '');
      if (r.error) return fail(req, reply, r.error);
      // spec 6: all personal data is gone; so is the session
      account.session.session.end('logout');
      return { ok: true, session: { level: 'guest' as const } };
    });

    // ------------------------------------------------------------------ addresses

    const addressOf = (body: Static<typeof AddressBody>): AddressInput => {
      const a = emptyToNull(body, ['title', 'company', 'apartment', 'state', 'phone']);
      return { ...a, country: (a.country ?? '').toUpperCase() } as AddressInput;
    };

    api.post<{ Body: Static<typeof AddressBody> }>('/api/me/addresses', { schema: { body: AddressBody } }, async (req, reply) => {
      const r = await sessions.accountFor(req, reply).addAddress(addressOf(req.body));
      if (r.error) return fail(req, reply, r.error, 'address.');
      void reply.status(201);
      return { customer: r.data };
    });

    api.put<{ Params: Static<typeof AddressParams>; Body: Static<typeof AddressBody> }>('/api/me/addresses/:addressId', {
      schema: { params: AddressParams, body: AddressBody },
    }, async (req, reply) => {
      if (!UUID.test(req.params.addressId)) return send(reply, ownError(404, 'address_not_found', apiLanguage(req)));
      const r = await sessions.accountFor(req, reply).updateAddress(req.params.addressId, addressOf(req.body));
      if (r.error) return fail(req, reply, r.error, 'address.');
      return { customer: r.data };
    });

    api.delete<{ Params: Static<typeof AddressParams> }>('/api/me/addresses/:addressId', { schema: { params: AddressParams } }, async (req, reply) => {
      if (!UUID.test(req.params.addressId)) return send(reply, ownError(404, 'address_not_found', apiLanguage(req)));
      const r = await sessions.accountFor(req, reply).deleteAddress(req.params.addressId);
      if (r.error) return fail(req, reply, r.error, 'address.');
      return { customer: r.data };
    });

    /** Makes an address the default shipping and/or billing address (the service replaces whole addresses). */
    api.put<{ Params: Static<typeof AddressParams>; Body: Static<typeof DefaultAddressBody> }>('/api/me/addresses/:addressId/default', {
      schema: { params: AddressParams, body: DefaultAddressBody },
    }, async (req, reply) => {
      const lang = apiLanguage(req);
      if (!UUID.test(req.params.addressId)) return send(reply, ownError(404, 'address_not_found', lang));
      if (req.body.shipping !== true && req.body.billing !== true) {
        return send(reply, apiError({ code: 'validation_failed', status: 400, message: '', details: { fields: [{ field: 'shipping', code: 'required', message: '' }] } }, lang));
      }
      const account = sessions.accountFor(req, reply);
      const me = await account.me();
      if (me.error) return fail(req, reply, me.error);
      if (!me.data.customer) return send(reply, ownError(401, 'not_signed_in', lang));
      const found = me.data.customer.addresses.find((a) => a.id === req.params.addressId.toLowerCase());
      if (!found) return send(reply, ownError(404, 'address_not_found', lang));
      const { id: _id, defaultShipping: _s, defaultBilling: _b, ...fields } = found;
      const input: AddressInput = {
        ...fields,
        ...(req.body.shipping ? { defaultShipping: true } : {}),
        ...(req.body.billing ? { defaultBilling: true } : {}),
      };
      const r = await account.updateAddress(found.id, input);
      if (r.error) return fail(req, reply, r.error, 'address.');
      return { customer: r.data };
    });

    // ------------------------------------------------------------------ phone verification (SMS code)

    api.post('/api/me/phone/verification', async (req, reply) => {
      const r = await sessions.accountFor(req, reply).sendPhoneCode();
      if (r.error) return fail(req, reply, r.error);
      void reply.status(202);
      return r.data;
    });

    api.post<{ Body: Static<typeof PhoneCodeBody> }>('/api/me/phone/verification/verify', { schema: { body: PhoneCodeBody } }, async (req, reply) => {
      const r = await sessions.accountFor(req, reply).verifyPhoneCode(req.body.code ?? '');
      if (r.error) return fail(req, reply, r.error);
      return { customer: r.data };
    });

    // Anything else under /api is an API 404, not a page.
    api.all('/api/*', async (req, reply) => send(reply, ownError(404, 'not_found', apiLanguage(req))));
    api.all('/api', async (req, reply) => send(reply, ownError(404, 'not_found', apiLanguage(req))));
  });
}
