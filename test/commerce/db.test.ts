// The database layer: one dialect and the same results on PGlite and on a PostgreSQL server
// (TEST_DATABASE_URL), migrations safe to run twice and from two processes at once, transactions with
// savepoints, and the DATABASE_URL forms openDb accepts.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationsDir, openDb } from '../../src/commerce/db/index.ts';
import { openTestDb, readTar } from '../../src/commerce/db/testing.ts';

const { db, close } = await openTestDb();
t.teardown(close);

t.test('both engines answer the same JavaScript types', async (t) => {
  const rows = await db.query<Record<string, unknown>>(
    `select 1::int8 as big, 2::int4 as int, 1.50::numeric as num, $1::timestamptz as ts, $2::jsonb as doc, $3::jsonb as doc2,
            $4::text[] as arr, true as flag, null::text as nothing`,
    [new Date('2026-11-22T10:00:00Z'), JSON.stringify({ a: 1 }), { b: [2] }, ['x', 'y']],
  );
  t.same(rows[0], {
    big: 1, int: 2, num: '1.50', ts: new Date('2026-11-22T10:00:00Z'), doc: { a: 1 }, doc2: { b: [2] }, arr: ['x', 'y'], flag: true, nothing: null,
  });
  t.equal((await db.query<{ t: string }>(`select jsonb_typeof($1::jsonb) as t`, [JSON.stringify({ a: 1 })]))[0].t, 'object', 'a JSON string is not encoded twice');
});

t.test('migrations are recorded and running them again changes nothing', async (t) => {
  const before = await db.query<{ version: string }>('select version from schema_migrations order by version');
  t.ok(before.some((r) => r.version === '0001_customers.sql'));
  await migrate(db);
  await Promise.all([migrate(db), migrate(db)]);
  const after = await db.query<{ version: string }>('select version from schema_migrations order by version');
  t.same(after, before);
});

t.test('a new migration file is applied once, in name order, inside one transaction', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const table = `probe_${Date.now()}`;
  writeFileSync(join(dir, '0001_a.sql'), `create table ${table} (n int); insert into ${table} values (1);`);
  writeFileSync(join(dir, '0002_b.sql'), `insert into ${table} values (2);`);
  writeFileSync(join(dir, 'notes.txt'), 'not a migration');
  await migrate(db, dir);
  await migrate(db, dir);
  t.same((await db.query<{ n: number }>(`select n from ${table} order by n`)).map((r) => r.n), [1, 2]);
  writeFileSync(join(dir, '0003_broken.sql'), `insert into ${table} values (3); select * from no_such_table;`);
  await t.rejects(migrate(db, dir));
  t.same((await db.query<{ n: number }>(`select n from ${table} order by n`)).map((r) => r.n), [1, 2], 'a failing migration leaves nothing behind');
  await db.query(`drop table ${table}`);
  await db.query(`delete from schema_migrations where version in ('0001_a.sql', '0002_b.sql')`);
});

t.test('transactions roll back on error; a nested transaction is a savepoint', async (t) => {
  await db.query('create table if not exists tx_probe (n int)');
  await t.rejects(db.transaction(async (tx) => {
    await tx.query('insert into tx_probe values (1)');
    throw new Error('stop');
  }));
  t.same(await db.query('select * from tx_probe'), []);
  await db.transaction(async (tx) => {
    await tx.query('insert into tx_probe values (2)');
    await t.rejects(tx.transaction(async (inner) => {
      await inner.query('insert into tx_probe values (3)');
      throw new Error('inner');
    }));
    await tx.transaction(async (inner) => inner.query('insert into tx_probe values (4)'));
  });
  t.same((await db.query<{ n: number }>('select n from tx_probe order by n')).map((r) => r.n), [2, 4]);
  await db.query('drop table tx_probe');
});

t.test('two processes starting at once migrate once (server only: advisory lock)', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async (t) => {
  const admin = await openDb(process.env.TEST_DATABASE_URL!);
  const name = `commerce_race_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const a = await openDb(url.toString());
  const b = await openDb(url.toString());
  t.teardown(async () => {
    await a.close();
    await b.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
  });
  await Promise.all([migrate(a), migrate(b), migrate(a)]);
  const versions = await a.query<{ version: string }>('select version from schema_migrations order by version');
  t.same(versions.map((v) => v.version), (await import('node:fs')).readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort());
});

t.test('the pool keeps at most DATABASE_POOL_SIZE connections; more statements wait their turn (server only)', { skip: !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL' }, async (t) => {
  const db = await openDb(process.env.TEST_DATABASE_URL!, 'data', { poolSize: 2 });
  t.teardown(() => db.close());
  const tag = `pool_probe_${process.pid}`;
  // six statements at once, each holding its connection until all have started; each reports how many
  // connections this pool has open on the server at that moment (application_name tags them)
  const seen = await Promise.all(Array.from({ length: 6 }, () => db.transaction(async (tx) => {
    await tx.query(`set local application_name = '${tag}'`);
    const [row] = await tx.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where application_name = '${tag}'`);
    await tx.query('select pg_sleep(0.05)');
    return row.n;
  })));
  t.equal(seen.length, 6, 'every statement ran');
  t.ok(Math.max(...seen) <= 2, `never more than 2 connections of this pool at once (saw ${seen.join(', ')})`);
});

t.test('openDb: memory, files under a data dir, and a clear error for anything else', async (t) => {
  const mem = await openDb('memory');
  t.equal(mem.kind, 'pglite');
  await mem.close();
  const dir = mkdtempSync(join(tmpdir(), 'pglite-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const nested = join(dir, 'a', 'b');
  mkdirSync(join(dir, 'a'));
  const files = await openDb('', nested);
  await files.query('create table kept (n int)');
  await files.query('insert into kept values (7)');
  await files.close();
  const again = await openDb('', nested);
  t.same(await again.query('select n from kept'), [{ n: 7 }], 'the data survived closing');
  await again.close();
  await t.rejects(openDb('mysql://x'), /DATABASE_URL/);
});

t.test('the PGlite test template\'s archive reader: directories, files with their bytes, long paths; anything else is refused', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tar-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const long = `base/${'d'.repeat(60)}/${'e'.repeat(60)}`;
  mkdirSync(join(dir, 'data', long), { recursive: true });
  writeFileSync(join(dir, 'data', 'PG_VERSION'), '17\n');
  writeFileSync(join(dir, 'data', long, '1259'), Buffer.alloc(8192 + 7, 0xab));
  writeFileSync(join(dir, 'data', 'empty'), '');
  const archive = join(dir, 'a.tar');
  // the system's tar, in the ustar format PGlite writes: a path over 100 bytes goes into the prefix field
  execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', join(dir, 'data'), 'PG_VERSION', 'base', 'empty']);
  const entries = readTar(readFileSync(archive));
  const files = Object.fromEntries(entries.filter((e) => !e.dir).map((e) => [e.path, e.data]));
  t.same(entries.filter((e) => e.dir).map((e) => e.path.replace(/\/$/, '')), ['base', `base/${'d'.repeat(60)}`, long]);
  t.same(Object.keys(files).sort(), ['PG_VERSION', `${long}/1259`, 'empty']);
  t.equal(Buffer.from(files.PG_VERSION).toString(), '17\n');
  t.equal(files[`${long}/1259`].length, 8199, 'a file that does not fill its last block keeps its own length');
  t.ok(files[`${long}/1259`].every((b) => b === 0xab));
  t.equal(files.empty.length, 0);

  symlinkSync('PG_VERSION', join(dir, 'data', 'link'));
  execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', join(dir, 'data'), 'PG_VERSION', 'link']);
  t.throws(() => readTar(readFileSync(archive)), /member link of type 2 is neither a file nor a directory/);
  execFileSync('tar', ['--format=ustar', '-cf', archive, '-C', join(dir, 'data'), 'base']);
  t.throws(() => readTar(readFileSync(archive).subarray(0, 512 * 3 + 1000)), /runs past the end/, 'a cut archive is refused');
});
