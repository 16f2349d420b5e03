// Issue 27, "past one machine": the price service as active and standby instances. Exactly one instance
// recalculates and announces prices; the others wait and take over when it is gone.
//
// The election is a PostgreSQL session advisory lock (pg_try_advisory_lock) on the shop's own database:
// PostgreSQL already is the one piece every instance shares, the lock belongs to a connection, and the
// server releases it the moment that connection ends: a killed process (its socket closes) or a host that
// is gone (TCP keep-alive, and the server's own keep-alive settings, end the connection). No other
// coordinator (etcd, Redis) is needed. Decision: a standby asks again every PRICE_ELECTION_RETRY_MS (1 s),
// so a takeover begins about a second after the active one's connection ended.
//
// The active one checks its own connection as often (select 1 with a timeout): an active instance that
// lost its database connection can no longer be sure it holds the lock, and steps down at once; the
// window in which two instances both believe they are active is at most one check (about 1-3 s), which
// commerce makes harmless: it keeps only a price set newer than the one it holds.
import pg from 'pg';

export interface Leadership {
  /** begins taking part; `onChange(true)` when this instance becomes the active one, `onChange(false)` when it stops being it */
  start(onChange: (active: boolean) => void): void;
  active(): boolean;
  /** leaves the election (releases the lock by closing the connection) */
  close(): Promise<void>;
}

/** Without an election (one price service, the default): always active. */
export function soleLeadership(): Leadership {
  return {
    start: (onChange) => onChange(true),
    active: () => true,
    close: async () => {},
  };
}

/** The lock's key: "aurum price service" as one 64-bit number (any constant the instances agree on). */
export const PRICE_SERVICE_LOCK_KEY = '7311652818410561025';

export interface PgLeadershipOptions {
  databaseUrl: string;
  retryMs?: number;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  lockKey?: string;
}

export function pgLeadership(opts: PgLeadershipOptions): Leadership {
  const retryMs = opts.retryMs ?? 1_000;
  const key = opts.lockKey ?? PRICE_SERVICE_LOCK_KEY;
  let client: pg.Client | null = null;
  let isActive = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let onChange: (active: boolean) => void = () => {};
  let lastProblem = '';

  function drop(reason: string) {
    const c = client;
    client = null;
    c?.removeAllListeners('error');
    c?.on('error', () => {});
    void c?.end().catch(() => {});
    if (isActive) {
      isActive = false;
      opts.log.warn({ reason }, 'price service: lost the election lock; standing by');
      onChange(false);
    }
  }

  function later() {
    if (closed) return;
    timer = setTimeout(() => void round(), retryMs);
    timer.unref();
  }

  async function round() {
    timer = null;
    if (closed) return;
    try {
      if (!client) {
        const c = new pg.Client({ connectionString: opts.databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 5_000, query_timeout: Math.max(2_000, retryMs * 2), connectionTimeoutMillis: 5_000 });
        c.on('error', (err) => drop(err.message));
        c.on('end', () => { if (client === c) drop('connection ended'); });
        await c.connect();
        client = c;
      }
      if (isActive) {
        await client.query('select 1');
      } else {
        const rows = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key])).rows;
        if (rows[0]?.ok && !closed) {
          isActive = true;
          opts.log.info({}, 'price service: holds the election lock; active');
          onChange(true);
        }
      }
      lastProblem = '';
    } catch (err) {
      const reason = (err as Error).message;
      if (reason !== lastProblem) opts.log.warn({ reason }, 'price service: election round failed; trying again');
      lastProblem = reason;
      drop(reason);
    }
    later();
  }

  return {
    start(cb) {
      onChange = cb;
      void round();
    },
    active: () => isActive,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      isActive = false;
      if (c) await c.end().catch(() => {});
    },
  };
}
