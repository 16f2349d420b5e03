// Issue 26: the customers' passkey calls. Each parses, calls one function of service.ts and answers.
// The ceremony endpoints are rate-limited per client address; a failed passkey sign-in spends one of the
// address's failed sign-ins like a wrong password does.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type {} from '@fastify/swagger';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { LoginResponse } from '../../contracts/commerce.ts';
import {
  AddPasskeyBody, CeremonyOptions, Passkey, PasskeyIdParams, PasskeyList, PasskeyLoginBody, PasskeyOptionsBody,
} from '../../contracts/passkeys.ts';
import { bearer, requireUser } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { limitByClient, notFoundOnBadParams } from '../http/request.ts';
import { clientIp, shopOrigin } from '../lib/http.ts';
import { takeLoginAttempt, type RateRule } from '../lib/rate.ts';
import { shopName } from '../outbox/index.ts';
import {
  addPasskey, authenticationOptions, listPasskeys, registrationOptions, removePasskey, removePasskeysAtReset, signInWithPasskey, type PasskeyCall,
} from './service.ts';

/** Decision: 30 ceremonies per 10 minutes and address, as many as a family behind one router needs. */
const CEREMONY_RATE: RateRule = { limit: 30, windowS: 600 };

export const passkeyRoutes: FastifyPluginAsync = async (app) => {
  const { clock, config } = app.commerce;
  notFoundOnBadParams(app, 'passkey_not_found');
  app.commerce.passwordResetHooks.push(removePasskeysAtReset);
  const call = (req: FastifyRequest): PasskeyCall => ({
    storeKey: req.storeKey, now: clock(), origin: shopOrigin(req, req.storeKey, config), shop: shopName(config.MAIL_FROM),
  });

  app.get('/customers/passkeys', {
    schema: { tags: ['passkeys'], summary: 'The signed-in customer\'s passkeys (name, created, last use).', security: bearer, response: { 200: PasskeyList, ...errorResponses } },
  }, async (req) => ({ passkeys: await listPasskeys(app.commerce, await requireUser(req)) }));

  app.post<{ Body: PasskeyOptionsBody }>('/customers/passkeys/registration-options', {
    schema: {
      tags: ['passkeys'],
      summary: 'Starts adding a passkey: the options for navigator.credentials.create and the ceremony id (3 minutes, once). '
        + 'A session that began more than 5 minutes ago gives the password again (403 passkey_password_required otherwise).',
      security: bearer, body: PasskeyOptionsBody, response: { 200: CeremonyOptions, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireUser(req);
    await limitByClient(req, 'passkey_ceremony', CEREMONY_RATE);
    return registrationOptions(app.commerce, call(req), auth, req.body ?? {});
  });

  app.post<{ Body: AddPasskeyBody }>('/customers/passkeys', {
    schema: {
      tags: ['passkeys'],
      summary: 'Adds the passkey the authenticator made for the ceremony of this session; the customer gets a mail.',
      security: bearer, body: AddPasskeyBody, response: { 201: Passkey, ...errorResponses },
    },
  }, async (req, reply) => {
    const auth = await requireUser(req);
    await limitByClient(req, 'passkey_ceremony', CEREMONY_RATE);
    const body = req.body;
    const out = await addPasskey(app.commerce, call(req), auth, {
      ceremonyId: body.ceremonyId, name: body.name.trim() || 'Passkey', response: body.response as unknown as RegistrationResponseJSON,
    });
    return reply.code(201).send(out);
  });

  app.delete<{ Params: { id: string } }>('/customers/passkeys/:id', {
    attachValidation: true,
    schema: {
      tags: ['passkeys'],
      summary: 'Removes one of the customer\'s passkeys (another\'s: 404 passkey_not_found); the customer gets a mail.',
      security: bearer, params: PasskeyIdParams, response: { 200: Type.Object({ ok: Type.Literal(true) }), ...errorResponses },
    },
  }, async (req) => {
    await removePasskey(app.commerce, call(req), await requireUser(req), req.params.id);
    return { ok: true as const };
  });

  app.post('/customers/passkeys/authentication-options', {
    schema: {
      tags: ['passkeys'],
      summary: 'Starts a sign-in with a passkey (usernameless): the options for navigator.credentials.get and the ceremony id (3 minutes, once).',
      security: [], response: { 200: CeremonyOptions, ...errorResponses },
    },
  }, async (req) => {
    await limitByClient(req, 'passkey_ceremony', CEREMONY_RATE);
    return authenticationOptions(app.commerce, call(req));
  });

  app.post<{ Body: PasskeyLoginBody }>('/customers/passkeys/login', {
    schema: {
      tags: ['passkeys'],
      summary: 'Signs in with a passkey: the answer of /customers/login (tokens, customer, the guest\'s merge with x-anonymous-token). '
        + 'A passkey is possession and user verification: no second step.',
      security: [], body: PasskeyLoginBody, response: { 200: LoginResponse, ...errorResponses },
    },
  }, async (req) => {
    await limitByClient(req, 'passkey_ceremony', CEREMONY_RATE);
    const raw = req.headers['x-anonymous-token'];
    // the device cookie and the browser as the password sign-in reads them (customers' session-routes.ts)
    const device = req.headers['x-device-token'];
    const ua = req.headers['x-client-user-agent'] ?? req.headers['user-agent'];
    return signInWithPasskey(app.commerce, {
      ...call(req), takeAttempt: () => takeLoginAttempt(req), anonymousToken: typeof raw === 'string' ? raw : undefined,
      clientIp: clientIp(req, config), deviceToken: typeof device === 'string' ? device : undefined, userAgent: typeof ua === 'string' ? ua : undefined,
    }, { ceremonyId: req.body.ceremonyId, response: req.body.response as unknown as AuthenticationResponseJSON, anonymousId: req.body.anonymousId });
  });
};
