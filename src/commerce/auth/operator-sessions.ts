// Operators' sessions (issue 15; migration 0031): one op_ token per sign-in, kept only as sha256, valid a
// shift. Apart from the customers' tokens (auth/tokens.ts, table tokens): neither kind opens the other's calls.
import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '../../contracts/ops.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { newSecret, sha256 } from '../lib/secrets.ts';

/** An operator token says what it is: op_ (customer tokens are at_/rt_). */
export const OPERATOR_TOKEN_PREFIX = 'op';
/** A working shift: an operator signs in again after 8 hours. */
export const OPERATOR_SESSION_TTL_S = 8 * 3600;

/**
 * Issue 26 (migration 0048): a session starts with its second step pending ('enrol': the operator has no
 * factor yet; 'code': the TOTP or a recovery code is asked) and opens nothing else until it is passed.
 * Decision: a pending session lives 10 minutes (enough to open the authenticator app, too short to park a
 * half signed-in session); passing the step gives it the shift's 8 hours from then.
 */
export const OPERATOR_SECOND_STEP_TTL_S = 10 * 60;
export type SecondStep = 'enrol' | 'code';

/** Who an operator token acts for; roles as they are now (read on every call). */
export interface OperatorSession {
  sessionId: string;
  operator: { id: string; email: string; roles: OperatorRole[] };
  /** null: signed in fully; else the step still to pass (only the second-step calls accept such a session) */
  secondStep: SecondStep | null;
}

/** Starts a session with its second step pending; answers the token (shown once, stored as sha256). */
export async function createOperatorSession(db: Db, operatorId: string, now: Date, secondStep: SecondStep, device: string | null = null): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret(OPERATOR_TOKEN_PREFIX);
  const expiresAt = addSeconds(now, OPERATOR_SECOND_STEP_TTL_S);
  await db.query(
    `insert into operator_sessions (id, token_hash, operator_id, created_at, expires_at, second_step, last_used_at, device)
     values ($1, $2, $3, $4, $5, $6, $4, $7)`,
    [randomUUID(), sha256(token), operatorId, now, expiresAt, secondStep, device],
  );
  return { token, expiresAt };
}

/** The second step passed: the session opens every call for a shift from now. */
export async function completeSecondStep(db: Db, sessionId: string, now: Date): Promise<Date> {
  const expiresAt = addSeconds(now, OPERATOR_SESSION_TTL_S);
  await db.query('update operator_sessions set second_step = null, expires_at = $2, last_used_at = $3 where id = $1', [sessionId, expiresAt, now]);
  return expiresAt;
}

/** Decision: the last use is written at most once a minute per session (the list shows minutes, a write per call would cost every call). */
const LAST_USE_PRECISION_S = 60;

/** The live session of a token (not expired, not revoked, operator not disabled), or null; notes its use. */
export async function operatorSession(db: Db, token: string, now: Date): Promise<OperatorSession | null> {
  if (token.length > 200 || !token.startsWith(`${OPERATOR_TOKEN_PREFIX}_`)) return null;
  const rows = await db.query<{ session_id: string; id: string; email: string; roles: OperatorRole[]; second_step: SecondStep | null; last_used_at: Date | null }>(
    `select s.id as session_id, o.id, o.email, o.roles, s.second_step, s.last_used_at from operator_sessions s join operators o on o.id = s.operator_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and not o.disabled`,
    [sha256(token), now],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.last_used_at || row.last_used_at.getTime() <= now.getTime() - LAST_USE_PRECISION_S * 1000) {
    await db.query('update operator_sessions set last_used_at = $2 where id = $1', [row.session_id, now]);
  }
  return { sessionId: row.session_id, operator: { id: row.id, email: row.email, roles: row.roles }, secondStep: row.second_step };
}

export interface OperatorSessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
  device: string | null;
}

/** The operator's live, fully signed-in sessions, most recently used first. */
export async function liveOperatorSessions(db: Db, operatorId: string, now: Date): Promise<OperatorSessionRow[]> {
  return db.query<OperatorSessionRow>(
    `select id, created_at, last_used_at, expires_at, device from operator_sessions
     where operator_id = $1 and revoked_at is null and expires_at > $2 and second_step is null
     order by coalesce(last_used_at, created_at) desc, id`,
    [operatorId, now],
  );
}

/** Ends one of the operator's own sessions; false when it has none by that id (another's, unknown, ended). */
export async function revokeOwnOperatorSession(db: Db, operatorId: string, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update operator_sessions set revoked_at = $3 where id = $1 and operator_id = $2 and revoked_at is null and expires_at > $3 returning id',
    [sessionId, operatorId, now],
  );
  return rows.length === 1;
}

export async function revokeOperatorSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.query('update operator_sessions set revoked_at = $2 where id = $1 and revoked_at is null', [sessionId, now]);
}

/** Ends every session of an operator (new password, disabled). */
export async function revokeOperatorSessions(db: Db, operatorId: string, now: Date): Promise<void> {
  await db.query('update operator_sessions set revoked_at = $2 where operator_id = $1 and revoked_at is null', [operatorId, now]);
}

/** Ends every session of an operator but one: the one that changed its own password stays signed in. */
export async function revokeOtherOperatorSessions(db: Db, operatorId: string, keepSessionId: string, now: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'update operator_sessions set revoked_at = $3 where operator_id = $1 and id <> $2 and revoked_at is null returning id',
    [operatorId, keepSessionId, now],
  );
  return rows.length;
}

/** Housekeeping: sessions dead for more than a day. */
export async function purgeOperatorSessions(db: Db, now: Date): Promise<void> {
  await db.query('delete from operator_sessions where expires_at < $1', [addSeconds(now, -86400)]);
}
