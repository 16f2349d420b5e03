// `npm run ops:create-admin`: the first admin in production, with the password from the environment or
// standard input, never from the command line. Runs the script as a process on a PGlite directory of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openDb } from '../../src/commerce/db/index.ts';

t.test('npm run ops:create-admin creates an admin with the password from the environment or standard input, never from argv', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-admin-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dir, TEST_DATABASE_URL: '' };
  const run = (args: string[], extraEnv: Record<string, string> = {}, input?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ops-create-admin.ts', ...args], { env: { ...env, ...extraEnv }, input, encoding: 'utf8', timeout: 120_000 });

  const first = run(['--email', 'chefin@example.ch'], { OPS_ADMIN_PASSWORD: 'Erste-Admin-2026!' });
  t.equal(first.status, 0, first.stderr);
  t.match(first.stdout, 'Created admin chefin@example.ch');
  const piped = run(['--email', 'vize@example.ch'], {}, 'Zweite-Admin-2026!\n');
  t.equal(piped.status, 0, piped.stderr);
  const taken = run(['--email', 'CHEFIN@example.ch'], { OPS_ADMIN_PASSWORD: 'Erste-Admin-2026!' });
  t.equal(taken.status, 1);
  t.match(taken.stderr, 'exists already');
  const argv = run(['--email', 'argv@example.ch', '--password', 'Im-Prozess-Sichtbar-1']);
  t.not(argv.status, 0, 'a password on the command line is refused');

  const db = await openDb('', dir);
  try {
    const rows = await db.query<{ email: string; roles: string[] }>('select email, roles from operators order by email');
    t.same(rows.map((r) => [r.email, r.roles]), [['chefin@example.ch', ['admin']], ['vize@example.ch', ['admin']]]);
  } finally {
    await db.close();
  }
});
