// The commerce database: one PostgreSQL dialect on two engines. PGlite (in-process, files under DATA_DIR
// or in memory) for the embedded shop and tests; a PostgreSQL server through the `postgres` driver when
// DATABASE_URL is postgres://... The same SQL ($1.. placeholders) runs on both, and both return the same
// JavaScript types: int8 as number (money is integer cents, far below 2^53), numeric as string,
// timestamptz as Date, json/jsonb parsed.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import postgres from 'postgres';

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Internal: multi-statement SQL for migrations (simple query protocol, no parameters). */
interface ExecDb extends Db {
  exec(sql: string): Promise<void>;
}

/** Where the versioned migrations live. Files are NNNN_name.sql, applied in name order. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Opens the database named by DATABASE_URL: '' -> PGlite with files under dataDir (default 'data'),
 * 'memory' -> PGlite in memory, postgres://... -> a PostgreSQL server.
 */
export async function openDb(databaseUrl: string, dataDir = 'data'): Promise<Db> {
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) return openPostgres(databaseUrl);
  if (databaseUrl === 'memory') return openPglite(await PGlite.create({ parsers: pgliteParsers }));
  if (databaseUrl !== '') throw new Error('DATABASE_URL accepts empty, memory or postgres://...');
  mkdirSync(dataDir, { recursive: true });
  return openPglite(await PGlite.create({ dataDir, parsers: pgliteParsers }));
}

const pgliteParsers = {
  [pgliteTypes.INT8]: (v: string) => Number(v),
};

/** Wraps a ready PGlite instance (tests start one from a template data dir). */
export function openPglite(pg: PGlite): Db {
  let depth = 0;
  const make = (runner: Pick<PGlite, 'query' | 'exec'>, inTx: boolean): ExecDb => ({
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const res = await runner.query<T>(sql, params ?? []);
      return res.rows;
    },
    async exec(sql: string) {
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

function openPostgres(url: string): Db {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    types: {
      // int8 (count(*), bigint columns) as number, the same as PGlite above.
      bigint: { to: 20, from: [20], serialize: (v: number | bigint) => String(v), parse: (v: string) => Number(v) },
      // PGlite sends a string bound to a json/jsonb parameter as the JSON text itself and stringifies
      // anything else; the driver's default would encode the string a second time. Same rule here, so
      // `$1::jsonb` with JSON.stringify(x) or with x behaves the same on both engines.
      json: {
        to: 114, from: [114, 3802],
        serialize: (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v)),
        parse: (v: string) => JSON.parse(v) as unknown,
      },
    },
  });
  const make = (runner: postgres.Sql | postgres.TransactionSql, inTx: boolean): ExecDb => ({
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      const rows = await runner.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[]);
      return [...rows] as unknown as T[];
    },
    async exec(text: string) {
      await runner.unsafe(text).simple();
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (!inTx) return (await (runner as postgres.Sql).begin((tx) => fn(make(tx, true)))) as T;
      return (await (runner as postgres.TransactionSql).savepoint((tx) => fn(make(tx, true)))) as T;
    },
    async close() {
      if (!inTx) await sql.end({ timeout: 5 });
    },
  });
  return make(sql, false);
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
