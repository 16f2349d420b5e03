// Issue 27: a full disk must not hang the embedded database. Without the guard (db/disk-guard.ts), a PGlite
// that cannot create its next WAL segment spins in XLogFlush for ever and nothing answers again. With it,
// commerce refuses writes with 503 database_unavailable while the disk is below its reserve, keeps serving
// reads and /health/live, and accepts writes again once space returns. On a real tmpfs of 120 MB.
import t from 'tap';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommerceService } from '../../src/commerce/main.ts';
import { diskGuard, isWriteStatement } from '../../src/commerce/db/disk-guard.ts';
import { loadConfig } from '../../src/config.ts';
import { PASSWORD, uniqueEmail } from './helpers.ts';

t.test('the guard: which statements write, and when writes are refused (fake clock, fake file system)', async (t) => {
  for (const sql of ['insert into carts values ($1)', 'UPDATE orders SET x = 1', 'delete from sessions', 'select * from orders where id = $1 for update', 'select nextval($1)', 'with x as (delete from a returning *) select * from x', 'select * from t for no key update'])
    t.ok(isWriteStatement(sql), `writes: ${sql}`);
  for (const sql of ['select updated_at, deleted_at, created_by from orders', 'select 1', 'savepoint sp_1', 'release savepoint sp_1', 'select count(*) from documents'])
    t.notOk(isWriteStatement(sql), `reads: ${sql}`);

  let free = 100;
  let now = 0;
  const changes: boolean[] = [];
  const g = diskGuard({ dir: '/', minFreeBytes: 50, freeBytes: () => free, now: () => now, onChange: (i) => changes.push(i.low) });
  t.notOk(g.low(), 'enough space');
  free = 10;
  t.notOk(g.low(), 'looked 0 ms ago: the last answer stands');
  now += 250;
  t.ok(g.low(), 'below the reserve: writes refused');
  free = 60;
  now += 250;
  t.notOk(g.low(), 'space is back: writes accepted again');
  t.same(changes, [true, false], 'each change told once');
  t.notOk(diskGuard({ dir: '/', minFreeBytes: 0, freeBytes: () => 0 }).low(), '0 turns the guard off');
});

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

t.test('on a small tmpfs: writes refused while full, reads and liveness served, writes back when space returns', { skip: canMount() ? false : 'needs root and tmpfs (CI runs as root)' }, async (t) => {
  const mnt = mkdtempSync(join(tmpdir(), 'commerce-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=120m', 'tmpfs', mnt]);
  t.teardown(() => {
    try { execFileSync('umount', ['-l', mnt]); } catch { /* already gone */ }
    rmSync(mnt, { recursive: true, force: true });
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: join(mnt, 'data'), DATABASE_URL: '', DATA_DIR_MIN_FREE_MB: '40' });
  const shop = await startCommerceService(config, 0);
  t.teardown(() => shop.close());
  const call = (method: string, path: string, body?: unknown) => fetch(`${shop.url}${path}`, {
    method, headers: { 'x-store-key': 'de', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(20_000),
  });
  const register = () => call('POST', '/customers', { email: uniqueEmail(), password: PASSWORD, firstName: 'Anna', lastName: 'Muster' });

  t.equal((await register()).status, 201, 'a write with room on the disk');

  // fill the disk to 20 MB below the 40 MB reserve
  const s = statfsSync(mnt);
  const fill = join(mnt, 'fill');
  writeFileSync(fill, Buffer.alloc(Number(s.bavail) * Number(s.bsize) - 20 * 1024 * 1024));
  await new Promise((r) => setTimeout(r, 300)); // the guard looks again after 250 ms

  for (let i = 0; i < 5; i++) {
    const res = await register();
    t.equal(res.status, 503, `write ${i + 1} refused`);
    t.equal((await res.json()).code, 'database_unavailable');
  }
  t.equal((await call('GET', '/products?limit=1')).status, 200, 'reads are served');
  t.equal((await call('GET', '/health/live')).status, 200, 'liveness answers');

  rmSync(fill);
  let status = 0;
  for (let i = 0; i < 40 && status !== 201; i++) {
    status = (await register()).status;
    if (status !== 201) await new Promise((r) => setTimeout(r, 100));
  }
  t.equal(status, 201, 'space is back: writes accepted again without a restart');
});
