// Operators' sign-in (the guard of every /ops call is the kernel's requireOperator, http/operator-auth.ts).
//
// Decisions:
// - Lockout: 5 wrong passwords in a row lock an operator's sign-in for 15 minutes (429 too_many_attempts
//   with retryAfter; the right password does not pass meanwhile). An e-mail no operator has counts the same
//   way (login_throttle), so neither the answer nor the lock tells whether an address is an operator's.
//   The lock is never permanent: someone who knows an operator's e-mail can hold it locked only by failing
//   over and over, and each client address has 20 failed sign-ins per 15 minutes (takeLoginAttempt;
//   RATE_LIMITS=off switches only that budget off, never the lockout).
// - Staff are never locked out by others (issue 23): the operators' budgets are their own, never the
//   customers' (LOGIN_BUDGETS.operator; the per-operator lock counts in the operator's row, unknown e-mails in
//   login_throttle under an ops_login subject). The address is the staff member's, which the back office
//   forwards with the service credential (lib/service-secret.ts); someone failing from one address, with
//   whatever e-mails, spends that address's budget and locks no other operator. Someone who knows an
//   operator's e-mail can still lock that one account (the only guard against guessing its password from
//   many addresses); the others sign in as usual.
// - A disabled operator, an unknown e-mail and a wrong password all answer 401 invalid_credentials after
//   one scrypt each (src/commerce/auth/passwords.ts dummyHash), so the answer time says nothing either.
// - A session is one op_ token, valid 8 hours (a shift), stored as sha256. Roles and "disabled" are read
//   from the operator's row on every call: a role taken away counts at once.
import type { FastifyRequest } from 'fastify';
import { dummyHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { fail } from '../http/errors.ts';
import { fieldError } from '../../lib/errors.ts';
import type { Actor, ChangeOwnPasswordBody } from '../../contracts/ops.ts';
import type { Db } from '../db/index.ts';
import { writeAudit } from '../lifecycle/index.ts';
import { LOGIN_LOCKS, loginLockRemaining, recordLoginFailure, subjectKey, takeLoginAttempt } from '../lib/rate.ts';
import { createOperatorSession, purgeOperatorSessions, revokeOtherOperatorSessions, type OperatorSession } from '../auth/operator-sessions.ts';
import { clearPasswordFailures, lockOperators, operatorById, operatorByEmail, recordOperatorFailure, updateOperator, type OperatorRow } from './repository.ts';
import { provesServiceCredential, SERVICE_TOKEN_HEADER } from '../../lib/service-secret.ts';

/** Wrong passwords in a row before sign-in locks (the operators' policy lives in lib/rate.ts with the customers'). */
export const OPS_LOCK_AFTER = LOGIN_LOCKS.operator.freeFailures;
/** How long it stays locked. */
export const OPS_LOCK_S = LOGIN_LOCKS.operator.lockS();

const tooManyAttempts = (until: Date, now: Date): never =>
  fail('too_many_attempts', { details: { retryAfter: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) } });

/** Signs an operator in: the session token (its second step pending, issue 26) and the operator, or 401 invalid_credentials / 429 too_many_attempts. */
export async function signIn(req: FastifyRequest, email: string, password: string): Promise<{ token: string; operator: OperatorRow; secondStep: 'enrol' | 'code' }> {
  const { db, clock } = req.server.commerce;
  const now = clock();
  const operator = await operatorByEmail(db, email);
  const unknownSubject = subjectKey('ops_login', email.trim().toLowerCase());
  if (operator?.locked_until && operator.locked_until > now) tooManyAttempts(operator.locked_until, now);
  if (!operator) {
    const wait = await loginLockRemaining(db, unknownSubject, now);
    if (wait > 0) fail('too_many_attempts', { details: { retryAfter: wait } });
  }
  const attempt = await takeLoginAttempt(req, 'operator');
  const ok = await verifyPassword(password, operator?.password_hash ?? (await dummyHash()));
  if (!operator || !ok || operator.disabled) {
    // a disabled operator's right password is not a failure (and must not lock anything)
    if (!(operator?.disabled && ok)) {
      const { lockedUntil } = operator
        ? await recordOperatorFailure(db, operator.id, now, OPS_LOCK_AFTER, OPS_LOCK_S)
        : await recordLoginFailure(db, unknownSubject, now, 'operator');
      if (lockedUntil) tooManyAttempts(lockedUntil, now);
    }
    fail('invalid_credentials');
  }
  await attempt.succeeded();
  // issue 26: the session opens only its second step; the sign-in counts (last login, both failure counts
  // cleared) once that is passed (second-factor.ts)
  const secondStep = operator.totp_enrolled_at ? 'code' as const : 'enrol' as const;
  const session = await db.transaction(async (tx) => {
    await clearPasswordFailures(tx, operator.id);
    return createOperatorSession(tx, operator.id, now, secondStep, deviceOf(req));
  });
  await purgeOperatorSessions(db, now);
  return { token: session.token, operator: { ...operator, failed_logins: 0 }, secondStep };
}

/**
 * The browser a session was started from, as the sessions list names it ("Firefox on Windows"). The back
 * office forwards its staff member's User-Agent in x-client-device with the service credential (as it does
 * the address); otherwise the caller's own User-Agent. Decision: only browser family and system are kept,
 * never the full string (it identifies a device more than the list needs).
 */
export function deviceOf(req: FastifyRequest): string | null {
  const forwarded = provesServiceCredential(req.headers[SERVICE_TOKEN_HEADER], req.server.commerce.config) ? req.headers['x-client-device'] : undefined;
  const ua = typeof forwarded === 'string' ? forwarded : req.headers['user-agent'];
  return typeof ua === 'string' ? deviceLabel(ua) : null;
}

export function deviceLabel(ua: string): string | null {
  const s = ua.slice(0, 512);
  const browser = /Edg\//.test(s) ? 'Edge' : /Firefox\//.test(s) ? 'Firefox' : /Chrom(e|ium)\//.test(s) ? 'Chrome' : /Safari\//.test(s) ? 'Safari' : /^curl\//.test(s) ? 'curl' : null;
  const system = /Windows/.test(s) ? 'Windows' : /iPhone|iPad/.test(s) ? 'iOS' : /Android/.test(s) ? 'Android' : /Mac OS X|Macintosh/.test(s) ? 'macOS' : /Linux/.test(s) ? 'Linux' : null;
  if (!browser && !system) return null;
  return [browser ?? '?', system].filter(Boolean).join(' on ');
}

/**
 * An operator changes its own password (issue 26: before, only an admin could), in two steps around the second
 * factor's code (second-factor.ts changeOwnPassword). First the current password, under the sign-in lock: a
 * wrong one counts as a failed sign-in (5 in a row lock the operator for 15 minutes, 429), so a session left
 * open on a shared screen cannot be used to guess the password. Decision: the new password must differ from
 * the current one (400 validation_failed, newPassword password_unchanged), checked here before any code is spent.
 */
export async function checkOwnPassword(db: Db, session: OperatorSession, body: Pick<ChangeOwnPasswordBody, 'currentPassword' | 'newPassword'>, now: Date): Promise<OperatorRow> {
  const operator = await operatorById(db, session.operator.id);
  if (!operator || operator.disabled) fail('operator_token_required');
  if (operator.locked_until && operator.locked_until > now) tooManyAttempts(operator.locked_until, now);
  if (!(await verifyPassword(body.currentPassword, operator.password_hash))) {
    const { lockedUntil } = await recordOperatorFailure(db, operator.id, now, OPS_LOCK_AFTER, OPS_LOCK_S);
    if (lockedUntil) tooManyAttempts(lockedUntil, now);
    fail('invalid_current_password', { details: { fields: [fieldError('currentPassword', 'invalid_current_password')] } });
  }
  if (body.newPassword === body.currentPassword) fail('validation_failed', { details: { fields: [fieldError('newPassword', 'password_unchanged')] } });
  return operator;
}

/**
 * Then the new password: the operator's other sessions end (whoever knew the old password is out); this one
 * stays. One transaction with the audit entry, which says that the password changed, with which second factor
 * it was confirmed and how many sessions ended, never the password.
 */
export async function setOwnPassword(
  db: Db, session: OperatorSession, operator: OperatorRow, newPassword: string, confirmedWith: 'totp' | 'recovery_code', actor: Actor, now: Date,
): Promise<OperatorRow> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    await lockOperators(tx, [operator.id]);
    // the new password also clears the failure count (repository.ts)
    const after = await updateOperator(tx, operator.id, { passwordHash }, now);
    const ended = await revokeOtherOperatorSessions(tx, operator.id, session.sessionId, now);
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_updated', before: null, after: null,
      details: { operatorId: operator.id, passwordChanged: true, by: 'self', confirmedWith, otherSessionsEnded: ended },
    }, now);
    return after;
  });
}
