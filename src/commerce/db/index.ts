// The commerce database: one PostgreSQL dialect on two engines. PGlite (in-process, files under DATA_DIR
// or in memory) for the embedded shop and tests; a PostgreSQL server through node-postgres (`pg`) and its
// Pool when DATABASE_URL is postgres://... The same SQL ($1.. placeholders) runs on both, and both return
// the same JavaScript types: int8 as number (money is integer cents, far below 2^53), numeric as string,
// timestamptz as Date, json/jsonb parsed.
//
// Why node-postgres (issue 14, "the database may restart"): the former driver, postgres.js 3.4.x, crashed
// the whole process in about one restart of the server in four (TypeError "Cannot read properties of null
// (reading 'write')" inside its connection code, porsager/postgres 1154 and 1208, no fix released); in
// embedded mode the storefront died with it. node-postgres is the field's standard driver: its Pool drops a
// broken connection (release(err)), reports a connection dying while idle or checked out as an 'error'
// event (handled below, logged, never thrown), and opens fresh connections on the next query, so the
// service answers 503 database_unavailable while the server is away and works again as soon as it is back,
// without a restart (test/pg-restart/restart.test.ts stops and starts a real server under load).
//
// Connection failures (refused, reset, terminated, acquire timeouts, SQLSTATE class 08, 57P01-57P03,
// 53300) leave this module as AppError('database_unavailable') with the driver's error as cause; every
// other error (constraint violations, bad input) passes unchanged.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { diskGuard, isWriteStatement, type DiskGuard } from './disk-guard.ts';

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now (the metrics, issue 27); PGlite has none */
  poolStats?(): { size: number; max: number; idle: number; waiting: number };
}

/** Internal: multi-statement SQL for migrations (simple query protocol, no parameters). */
interface ExecDb extends Db {
  exec(sql: string): Promise<void>;
}

/** Where the versioned migrations live. Files are NNNN_name.sql, applied in name order. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface OpenDbOptions {
  /** told when the server connection fails outside a request (an idle connection dying); default: silent */
  onConnectionError?: (info: { reason: string; code?: string }) => void;
  /** a migrated, seeded PGlite data directory (tarball, db/template.ts) to start a new PGlite database
   * from (an empty dataDir, or memory) instead of running initdb; ignored when the file is missing */
  template?: string;
  /** PostgreSQL only: connections this process keeps at most (DATABASE_POOL_SIZE, default 10) */
  poolSize?: number;
  /** PGlite with files only: refuse writes while the data directory's file system has less free space
   * (DATA_DIR_MIN_FREE_MB; db/disk-guard.ts); 0 or unset: no guard */
  minFreeBytes?: number;
  /** told when the disk guard starts or stops refusing writes */
  onDiskLow?: (info: { low: boolean; freeBytes: number; minFreeBytes: number }) => void;
}

/**
 * Opens the database named by DATABASE_URL: '' -> PGlite with files under dataDir (default 'data'),
 * 'memory' -> PGlite in memory, postgres://... -> a PostgreSQL server.
 */
export async function openDb(databaseUrl: string, dataDir = 'data', opts: OpenDbOptions = {}): Promise<Db> {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return openPostgres(databaseUrl, opts);
  const template = opts.template && existsSync(opts.template) ? new Blob([readFileSync(opts.template)]) : undefined;
  if (databaseUrl === 'memory') return openPglite(await PGlite.create({ parsers: pgliteParsers, ...(template ? { loadDataDir: template } : {}) }));
  if (databaseUrl !== '') throw new Error('DATABASE_URL accepts empty, memory or postgres://...');
  mkdirSync(dataDir, { recursive: true });
  // a data directory PGlite has not created yet (no PG_VERSION) starts as a copy of the template
  const fresh = template && !existsSync(join(dataDir, 'PG_VERSION'));
  const guard = opts.minFreeBytes ? diskGuard({ dir: dataDir, minFreeBytes: opts.minFreeBytes, onChange: opts.onDiskLow }) : undefined;
  // Decision: a start on a low disk goes ahead (reads are served; the migrations and the seed write nothing
  // on a database that is up to date, and where they must write, the start fails and the supervisor retries).
  return openPglite(await PGlite.create({ dataDir, parsers: pgliteParsers, ...(fresh ? { loadDataDir: template } : {}) }), guard);
}

export const pgliteParsers = {
  [pgliteTypes.INT8]: (v: string) => Number(v),
};

/** Wraps a ready PGlite instance (tests start one from a template data dir). With a disk guard, statements
 * that write are refused while the disk is low (db/disk-guard.ts); inside a transaction the refusal rolls it
 * back whole, like any other failed statement. */
export function openPglite(pg: PGlite, guard?: DiskGuard): Db {
  let depth = 0;
  const refuseWriteOnLowDisk = (sql: string) => {
    if (guard && isWriteStatement(sql) && guard.low()) {
      throw new AppError('database_unavailable', { cause: new Error('disk space below DATA_DIR_MIN_FREE_MB: writes refused until space returns') });
    }
  };
  const make = (runner: Pick<PGlite, 'query' | 'exec'>, inTx: boolean): ExecDb => ({
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      refuseWriteOnLowDisk(sql);
      const res = await runner.query<T>(sql, params ?? []);
      return res.rows;
    },
    async exec(sql: string) {
      refuseWriteOnLowDisk(sql);
      await runner.exec(sql);
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (!inTx) return pg.transaction((tx) => fn(make(tx, true)));
      // Nested transaction: a savepoint, so an inner failure rolls back only the inner work.
      const name = `sp_${++depth}`;
      await runner.exec(`savepoint ${name}`);
      try {
        const out = await fn(make(runner, true));
        await runner.exec(`release savepoint ${name}`);
        return out;
      } catch (err) {
        await runner.exec(`rollback to savepoint ${name}`);
        throw err;
      }
    },
    async close() {
      if (!inTx && !pg.closed) await pg.close();
    },
  });
  return make(pg, false);
}

// ------------------------------------------------------------------------------ PostgreSQL server (pg)

const OID = { int8: 20, int8Array: 1016, int4Array: 1007, date: 1082 } as const;

/**
 * The pool's own type parsers (never the process-wide pg.types): int8 and int8[] as numbers, date as UTC
 * midnight (as PGlite), everything else pg's defaults (numeric as string, timestamptz as Date, json and
 * jsonb parsed, bool, int2/int4/float as number, arrays of those).
 */
const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary');
    if (oid === OID.int8) return (v: string) => Number(v);
    if (oid === OID.int8Array) return pg.types.getTypeParser(OID.int4Array as never, 'text');
    if (oid === OID.date) return (v: string) => new Date(v);
    return pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Parameters as the former driver and PGlite send them: a Date as its ISO instant (pg would send local
 * time with an offset; the same instant, but `::date` would then depend on the machine's zone). A string
 * bound to a json/jsonb parameter goes as the JSON text itself (pg does that already), an object is
 * JSON.stringify'd (pg does that too), so `$1::jsonb` with JSON.stringify(x) or with x behaves alike.
 */
function prepareParams(params: unknown[] | undefined): unknown[] {
  if (!params) return [];
  return params.map((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v));
}

/** Node socket errors that mean the server is not reachable (or went away mid-query). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
/** pg's own messages for a connection that is gone or never came (they carry no code). */
const CONNECTION_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /not queryable/i,
  /the server closed the connection/i,
  /cannot use a pool after calling end/i,
];

/**
 * True when err means "the database is not there just now" rather than "this statement failed":
 * refused/reset/broken sockets, a terminated connection, a timeout acquiring one, SQLSTATE class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting
 * up or shutting down), 53300 too many connections.
 */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
  // Node's happy-eyeballs connect fails with an AggregateError of one error per address
  if (Array.isArray(e.errors) && e.errors.some((x) => isConnectionError(x))) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return code === '' && CONNECTION_MESSAGES.some((re) => re.test(message));
}

/** A connection failure as the service's 503 database_unavailable; any other error unchanged. */
function asUnavailable(err: unknown): unknown {
  if (err instanceof AppError || !isConnectionError(err)) return err;
  return new AppError('database_unavailable', { cause: err });
}

/** Pool size (DATABASE_POOL_SIZE overrides it) and timeouts: a request waits at most 5 s for a connection, then answers 503. */
const POOL = { max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 } as const;

function openPostgres(url: string, opts: OpenDbOptions): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? POOL.max,
    connectionTimeoutMillis: POOL.connectionTimeoutMillis,
    idleTimeoutMillis: POOL.idleTimeoutMillis,
    // TCP keep-alive: a server that vanished without closing its sockets is noticed, not waited for
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: typeParsers,
  });
  const report = (err: unknown) => {
    const e = err as { message?: string; code?: string };
    // the driver's message only (it names no data: "Connection terminated unexpectedly", "terminating
    // connection due to administrator command"); never the URL, which may hold a password
    opts.onConnectionError?.({ reason: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) });
  };
  // An idle connection that dies is reported here and dropped by the pool (checked-out ones have their
  // own listener, checkout() below). Without a listener this 'error' event would end the process.
  pool.on('error', report);
  // Notices (e.g. "relation already exists, skipping" of migrations) are not errors.
  pool.on('connect', (client) => {
    client.on('notice', () => {});
  });

  const run = async <T>(client: pg.PoolClient, text: string, params?: unknown[]): Promise<T[]> => {
    try {
      const res = await client.query({ text, values: prepareParams(params) });
      return res.rows as T[];
    } catch (err) {
      throw asUnavailable(err);
    }
  };

  /**
   * A pooled connection for one statement or one transaction. While it is checked out the pool does not
   * listen to its 'error' event (pg emits it when the server ends the connection, even during a query):
   * we do, so a dying connection never becomes an uncaught exception, and release() then destroys it.
   */
  const checkout = async (): Promise<{ client: pg.PoolClient; broken: () => boolean; release: (broken?: boolean) => void }> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      throw asUnavailable(err);
    }
    let failed = false;
    const onError = () => {
      failed = true;
    };
    client.on('error', onError);
    return {
      client,
      broken: () => failed,
      release(broken = false) {
        client.removeListener('error', onError);
        // release(err) destroys the connection: a broken one never serves the next request
        client.release(broken || failed ? new Error('connection broken') : undefined);
      },
    };
  };

  /**
   * One statement outside a transaction on a pooled connection. Unlike pool.query, a statement's own
   * failure (a unique violation the caller expects) keeps the connection; only a broken one is destroyed
   * (the pool also drops a client that is no longer queryable).
   */
  const single = async <T>(text: string, params?: unknown[]): Promise<T[]> => {
    const c = await checkout();
    try {
      const rows = await run<T>(c.client, text, params);
      c.release();
      return rows;
    } catch (err) {
      c.release(err instanceof AppError);
      throw err;
    }
  };

  const inTransaction = (client: pg.PoolClient): ExecDb => {
    let depth = 0;
    const tx: ExecDb = {
      kind: 'postgres',
      query: <T>(text: string, params?: unknown[]) => run<T>(client, text, params),
      async exec(text: string) {
        // no parameters: the simple query protocol, which takes several statements at once
        try {
          await client.query(text);
        } catch (err) {
          throw asUnavailable(err);
        }
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        // Nested transaction: a savepoint, so an inner failure rolls back only the inner work.
        const name = `sp_${++depth}`;
        await tx.exec(`savepoint ${name}`);
        try {
          const out = await fn(tx);
          await tx.exec(`release savepoint ${name}`);
          return out;
        } catch (err) {
          await tx.exec(`rollback to savepoint ${name}`);
          throw err;
        }
      },
      async close() {},
    };
    return tx;
  };

  const db: ExecDb = {
    kind: 'postgres',
    query: <T>(text: string, params?: unknown[]) => single<T>(text, params),
    poolStats: () => ({ size: pool.totalCount, max: pool.options.max ?? POOL.max, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exec(text: string) {
      await db.transaction(async (tx) => (tx as ExecDb).exec(text));
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const c = await checkout();
      const client = c.client;
      let broken = false;
      try {
        await client.query('begin');
        const out = await fn(inTransaction(client));
        await client.query('commit');
        return out;
      } catch (err) {
        if (isConnectionError(err) || (err instanceof AppError && err.code === 'database_unavailable')) broken = true;
        if (!broken && !c.broken()) {
          try {
            await client.query('rollback');
          } catch {
            broken = true;
          }
        }
        throw asUnavailable(err);
      } finally {
        c.release(broken);
      }
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
  return db;
}
// Any constant works; this one spells "aurum" so it is recognisable in pg_locks.
const MIGRATION_LOCK = 0x617572756d;

/**
 * Applies every migrations/NNNN_name.sql not yet recorded in schema_migrations, in name order, in one
 * transaction. Safe to run twice, and safe when two processes start at once: the transaction first takes
 * an advisory lock, so the second waits and then finds nothing left to do.
 */
export async function migrate(db: Db, dir = migrationsDir): Promise<void> {
  const files = readdirSync(dir).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`create table if not exists schema_migrations (
      version text primary key,
      applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      await (tx as ExecDb).exec(readFileSync(join(dir, file), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    }
  });
}
