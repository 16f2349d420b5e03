// The commerce kernel's guard of the operators' calls (/ops, issue 15): `requireOperator(...roles)` as an
// onRequest hook. An operator token (op_..., auth/operator-sessions.ts) and nothing else opens them; a
// customer's token never does, and an operator token opens no customer call (requireAuth looks only at
// the customers' tokens).
import type { FastifyRequest } from 'fastify';
import type { Actor, OperatorRole } from '../../contracts/ops.ts';
import { operatorSession, type OperatorSession } from '../auth/operator-sessions.ts';
import { fail } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** cache of operatorOf (decorated by the kernel, app.ts) */
    operatorSession: OperatorSession | null;
  }
}

/**
 * The caller's operator session: 401 operator_token_required for none, a customer's token, an expired or
 * revoked one, or a disabled operator's; 403 operator_second_step_required (details.step: enrol | code) for
 * a session whose second step (issue 26) is still pending. Roles are read from the operator's row on every call.
 */
export async function operatorOf(req: FastifyRequest): Promise<OperatorSession> {
  const session = await anyOperatorSession(req);
  if (session.secondStep) fail('operator_second_step_required', { details: { step: session.secondStep } });
  return session;
}

/** The caller's session whether or not its second step is passed (only the second step's own calls use it). */
export async function anyOperatorSession(req: FastifyRequest): Promise<OperatorSession> {
  if (req.operatorSession) return req.operatorSession;
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  const { db, clock } = req.server.commerce;
  const session = m ? await operatorSession(db, m[1], clock()) : null;
  if (!session) fail('operator_token_required');
  req.operatorSession = session;
  return session;
}

/** Admin holds every right; no roles asked: any operator. */
export function hasRole(held: readonly OperatorRole[], anyOf: readonly OperatorRole[]): boolean {
  return anyOf.length === 0 || held.includes('admin') || anyOf.some((r) => held.includes(r));
}

/**
 * onRequest hook: the caller must be a signed-in operator holding one of `roles` (none given: any
 * operator). 401 operator_token_required, 403 operator_role_required (before the body is even read).
 */
export function requireOperator(...roles: OperatorRole[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const { operator } = await operatorOf(req);
    if (!hasRole(operator.roles, roles)) fail('operator_role_required', { details: { required: roles } });
  };
}

/** The audit log's "who" of an operator's call. */
export function actorOf(session: OperatorSession): Actor {
  return { type: 'operator', id: session.operator.id, email: session.operator.email };
}
