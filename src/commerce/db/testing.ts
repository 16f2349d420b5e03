// Test databases for the commerce suite (and anyone testing against the commerce schema).
// PGlite: a fresh in-memory database per call, started from a template data directory (migrated and
// seeded once, cached as a tarball in the system temp folder, keyed by the migrations' and the seed's
// source), so each start takes about a tenth of a second instead of initdb's 3.5 s.
// TEST_DATABASE_URL=postgres://...: a fresh database on that server per call, copied from a template
// database migrated and seeded once per server (and sources), dropped on close.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryFS, PGlite, types as pgliteTypes, type PGliteOptions } from '@electric-sql/pglite';
import { writeWhole } from '../../lib/write-whole.ts';
import { migrate, migrationsDir, openDb, openPglite, type Db } from './index.ts';

export interface TestDb {
  db: Db;
  /** on a server: the test database's URL (a second instance opens its own pool on it) */
  url?: string;
  /** closes the database and, on a server, drops it */
  close(): Promise<void>;
}

const catalogueDir = fileURLToPath(new URL('../catalogue/', import.meta.url));

function sourcesHash(): string {
  const h = createHash('sha256');
  // the PGlite build: its data directory format must match the template's
  h.update(readFileSync(fileURLToPath(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')))));
  for (const dir of [migrationsDir, catalogueDir]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      const p = join(dir, f);
      if (statSync(p).isFile()) h.update(f).update(readFileSync(p));
    }
  }
  return h.digest('hex').slice(0, 16);
}

async function seed(db: Db): Promise<void> {
  const { seedCatalogue } = await import('../catalogue/seed.ts');
  await seedCatalogue(db);
}

const parsers = { [pgliteTypes.INT8]: (v: string) => Number(v) };

/**
 * What every PGlite test database of this process starts from, read and compiled once per process: the
 * template's tarball, PGlite's WebAssembly module and its file bundle.
 * Decision (issue 27, CI time): the template is kept uncompressed (44 MB in the temp folder instead of 5 MB):
 * PGlite gunzips a .tar.gz through web streams on every start, and a test file starts a database per test.
 * With the module compiled once and the tarball read once, a start took 0.32 s instead of 0.54 s (the third
 * and fourth of four starts in one process, the 2-core machine). Test databases also get 16 MB of shared
 * buffers instead of PGlite's 128 MB, which postgres clears on every start: 0.23 s instead of 0.32 s (and 0.10-0.11 s
 * with TemplateFs, below). A test database holds the
 * seeded catalogue and a test's orders; nothing a test asserts depends on the buffer pool's size.
 */
interface PgliteStart { template: TarEntry[]; pgliteWasmModule: PGliteOptions['pgliteWasmModule']; fsBundle: Blob }

/** One member of the template's archive: a directory, or a file and its bytes. */
interface TarEntry { path: string; dir: boolean; data: Uint8Array }

/**
 * The members of an uncompressed ustar archive (what PGlite's dumpDataDir('none') writes): regular files
 * and directories, each path as stored (with the prefix field, for long ones). Anything else is an error: the
 * template is our own file, and a member this cannot read must not become a silently incomplete database.
 */
export function readTar(buf: Uint8Array): TarEntry[] {
  const text = (from: number, len: number) => {
    const end = buf.indexOf(0, from);
    return Buffer.from(buf.subarray(from, end === -1 || end > from + len ? from + len : end)).toString('utf8');
  };
  const out: TarEntry[] = [];
  for (let at = 0; at + 512 <= buf.length; ) {
    if (buf[at] === 0) break; // the end: two zero blocks
    const name = text(at, 100);
    const prefix = text(at + 345, 155);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(buf[at + 156] || 0x30);
    const path = prefix ? `${prefix}/${name}` : name;
    if (!Number.isSafeInteger(size) || size < 0 || at + 512 + size > buf.length) throw new Error(`template archive: member ${path} runs past the end`);
    if (type === '5') out.push({ path, dir: true, data: new Uint8Array(0) });
    else if (type === '0') out.push({ path, dir: false, data: buf.subarray(at + 512, at + 512 + size) });
    else throw new Error(`template archive: member ${path} of type ${type} is neither a file nor a directory`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

/** The part of Emscripten's FS this needs (PGlite's module keeps it behind a protected field). */
interface EmscriptenFs { mkdirTree(path: string): void; writeFile(path: string, data: Uint8Array): void }
const PGDATA = '/pglite/data';

/**
 * PGlite's in-memory file system, filled with the template's members before postgres starts, in place of
 * PGlite's own loadDataDir.
 * Decision (issue 27, CI time): loadDataDir copies the whole archive out of its Blob, parses every member's
 * header field by field and checks every directory of every path again, on each start; a profile of
 * test/cart/api.test.ts put 3.1 of its 19 CPU-seconds there. Here the archive is parsed once per process and a
 * start writes the files (writeFile copies their bytes: each database changes its own). PGlite then finds a
 * data directory and starts postgres on it, as it does on a directory that a file system brings (its
 * "found DB, resuming").
 */
class TemplateFs extends MemoryFS {
  private readonly entries: TarEntry[];
  constructor(entries: TarEntry[]) {
    super();
    this.entries = entries;
  }
  override async initialSyncFs(): Promise<void> {
    const fs = (this.pg as unknown as { mod: { FS: EmscriptenFs } }).mod.FS;
    const made = new Set<string>();
    const dir = (path: string) => {
      if (!made.has(path)) (fs.mkdirTree(path), made.add(path));
    };
    dir(PGDATA);
    for (const e of this.entries) {
      const path = `${PGDATA}/${e.path.replace(/^\/+|\/+$/g, '')}`;
      if (e.dir) dir(path);
      else {
        dir(path.slice(0, path.lastIndexOf('/')));
        fs.writeFile(path, e.data);
      }
    }
  }
}
// a global of Node that the services' TypeScript settings (no DOM library) do not declare
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>> };
let pgliteStart: Promise<PgliteStart> | undefined;

async function templateFile(): Promise<string> {
  const file = join(tmpdir(), `commerce-template-${sourcesHash()}.tar`);
  if (existsSync(file)) return file;
  const pg = await PGlite.create({ parsers });
  const db = openPglite(pg);
  try {
    await migrate(db);
    await seed(db);
    const dump = await pg.dumpDataDir('none');
    // test files building the template at the same time never read half a file
    writeWhole(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
  return file;
}

function pgliteStartOnce(): Promise<PgliteStart> {
  pgliteStart ??= (async () => {
    const dist = new URL('./', import.meta.resolve('@electric-sql/pglite'));
    const [file, pgliteWasmModule] = await Promise.all([
      templateFile(),
      WebAssembly.compile(readFileSync(new URL('pglite.wasm', dist))),
    ]);
    return { template: readTar(readFileSync(file)), pgliteWasmModule, fsBundle: new Blob([readFileSync(new URL('pglite.data', dist))]) };
  })();
  pgliteStart.catch(() => { pgliteStart = undefined; });
  return pgliteStart;
}

/** A migrated and seeded database for one test file (or one test). */
export async function openTestDb(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return openServerTestDb(serverUrl);

  const { template, pgliteWasmModule, fsBundle } = await pgliteStartOnce();
  const pg = await PGlite.create({ parsers, fs: new TemplateFs(template), pgliteWasmModule, fsBundle, postgresqlconf: ['shared_buffers = 16MB'] });
  const db = openPglite(pg);
  // a no-op unless the template predates a migration (the hash makes that rare)
  await migrate(db);
  return { db, close: () => db.close() };
}

/**
 * The server's template database for this source hash: migrated and seeded once (per server and hash),
 * then copied by CREATE DATABASE ... TEMPLATE for every test database, which takes a fraction of the
 * migrations' and the seed's time. Built under a name of its own and renamed when complete, so test
 * files starting at the same time never copy half a template; the one that loses the race drops its own.
 */
async function serverTemplate(admin: Db, serverUrl: string): Promise<string> {
  const hash = sourcesHash();
  const name = `commerce_template_${hash}`;
  const exists = async () => (await admin.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [name]))[0].n > 0;
  if (await exists()) return name;
  const building = `commerce_tbuild_${hash}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const db = await openDb(url.toString());
  try {
    await migrate(db);
    await seed(db);
  } catch (err) {
    await db.close();
    await admin.query(`drop database if exists ${building} with (force)`);
    throw err;
  }
  await db.close();
  // Templates of older sources stay (another checkout on the same server may still copy them; CI's
  // server is thrown away): drop them by hand on a long-lived server (commerce_template_*).
  try {
    await admin.query(`alter database ${building} rename to ${name}`);
  } catch (err) {
    await admin.query(`drop database if exists ${building} with (force)`);
    if (!(await exists())) throw err;
  }
  return name;
}

async function openServerTestDb(serverUrl: string): Promise<TestDb> {
  const admin = await openDb(serverUrl);
  const name = `commerce_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name} template ${await serverTemplate(admin, serverUrl)}`);
  } catch (err) {
    await admin.close();
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDb(url.toString());
  try {
    // a no-op, as on PGlite: the template has every migration of its hash
    await migrate(db);
  } catch (err) {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.close();
    throw err;
  }
  return {
    db,
    url: url.toString(),
    async close() {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
