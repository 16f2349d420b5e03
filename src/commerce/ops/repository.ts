// The operators' rows and sessions (migration 0031). Row types are checked here once; the routes and the
// sign-in see Operator (src/contracts/ops.ts) and OperatorRow.
import { randomUUID } from 'node:crypto';
import type { Operator, OperatorRole } from '../../contracts/ops.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';

export interface OperatorRow {
  id: string;
  email: string;
  /** issue 24: shown in the back office; null: the e-mail stands in */
  name: string | null;
  password_hash: string;
  roles: OperatorRole[];
  disabled: boolean;
  failed_logins: number;
  locked_until: Date | null;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
  /** issue 26 (migration 0048): the TOTP secret; enrolling while totp_enrolled_at is null */
  totp_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: string | number | null;
  failed_codes: number;
}

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name ?? null,
    roles: row.roles,
    disabled: row.disabled,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    secondFactor: row.totp_enrolled_at !== null && row.totp_enrolled_at !== undefined,
  };
}

export async function operatorByEmail(db: Db, email: string, forUpdate = false): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>(`select * from operators where lower(email) = lower($1)${forUpdate ? ' for update' : ''}`, [email.trim()]);
  return rows[0] ?? null;
}

/** Locks the operators' rows (ordered by id, so two transactions never wait for each other in a circle). */
export async function lockOperators(db: Db, ids: string[]): Promise<Map<string, OperatorRow>> {
  const rows = await db.query<OperatorRow>('select * from operators where id = any($1::uuid[]) order by id for update', [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function operatorById(db: Db, id: string): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>('select * from operators where id = $1', [id]);
  return rows[0] ?? null;
}

/** Which of the e-mails (lower case) have an operator already. */
export async function existingOperatorEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const rows = await db.query<{ email: string }>('select lower(email) as email from operators where lower(email) = any($1::text[])', [emails]);
  return new Set(rows.map((r) => r.email));
}

/** Issue 24: by name (those without one by e-mail, after them). */
export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.query<OperatorRow>('select * from operators order by lower(name) nulls last, lower(email)');
}

/** Inserts an operator; null when the e-mail is taken (whatever its case). */
export async function insertOperator(
  db: Db, args: { email: string; name?: string | null; passwordHash: string; roles: OperatorRole[]; now: Date },
): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>(
    `insert into operators (id, email, password_hash, roles, created_at, updated_at, name) values ($1, $2, $3, $4, $5, $5, $6)
     on conflict ((lower(email))) do nothing returning *`,
    [randomUUID(), args.email.trim(), args.passwordHash, args.roles, args.now, args.name?.trim() || null],
  );
  return rows[0] ?? null;
}

export async function updateOperator(
  db: Db, id: string, change: { roles?: OperatorRole[]; disabled?: boolean; passwordHash?: string; name?: string }, now: Date,
): Promise<OperatorRow> {
  const [row] = await db.query<OperatorRow>(
    `update operators set roles = coalesce($2, roles), disabled = coalesce($3, disabled), password_hash = coalesce($4, password_hash),
       name = coalesce($6, name),
       -- a new password starts with a clean slate (an admin unlocks an operator that way)
       failed_logins = case when $4::text is null then failed_logins else 0 end,
       locked_until = case when $4::text is null then locked_until else null end,
       updated_at = $5
     where id = $1 returning *`,
    [id, change.roles ?? null, change.disabled ?? null, change.passwordHash ?? null, now, change.name?.trim() || null],
  );
  return row;
}

/** A wrong password: counts it and, at lockAfter in a row, locks sign-in for lockS seconds (the count starts again). */
export async function recordOperatorFailure(db: Db, id: string, now: Date, lockAfter: number, lockS: number): Promise<{ lockedUntil: Date | null }> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    `update operators set
       failed_logins = case when failed_logins + 1 >= $2 then 0 else failed_logins + 1 end,
       locked_until = case when failed_logins + 1 >= $2 then $3::timestamptz else locked_until end
     where id = $1 returning locked_until`,
    [id, lockAfter, addSeconds(now, lockS)],
  );
  const until = row?.locked_until ?? null;
  return { lockedUntil: until && until > now ? until : null };
}

/** Signed in fully (issue 26: after the second step): both counts start again. */
export async function recordOperatorLogin(db: Db, id: string, now: Date): Promise<void> {
  await db.query('update operators set failed_logins = 0, failed_codes = 0, locked_until = null, last_login_at = $2 where id = $1', [id, now]);
}

/** The right password: its failure count starts again (the wrong codes' count stays until the second step passes). */
export async function clearPasswordFailures(db: Db, id: string): Promise<void> {
  await db.query('update operators set failed_logins = 0 where id = $1', [id]);
}

/** A wrong second-factor code: as recordOperatorFailure, in its own count, locking the same locked_until. */
export async function recordOperatorCodeFailure(db: Db, id: string, now: Date, lockAfter: number, lockS: number): Promise<{ lockedUntil: Date | null }> {
  const [row] = await db.query<{ locked_until: Date | null }>(
    `update operators set
       failed_codes = case when failed_codes + 1 >= $2 then 0 else failed_codes + 1 end,
       locked_until = case when failed_codes + 1 >= $2 then $3::timestamptz else locked_until end
     where id = $1 returning locked_until`,
    [id, lockAfter, addSeconds(now, lockS)],
  );
  const until = row?.locked_until ?? null;
  return { lockedUntil: until && until > now ? until : null };
}

// ---------------------------------------------------------------- second factor (issue 26, migration 0048)

/** Keeps the secret of an enrolment in progress (replacing none that is confirmed). */
export async function setPendingTotpSecret(db: Db, id: string, secret: string): Promise<void> {
  await db.query('update operators set totp_secret = $2, totp_last_step = null where id = $1 and totp_enrolled_at is null', [id, secret]);
}

/** Confirms the enrolment: the secret counts from now, the code's time step is spent, 10 new recovery codes (hashed). */
export async function confirmTotp(db: Db, id: string, step: number, recoveryHashes: string[], now: Date): Promise<void> {
  await db.query('update operators set totp_enrolled_at = $2, totp_last_step = $3, updated_at = $2 where id = $1', [id, now, step]);
  await db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
  await db.query('insert into operator_recovery_codes (operator_id, code_hash) select $1, unnest($2::text[])', [id, recoveryHashes]);
}

/** Spends a TOTP time step: false when it (or a later one) was spent already (a replay, or a race of two). */
export async function spendTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update operators set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id',
    [id, step],
  );
  return rows.length === 1;
}

/** Spends a recovery code: false when the operator has no unused one with that hash. Answers how many are left. */
export async function spendRecoveryCode(db: Db, id: string, hash: string, now: Date): Promise<{ spent: boolean; left: number }> {
  const rows = await db.query<{ code_hash: string }>(
    'update operator_recovery_codes set used_at = $3 where operator_id = $1 and code_hash = $2 and used_at is null returning code_hash',
    [id, hash, now],
  );
  const [{ left }] = await db.query<{ left: number }>('select count(*)::int as left from operator_recovery_codes where operator_id = $1 and used_at is null', [id]);
  return { spent: rows.length === 1, left };
}

/** An admin's reset: no factor any more (the next sign-in enrols one), no recovery codes. */
export async function clearSecondFactor(db: Db, id: string, now: Date): Promise<void> {
  await db.query('update operators set totp_secret = null, totp_enrolled_at = null, totp_last_step = null, updated_at = $2 where id = $1', [id, now]);
  await db.query('delete from operator_recovery_codes where operator_id = $1', [id]);
}

/** Ends the operator's pending sessions (the lock after wrong codes: the password must be typed again). */
export async function revokePendingSessions(db: Db, id: string, now: Date): Promise<void> {
  await db.query('update operator_sessions set revoked_at = $2 where operator_id = $1 and second_step is not null and revoked_at is null', [id, now]);
}
