// The SQL of the shared budgets' table (rate_windows, migration 0050).

import type { Db } from '../db/index.ts';

export interface WindowRow {
  hits: number;
  window_start: Date;
}

/**
 * Counts one request in the key's fixed window and answers the count and the window's start, in one
 * statement: a window that began at or before `expiredBefore` starts again at `now` with this request.
 * Atomic on PGlite and on a server (the row lock of the upsert serialises concurrent hits on one key).
 */
export async function hitWindow(db: Db, bucket: string, key: string, now: Date, expiredBefore: Date): Promise<WindowRow> {
  const rows = await db.query<WindowRow>(
    `insert into rate_windows as w (bucket, key, window_start, hits) values ($1, $2, $3, 1)
     on conflict (bucket, key) do update set
       window_start = case when w.window_start <= $4 then excluded.window_start else w.window_start end,
       hits = case when w.window_start <= $4 then 1 else w.hits + 1 end
     returning hits, window_start`,
    [bucket, key, now, expiredBefore],
  );
  return rows[0];
}

/** Housekeeping: windows that started before `before` (the longest window is a day). */
export async function purgeWindows(db: Db, before: Date): Promise<void> {
  await db.query('delete from rate_windows where window_start < $1', [before]);
}
