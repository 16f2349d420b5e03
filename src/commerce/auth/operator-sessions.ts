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

/** Who an operator token acts for; roles as they are now (read on every call). */
export interface OperatorSession {
  sessionId: string;
  operator: { id: string; email: string; roles: OperatorRole[] };
}

/** Starts a session; answers the token (shown once, stored as sha256). */
export async function createOperatorSession(db: Db, operatorId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret(OPERATOR_TOKEN_PREFIX);
  const expiresAt = addSeconds(now, OPERATOR_SESSION_TTL_S);
  await db.query(
    'insert into operator_sessions (id, token_hash, operator_id, created_at, expires_at) values ($1, $2, $3, $4, $5)',
    [randomUUID(), sha256(token), operatorId, now, expiresAt],
  );
  return { token, expiresAt };
}

/** The live session of a token (not expired, not revoked, operator not disabled), or null. */
export async function operatorSession(db: Db, token: string, now: Date): Promise<OperatorSession | null> {
  if (token.length > 200 || !token.startsWith(`${OPERATOR_TOKEN_PREFIX}_`)) return null;
  const rows = await db.query<{ session_id: string; id: string; email: string; roles: OperatorRole[] }>(
    `select s.id as session_id, o.id, o.email, o.roles from operator_sessions s join operators o on o.id = s.operator_id
     where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and not o.disabled`,
    [sha256(token), now],
  );
  const row = rows[0];
  return row ? { sessionId: row.session_id, operator: { id: row.id, email: row.email, roles: row.roles } } : null;
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
