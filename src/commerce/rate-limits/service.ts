// The storefront's shared /api budgets (issue 27, "past one machine"): every storefront instance and worker
// counts its visitors' requests here, so N of them allow the budget once, not N times.
//
// Decision: the storefront asks commerce over its internal API rather than opening its own connection to the
// database (ARCHITECTURE.md: commerce alone owns the database; the storefront talks to the services only over
// the network). A fixed window, as @fastify/rate-limit's own stores count (its memory store and its Redis
// store alike), so the budget behaves as before, only shared.
import type { Db } from '../db/index.ts';
import { purgeWindows, hitWindow } from './repository.ts';

/** The one bucket the storefront spends today; the key is its SHA-256 of the client address. */
export const API_BUCKET = 'storefront_api';
/** Decision: a window is at most a day long (housekeeping deletes windows older than that). */
export const MAX_WINDOW_MS = 86_400_000;

export interface BudgetHit {
  /** requests counted in the current window, this one included */
  current: number;
  /** milliseconds until the window ends and the budget is whole again (at least 1) */
  ttlMs: number;
}

/** Counts one request of `key` in its window of `windowMs` (time: the service's clock). */
export async function spendBudget(db: Db, now: Date, key: string, windowMs: number): Promise<BudgetHit> {
  const row = await hitWindow(db, API_BUCKET, key, now, new Date(now.getTime() - windowMs));
  const ttlMs = Math.max(1, row.window_start.getTime() + windowMs - now.getTime());
  return { current: row.hits, ttlMs };
}

/** Housekeeping: windows no longer current. */
export async function purgeBudgets(db: Db, now: Date): Promise<void> {
  await purgeWindows(db, new Date(now.getTime() - MAX_WINDOW_MS));
}
