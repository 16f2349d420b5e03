// The customers' second factor in the account (issue 26): the authenticator app's enrolment (QR code and typed
// code, then 10 recovery codes shown once) and removal (step-up first), the step-up confirmation, and the
// session list. The rules: second-factor-service.ts.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import { CustomerIdParams, OkResponse } from '../../contracts/commerce.ts';
import {
  CodeBody, RecoveryCodes, SecondFactorStatus, SessionList, SessionParams, StepUpBody, StepUpResponse, TotpEnrolment,
} from '../../contracts/second-factor.ts';
import { clientIp, shopOrigin } from '../lib/http.ts';
import { bearer, customerNotFound, errorResponses, requireOwnCustomer } from './common.ts';
import {
  confirmEnrolment, confirmStepUp, endOtherSessions, endSession, listSessions, removeSecondFactor, secondFactorStatus, startEnrolment,
  type SecurityCall,
} from './second-factor-service.ts';

type IdParams = { id: string };

export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.commerce;
  const { clock, config } = ctx;
  const callOf = (req: FastifyRequest): SecurityCall => ({ storeKey: req.storeKey, now: clock(), origin: shopOrigin(req, req.storeKey, config) });
  /** another customer's id, or one that is not an id: 404 like an unknown one */
  const own = async (req: FastifyRequest<{ Params: IdParams }>) => {
    if (req.validationError?.validationContext === 'params') throw customerNotFound();
    return requireOwnCustomer(req, req.params.id);
  };
  const schema = (summary: string, extra: Record<string, unknown>) => ({
    attachValidation: true,
    schema: { tags: ['customers'], summary, security: bearer, params: CustomerIdParams, ...extra },
  });

  app.get<{ Params: IdParams }>('/customers/:id/second-factor', schema(
    'Whether the account signs in with an authenticator app, and how many recovery codes are left.',
    { response: { 200: SecondFactorStatus, ...errorResponses } },
  ), async (req) => secondFactorStatus(ctx, await own(req)));

  app.post<{ Params: IdParams }>('/customers/:id/totp', schema(
    'Starts the authenticator app\'s enrolment: a new secret, its otpauth URI and QR code (inline SVG). Protects nothing until confirmed. Set up already: 409.',
    { response: { 200: TotpEnrolment, ...errorResponses } },
  ), async (req) => startEnrolment(ctx, callOf(req), await own(req)));

  app.post<{ Params: IdParams; Body: CodeBody }>('/customers/:id/totp/confirmation', schema(
    'Confirms the enrolment with a code of the app; answers the 10 recovery codes (shown this once, stored hashed) and mails the owner.',
    { body: CodeBody, response: { 200: RecoveryCodes, ...errorResponses } },
  ), async (req) => {
    const auth = await own(req);
    if (req.validationError) throw req.validationError;
    return confirmEnrolment(ctx, callOf(req), auth, req.body.code);
  });

  app.delete<{ Params: IdParams }>('/customers/:id/totp', schema(
    'Removes the authenticator app with its recovery codes and remembered devices (403 step_up_required without a second-factor step-up in the last 5 minutes); mails the owner.',
    { response: { 200: OkResponse, ...errorResponses } },
  ), async (req) => {
    await removeSecondFactor(ctx, callOf(req), await own(req));
    return { ok: true };
  });

  app.post<{ Params: IdParams; Body: StepUpBody }>('/customers/:id/step-up', schema(
    'Confirms this session for 5 minutes before a change that moves money or takes over the account: a code of the authenticator app (or a recovery code) where the account has one, else the password.',
    { body: StepUpBody, response: { 200: StepUpResponse, ...errorResponses } },
  ), async (req) => {
    const auth = await own(req);
    if (req.validationError) throw req.validationError;
    return confirmStepUp(ctx, { ...callOf(req), clientIp: clientIp(req, config) }, auth, req.body);
  });

  app.get<{ Params: IdParams }>('/customers/:id/sessions', schema(
    'The account\'s active sessions: device (user agent), place at most as an address range, last use; current marks this one.',
    { response: { 200: SessionList, ...errorResponses } },
  ), async (req) => listSessions(ctx, await own(req), clock()));

  app.delete<{ Params: { id: string; sessionId: string } }>('/customers/:id/sessions/:sessionId', {
    attachValidation: true,
    schema: {
      tags: ['customers'], summary: 'Ends one session: its refresh and access tokens stop working at once. Another\'s or an unknown session: 404.',
      security: bearer, params: SessionParams, response: { 200: OkResponse, ...errorResponses },
    },
  }, async (req) => {
    if (req.validationError?.validationContext === 'params') throw customerNotFound();
    await endSession(ctx, await requireOwnCustomer(req, req.params.id), req.params.sessionId, clock());
    return { ok: true };
  });

  app.delete<{ Params: IdParams }>('/customers/:id/sessions', schema(
    'Ends every other session of the account (this one stays).',
    { response: { 200: OkResponse, ...errorResponses } },
  ), async (req) => {
    await endOtherSessions(ctx, await own(req), clock());
    return { ok: true };
  });
};

