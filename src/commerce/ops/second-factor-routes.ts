// The operators' second step and sessions (issue 26, staff): enrolment and sign-in with TOTP or a recovery
// code (the token of POST /ops/login opens only these until the step is passed), an admin's reset of
// another operator's factors, and the operator's own sessions (list, end one, end all others).
import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import {
  Operator, OpsEnrolment, OpsSecondFactorBody, OpsSecondStepResult, OpsSessionsResponse,
} from '../../contracts/ops.ts';
import { actorOf, anyOperatorSession, errorResponses, fail, operatorOf, operatorSecurity, requireOperator } from '../http/index.ts';
import { liveOperatorSessions, revokeOtherOperatorSessions, revokeOwnOperatorSession } from '../auth/operator-sessions.ts';
import { confirmEnrolment, passSecondFactor, resetSecondFactor, startEnrolment } from './second-factor.ts';

const config = { storeKey: false };
const tags = ['ops'];
const security = operatorSecurity;
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const Ended = Type.Object({ ended: Type.Integer() });

export const secondFactorRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.commerce;

  app.post('/ops/login/enrolment', {
    config,
    schema: {
      tags, operationId: 'opsStartEnrolment', security,
      summary: 'The enrolment of the operator\'s TOTP factor (a sign-in whose second step is enrol): the secret and its otpauth URI (the same until confirmed). 409 operator_second_step_done for any other session.',
      response: { 200: OpsEnrolment, ...errorResponses },
    },
  }, async (req) => startEnrolment(db, await anyOperatorSession(req), clock()));

  app.post<{ Body: OpsSecondFactorBody }>('/ops/login/enrolment/confirm', {
    config,
    schema: {
      tags, operationId: 'opsConfirmEnrolment', security,
      summary: 'Confirms the TOTP enrolment with a code: the session opens every call; answers the 10 recovery codes (shown once). 400 invalid_code; 429 too_many_attempts (wrong codes lock sign-in as wrong passwords do).',
      body: OpsSecondFactorBody, response: { 200: OpsSecondStepResult, ...errorResponses },
    },
  }, async (req) => {
    const session = await anyOperatorSession(req);
    return confirmEnrolment(req, session, req.body.code, actorOf(session));
  });

  app.post<{ Body: OpsSecondFactorBody }>('/ops/login/second-factor', {
    config,
    schema: {
      tags, operationId: 'opsPassSecondFactor', security,
      summary: 'The second step of a sign-in: a TOTP code (each once) or a recovery code (each once); the session opens every call. 400 invalid_code; 429 too_many_attempts (the same lock as wrong passwords, it names no factor).',
      body: OpsSecondFactorBody, response: { 200: OpsSecondStepResult, ...errorResponses },
    },
  }, async (req) => {
    const session = await anyOperatorSession(req);
    return passSecondFactor(req, session, req.body.code, actorOf(session));
  });

  app.post<{ Params: { id: string } }>('/ops/operators/:id/second-factor/reset', {
    config, onRequest: requireOperator('admin'),
    schema: {
      tags, operationId: 'opsResetSecondFactor', security,
      summary: 'Resets another operator\'s second factor (admin): its factor and recovery codes are gone, its sessions end, its next sign-in enrols again. 409 operator_self_factor_reset for one\'s own.',
      params: IdParams, response: { 200: Operator, ...errorResponses },
    },
  }, async (req) => resetSecondFactor(db, req.params.id, actorOf(await operatorOf(req)), clock()));

  app.get('/ops/me/sessions', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsListOwnSessions', security,
      summary: 'The signed-in operator\'s live sessions: device, start, last use; current marks this one.',
      response: { 200: OpsSessionsResponse, ...errorResponses },
    },
  }, async (req) => {
    const session = await operatorOf(req);
    const rows = await liveOperatorSessions(db, session.operator.id, clock());
    return {
      results: rows.map((r) => ({
        id: r.id, createdAt: r.created_at.toISOString(), lastUsedAt: r.last_used_at ? r.last_used_at.toISOString() : null,
        expiresAt: r.expires_at.toISOString(), device: r.device, current: r.id === session.sessionId,
      })),
    };
  });

  app.delete<{ Params: { id: string } }>('/ops/me/sessions/:id', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsEndOwnSession', security,
      summary: 'Ends one of the operator\'s own sessions at once (its token stops working). 404 operator_session_not_found for another\'s or an ended one.',
      params: IdParams, response: { 200: Ended, ...errorResponses },
    },
  }, async (req) => {
    const session = await operatorOf(req);
    if (!(await revokeOwnOperatorSession(db, session.operator.id, req.params.id, clock()))) fail('operator_session_not_found');
    return { ended: 1 };
  });

  app.delete('/ops/me/sessions', {
    config, onRequest: requireOperator(),
    schema: {
      tags, operationId: 'opsEndOtherSessions', security,
      summary: 'Ends every session of the operator but this one, at once; answers how many ended.',
      response: { 200: Ended, ...errorResponses },
    },
  }, async (req) => {
    const session = await operatorOf(req);
    return { ended: await revokeOtherOperatorSessions(db, session.operator.id, session.sessionId, clock()) };
  });
};
