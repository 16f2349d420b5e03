// Operators' second factor (issue 26, staff; migration 0048): every sign-in passes a second step before the
// session opens anything. An operator without a factor enrols TOTP first (secret and QR code, confirmed with
// a code, 10 recovery codes shown once); afterwards each sign-in asks for a code or one recovery code.
// The primitives (otplib, replay-safe time steps, hashed recovery codes) are auth/second-factor.ts.
//
// Decisions:
// - One lock for both factors: 5 wrong codes in a row lock the operator's sign-in for 15 minutes, as 5 wrong
//   passwords do (lib/rate.ts LOGIN_LOCKS.operator, the same locked_until), and each spends the address's
//   operator budget (takeLoginAttempt). Wrong codes count apart (failed_codes): a right password does not
//   wipe them, only a passed second step does. The lock answers 429 too_many_attempts as for a wrong
//   password, so it never tells which factor was wrong; locking also ends the pending sessions, so the
//   password must be typed again afterwards.
// - A wrong code answers 400 invalid_code (the same for a TOTP and a recovery code).
// - Enrolment keeps one pending secret until it is confirmed (a reloaded page shows the same QR code).
// - The issuer in the authenticator app is "Edelmetall Back Office" with the operator's e-mail as the account.
// - An admin resets another operator's factors (audited; its sessions end, the next sign-in enrols again),
//   never its own (409 operator_self_factor_reset): a stolen admin session cannot swap the admin's factor.
// - An operator's own password change needs the current password and the second factor's code (issue 26):
//   password first (a wrong one counts as a failed sign-in), then the code (a TOTP code, each time step once,
//   or one recovery code; a wrong one counts toward the same lock as at sign-in, 400 invalid_code as at
//   sign-in, which the back office marks on the form's code field). A session left open on a shared screen cannot change the password with the password
//   alone, shoulder-surfed or guessed.
import type { FastifyRequest } from 'fastify';
import type { Actor, ChangeOwnPasswordBody, Operator, OpsEnrolment, OpsSecondStepResult } from '../../contracts/ops.ts';
import { checkTotp, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from '../auth/second-factor.ts';
import { completeSecondStep, OPERATOR_SESSION_TTL_S, revokeOperatorSessions, type OperatorSession } from '../auth/operator-sessions.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/errors.ts';
import { writeAudit } from '../lifecycle/index.ts';
import { takeLoginAttempt } from '../lib/rate.ts';
import { checkOwnPassword, OPS_LOCK_AFTER, OPS_LOCK_S, setOwnPassword } from './auth.ts';
import { lockTargetForAdmin } from './operators.ts';
import {
  clearSecondFactor, confirmTotp, lockOperators, operatorById, operatorView, recordOperatorCodeFailure, recordOperatorLogin, revokePendingSessions,
  setPendingTotpSecret, spendRecoveryCode, spendTotpStep, type OperatorRow,
} from './repository.ts';

export const TOTP_ISSUER = 'Edelmetall Back Office';

const retryAfter = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** The session's operator, its second step the one asked (else 409 operator_second_step_done), not locked (else 429). */
async function pendingOperator(db: Db, session: OperatorSession, step: 'enrol' | 'code', now: Date): Promise<OperatorRow> {
  if (session.secondStep !== step) fail('operator_second_step_done');
  const operator = await operatorById(db, session.operator.id);
  if (!operator || operator.disabled) fail('operator_token_required');
  if (operator.locked_until && operator.locked_until > now) fail('too_many_attempts', { details: { retryAfter: retryAfter(operator.locked_until, now) } });
  return operator;
}

/** A wrong code: counted with the wrong passwords; at the lock, 429 and the pending sessions end; else 400 invalid_code. */
async function wrongCode(db: Db, operatorId: string, now: Date): Promise<never> {
  const { lockedUntil } = await recordOperatorCodeFailure(db, operatorId, now, OPS_LOCK_AFTER, OPS_LOCK_S);
  if (lockedUntil) {
    await revokePendingSessions(db, operatorId, now);
    fail('too_many_attempts', { details: { retryAfter: retryAfter(lockedUntil, now) } });
  }
  return fail('invalid_code');
}

/** The enrolment's secret (the pending one, or a new one) and its otpauth URI for the QR code. */
export async function startEnrolment(db: Db, session: OperatorSession, now: Date): Promise<OpsEnrolment> {
  const operator = await pendingOperator(db, session, 'enrol', now);
  let secret = operator.totp_enrolled_at === null ? operator.totp_secret : null;
  if (!secret) {
    secret = newTotpSecret();
    await setPendingTotpSecret(db, operator.id, secret);
  }
  return { secret, otpauthUri: totpUri(secret, TOTP_ISSUER, operator.email) };
}

/** Confirms the enrolment with a code: the factor counts, the session opens, the recovery codes (shown once). */
export async function confirmEnrolment(req: FastifyRequest, session: OperatorSession, code: string, actor: Actor): Promise<OpsSecondStepResult> {
  const { db, clock } = req.server.commerce;
  const now = clock();
  const operator = await pendingOperator(db, session, 'enrol', now);
  if (!operator.totp_secret || operator.totp_enrolled_at !== null) fail('invalid_code');
  const attempt = await takeLoginAttempt(req, 'operator');
  const step = checkTotp(operator.totp_secret, code, now.getTime());
  if (step === null) return wrongCode(db, operator.id, now);
  await attempt.succeeded();
  const recoveryCodes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await lockOperators(tx, [operator.id]);
    await confirmTotp(tx, operator.id, step, recoveryCodes.map(hashRecoveryCode), now);
    await recordOperatorLogin(tx, operator.id, now);
    await completeSecondStep(tx, session.sessionId, now);
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_updated', before: null, after: null,
      details: { operatorId: operator.id, secondFactor: 'totp_enrolled', by: 'self' },
    }, now);
  });
  return { expiresIn: OPERATOR_SESSION_TTL_S, recoveryCodes };
}

/** The second step of a sign-in: a TOTP code (each time step once) or an unused recovery code (each once). */
export async function passSecondFactor(req: FastifyRequest, session: OperatorSession, code: string, actor: Actor): Promise<OpsSecondStepResult> {
  const { db, clock } = req.server.commerce;
  const now = clock();
  const operator = await pendingOperator(db, session, 'code', now);
  if (!operator.totp_secret || operator.totp_enrolled_at === null) fail('operator_second_step_required', { details: { step: 'enrol' } });
  const attempt = await takeLoginAttempt(req, 'operator');
  const typed = code.trim();
  if (/^\d{3}\s?\d{3}$/.test(typed)) {
    const last = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
    const step = checkTotp(operator.totp_secret, typed, now.getTime(), last);
    if (step === null || !(await spendTotpStep(db, operator.id, step))) return wrongCode(db, operator.id, now);
    await attempt.succeeded();
    await db.transaction(async (tx) => {
      await recordOperatorLogin(tx, operator.id, now);
      await completeSecondStep(tx, session.sessionId, now);
    });
    return { expiresIn: OPERATOR_SESSION_TTL_S };
  }
  if (!looksLikeRecoveryCode(typed)) return wrongCode(db, operator.id, now);
  const passed = await db.transaction(async (tx) => {
    const { spent, left } = await spendRecoveryCode(tx, operator.id, hashRecoveryCode(typed), now);
    if (!spent) return null;
    await recordOperatorLogin(tx, operator.id, now);
    await completeSecondStep(tx, session.sessionId, now);
    // an auditor sees every recovery code used (never the code): a factor lost, or someone else's doing
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_updated', before: null, after: null,
      details: { operatorId: operator.id, secondFactor: 'recovery_code_used', recoveryCodesLeft: left },
    }, now);
    return { expiresIn: OPERATOR_SESSION_TTL_S, recoveryCodesLeft: left };
  });
  if (!passed) return wrongCode(db, operator.id, now);
  await attempt.succeeded();
  return passed;
}

/** An admin resets another operator's second factor: none left, its sessions end, the next sign-in enrols. */
export async function resetSecondFactor(db: Db, id: string, actor: Actor, now: Date): Promise<Operator> {
  if (actor.type === 'operator' && actor.id === id) fail('operator_self_factor_reset');
  return db.transaction(async (tx) => {
    const before = await lockTargetForAdmin(tx, id, actor);
    await clearSecondFactor(tx, id, now);
    await revokeOperatorSessions(tx, id, now);
    await writeAudit(tx, {
      orderId: null, orderNumber: null, actor, action: 'operator_updated', before: null, after: null,
      details: { operatorId: id, secondFactor: 'reset', hadSecondFactor: before.totp_enrolled_at !== null, sessionsEnded: true },
    }, now);
    const after = await operatorById(tx, id);
    return operatorView(after as OperatorRow);
  });
}

/**
 * The operator changes its own password: the current password, then the second factor's code, then the new
 * password (auth.ts). A wrong code counts toward the operator's lock (the fifth: 429 too_many_attempts, the
 * answer a wrong password gets); otherwise 400 invalid_code (as at sign-in). The code is spent only after
 * the password was right, so a typo in the password costs no recovery code.
 */
export async function changeOwnPassword(db: Db, session: OperatorSession, body: ChangeOwnPasswordBody, actor: Actor, now: Date): Promise<OperatorRow> {
  const operator = await checkOwnPassword(db, session, body, now);
  const confirmedWith = await spendOwnCode(db, operator, body.code, now);
  return setOwnPassword(db, session, operator, body.newPassword, confirmedWith, actor, now);
}

async function spendOwnCode(db: Db, operator: OperatorRow, code: string, now: Date): Promise<'totp' | 'recovery_code'> {
  if (!operator.totp_secret || operator.totp_enrolled_at === null) fail('operator_second_step_required', { details: { step: 'enrol' } });
  const typed = code.trim();
  if (/^\d{3}\s?\d{3}$/.test(typed)) {
    const last = operator.totp_last_step === null ? null : Number(operator.totp_last_step);
    const step = checkTotp(operator.totp_secret, typed, now.getTime(), last);
    if (step !== null && (await spendTotpStep(db, operator.id, step))) return 'totp';
  } else if (looksLikeRecoveryCode(typed) && (await spendRecoveryCode(db, operator.id, hashRecoveryCode(typed), now)).spent) {
    return 'recovery_code';
  }
  const { lockedUntil } = await recordOperatorCodeFailure(db, operator.id, now, OPS_LOCK_AFTER, OPS_LOCK_S);
  if (lockedUntil) fail('too_many_attempts', { details: { retryAfter: retryAfter(lockedUntil, now) } });
  return fail('invalid_code');
}
