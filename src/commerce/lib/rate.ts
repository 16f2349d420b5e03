// Rate limits and sign-in throttling kept in the database, so several service instances share them.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type {} from '../context.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from './clock.ts';
import { clientIp } from './http.ts';
import { sha256 } from './secrets.ts';

export interface RateRule {
  limit: number;
  windowS: number;
}

export interface RateResult {
  allowed: boolean;
  /** seconds until the next attempt can pass (0 when allowed) */
  retryAfter: number;
}

/**
 * Counts one event against a sliding window and says whether it is within the limit. A refused event is
 * not counted (retrying while refused does not extend the wait). key must not be personal data: pass an
 * id or a hash (see subjectKey).
 */
export async function hitRate(db: Db, bucket: string, key: string, now: Date, rule: RateRule): Promise<RateResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent hits on the same counter (also across processes on a server).
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${bucket}:${key}`]);
    const since = addSeconds(now, -rule.windowS);
    const rows = await tx.query<{ n: number; oldest: Date | null }>(
      'select count(*)::int as n, min(at) as oldest from rate_events where bucket = $1 and key = $2 and at > $3',
      [bucket, key, since],
    );
    const { n, oldest } = rows[0] ?? { n: 0, oldest: null };
    if (n >= rule.limit) {
      const freeAt = addSeconds(oldest ?? now, rule.windowS);
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000)) };
    }
    await tx.query('insert into rate_events (bucket, key, at) values ($1, $2, $3)', [bucket, key, now]);
    return { allowed: true, retryAfter: 0 };
  });
}

/** A stable, non-reversible key for personal values (e-mail addresses, client addresses). */
export function subjectKey(...parts: string[]): string {
  return sha256(parts.join('\u0000'));
}

// Sign-in locks, one policy per kind of sign-in, and one implementation of login_throttle (issue 24: the
// operators used to write the table with their own statement and rules).
// - customer (issue 3): 5 failures per 15 minutes for one (e-mail, client address) lock sign-in for 1 minute,
//   each further failure doubles the lock, capped at 15 minutes. Never a permanent lock: a quiet quarter of an
//   hour forgets the failures, and a successful sign-in clears them.
// - operator (ops/auth.ts): 5 wrong passwords in a row lock sign-in for 15 minutes and the count starts again.
//   It counts in the operator's row for an operator and here for an e-mail no operator has, so a lock never
//   tells whether an address is an operator's.
export interface LoginLockPolicy {
  /** failures that lock nothing yet */
  freeFailures: number;
  /** a quiet window after which failures are forgotten; null: they count until a lock or a success */
  windowS: number | null;
  /** the lock the nth failure past the free ones starts (0 for the first) */
  lockS(past: number): number;
  /** the count starts again with each lock (operators), else it keeps growing (customers: doubling locks) */
  restartOnLock: boolean;
}

export const LOGIN_LOCKS = {
  customer: { freeFailures: 5, windowS: 15 * 60, lockS: (past: number) => Math.min(60 * 2 ** past, 15 * 60), restartOnLock: false },
  operator: { freeFailures: 5, windowS: null, lockS: () => 15 * 60, restartOnLock: true },
  // issue 26: a customer's second-factor codes (sign-in, step-up, enrolment), per account: the SMS code's
  // model, 5 wrong codes within 10 minutes lock the checks for 10 minutes
  second_factor: { freeFailures: 5, windowS: 10 * 60, lockS: () => 10 * 60, restartOnLock: true },
} satisfies Record<string, LoginLockPolicy>;
export type LoginLockKind = keyof typeof LOGIN_LOCKS;

/** Seconds the subject must still wait before trying again, 0 when it may try now. */
export async function loginLockRemaining(db: Db, subject: string, now: Date): Promise<number> {
  const rows = await db.query<{ locked_until: Date | null }>('select locked_until from login_throttle where subject_hash = $1', [subject]);
  const until = rows[0]?.locked_until;
  if (!until || until <= now) return 0;
  return Math.ceil((until.getTime() - now.getTime()) / 1000);
}

/**
 * Records a failure under the kind's policy; returns the lock in seconds it starts (0 while failures are
 * still free) and the lock the subject is under now (a running one stays), or null.
 */
export async function recordLoginFailure(
  db: Db, subject: string, now: Date, kind: LoginLockKind = 'customer',
): Promise<{ lockS: number; lockedUntil: Date | null }> {
  const policy: LoginLockPolicy = LOGIN_LOCKS[kind];
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`login:${subject}`]);
    const rows = await tx.query<{ failures: number; last_failure_at: Date; locked_until: Date | null }>(
      'select failures, last_failure_at, locked_until from login_throttle where subject_hash = $1',
      [subject],
    );
    const prev = rows[0];
    const stale = !prev || (policy.windowS !== null && prev.last_failure_at <= addSeconds(now, -policy.windowS));
    let failures = stale ? 1 : prev.failures + 1;
    const lockS = failures >= policy.freeFailures ? policy.lockS(failures - policy.freeFailures) : 0;
    if (lockS > 0 && policy.restartOnLock) failures = 0;
    const running = prev?.locked_until && prev.locked_until > now ? prev.locked_until : null;
    const lockedUntil = lockS > 0 ? addSeconds(now, lockS) : policy.restartOnLock ? running : null;
    await tx.query(
      `insert into login_throttle (subject_hash, failures, first_failure_at, last_failure_at, locked_until)
       values ($1, $2, $3, $3, $4)
       on conflict (subject_hash) do update set failures = $2, last_failure_at = $3, locked_until = $4,
         first_failure_at = case when $5 then $3 else login_throttle.first_failure_at end`,
      [subject, failures, now, lockedUntil, stale],
    );
    return { lockS, lockedUntil };
  });
}

export async function clearLoginFailures(db: Db, subject: string): Promise<void> {
  await db.query('delete from login_throttle where subject_hash = $1', [subject]);
}

// Guessing across accounts (issue 14): the per-account lock above does not stop one address trying one
// password on many e-mails. Each client address gets 20 sign-in attempts per 15 minutes whose password
// was wrong (or whose e-mail is unknown), whatever e-mails they name; then 429 too_many_attempts with
// retryAfter. No address is exempt (loopback neither: behind a same-host proxy without TRUST_PROXY every
// customer shares the proxy's budget, see README); RATE_LIMITS=off switches it off outside production.
export const CLIENT_LOGIN_FAILURES: RateRule = { limit: 20, windowS: 15 * 60 };

/**
 * The budgets of failed sign-ins per client address. Decision (issue 23): operators have their own, never
 * the customers': failed customer sign-ins behind a same-host proxy must not lock the staff out of the back
 * office, and guesses at the back office must not lock customers out. Same size for both (20 per 15
 * minutes); the back office forwards each staff member's own address (with the service credential), so one
 * address spending its budget stops nobody else.
 */
export const LOGIN_BUDGETS = { customer: 'login_client', operator: 'ops_login_client' } as const;
export type LoginBudget = keyof typeof LOGIN_BUDGETS;

export interface LoginAttempt {
  /** the password was right: the attempt goes back into the address's budget */
  succeeded(): Promise<void>;
}

/**
 * Takes one attempt from the client address's budget (the customers' or the operators') before the
 * password is checked (taking it first, in hitRate's serialised transaction, keeps concurrent guesses from
 * overrunning the budget); throws 429 too_many_attempts when it is spent. Only failures stay counted: call
 * succeeded() after a right password.
 */
export async function takeLoginAttempt(req: FastifyRequest, budget: LoginBudget = 'customer'): Promise<LoginAttempt> {
  const { db, clock, config } = req.server.commerce;
  if (config.RATE_LIMITS === 'off') return { succeeded: async () => {} };
  const bucket = LOGIN_BUDGETS[budget];
  const key = subjectKey(bucket, clientIp(req, config));
  const now = clock();
  const r = await hitRate(db, bucket, key, now, CLIENT_LOGIN_FAILURES);
  if (!r.allowed) throw new AppError('too_many_attempts', { details: { retryAfter: r.retryAfter } });
  return {
    async succeeded() {
      await db.query(
        'delete from rate_events where ctid in (select ctid from rate_events where bucket = $1 and key = $2 and at = $3 limit 1)',
        [bucket, key, now],
      );
    },
  };
}

/** Housekeeping: events older than a day and failures quiet for a quarter of an hour without a running lock. */
export async function purgeRateState(db: Db, now: Date): Promise<void> {
  await db.query('delete from rate_events where at < $1', [addSeconds(now, -86400)]);
  await db.query('delete from login_throttle where last_failure_at < $1 and (locked_until is null or locked_until < $2)', [
    addSeconds(now, -LOGIN_LOCKS.customer.windowS),
    now,
  ]);
}
