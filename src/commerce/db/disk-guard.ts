// Issue 27, "a shop that heals itself": the embedded database must never meet a full disk.
//
// What happens without this (reproduced on a 90 MB tmpfs): when PGlite cannot create its next WAL segment
// ("could not write to file pg_wal/xlogtemp: No space left on device") the next commit spins inside
// XLogFlush for ever, synchronously, in WebAssembly: the event loop never runs again, /health/live stops
// answering, and freeing space does not help. A data file that cannot grow fails cleanly, the WAL does not.
//
// Decision: keep a reserve. While the file system under DATA_DIR has less than DATA_DIR_MIN_FREE_MB free,
// every statement that writes is refused before it reaches PGlite with 503 database_unavailable ("please try
// again in a moment"; the log says why), reads go on (a read-only statement writes no WAL), and writes
// resume by themselves as soon as space returns: the free space is read again (statfs, a cheap system call)
// at most every 250 ms while writes are asked for. Should the disk still fill between two looks (another
// process writing hundreds of MB within 250 ms), the supervisor's liveness check restarts the stuck process
// (src/supervisor.ts) and PGlite recovers from its WAL once there is room.
//
// A PostgreSQL server needs none of this: it answers a full disk with an error (SQLSTATE 53100) and the
// connection stays usable.
import { statfsSync } from 'node:fs';

/** Statements that write (or take row locks, or advance a sequence, which writes WAL too). Identifiers such
 * as updated_at or deleted_at do not match (\b ... \b around whole words only). */
const WRITES = /\b(insert|update|delete|merge|create|alter|drop|truncate|copy|vacuum|reindex|cluster|refresh|grant|revoke|nextval|setval|for\s+(?:no\s+key\s+)?update|for\s+(?:key\s+)?share)\b/i;

export function isWriteStatement(sql: string): boolean {
  return WRITES.test(sql);
}

export interface DiskGuardOptions {
  /** the directory whose file system is watched (DATA_DIR) */
  dir: string;
  /** refuse writes below this many free bytes; 0 turns the guard off */
  minFreeBytes: number;
  /** told when the state changes (low: writes are refused now; not low: they are accepted again) */
  onChange?: (info: { low: boolean; freeBytes: number; minFreeBytes: number }) => void;
  /** milliseconds between two looks at the file system (default 250) */
  recheckMs?: number;
  /** the free bytes of `dir` (tests may pass their own; default statfs) */
  freeBytes?: (dir: string) => number;
  now?: () => number;
}

export interface DiskGuard {
  /** whether writes are refused now (reads the file system again when the last look is older than recheckMs) */
  low(): boolean;
}

export function diskGuard(opts: DiskGuardOptions): DiskGuard {
  const recheck = opts.recheckMs ?? 250;
  const now = opts.now ?? Date.now;
  const free = opts.freeBytes ?? ((dir: string) => {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  });
  let lookedAt = -Infinity;
  let isLow = false;
  return {
    low() {
      if (opts.minFreeBytes <= 0) return false;
      const t = now();
      if (t - lookedAt < recheck) return isLow;
      lookedAt = t;
      let bytes: number;
      try {
        bytes = free(opts.dir);
      } catch {
        return isLow; // the file system cannot be asked (never seen): keep the last answer
      }
      const low = bytes < opts.minFreeBytes;
      if (low !== isLow) {
        isLow = low;
        opts.onChange?.({ low, freeBytes: bytes, minFreeBytes: opts.minFreeBytes });
      }
      return isLow;
    },
  };
}
