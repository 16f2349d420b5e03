// `npm test` after typecheck, check:deps and build (issue 27, CI time): each suite with its output kept and
// printed whole when it ends, under a line naming the suite, its time and exit code; .ci/run's count (every tap
// summary, Playwright's "N passed") reads it as before.
//   1. tap on PGlite (every test file, .taprc's jobs) and `npm run test:pg` (the database suites on the
//      PostgreSQL server of TEST_DATABASE_URL, and its restart test, which only stops that server: it runs
//      beside tap on PGlite, see pgRestart). Decision: PGlite and the database suites one after the other
//      by default. Measured on CI's 2-core machine (clean clone, nothing else running): side by side the
//      two took 2,445 s together (tap 2,445 s, test:pg 1,552 s inside it) against about 1,800 s one after
//      the other in the runs before (tap 1,232 s, then test:pg about 560 s), and a
//      test with real sockets between the parts (test/commerce/db-unavailable: its first cart add answered 503
//      instead of 200) failed under the doubled load; it passes alone and in the runs one after the other.
//      TEST_SUITES=parallel runs them side by side, for machines with cores to spare.
//   2. alone: the statement load test (it measures /health/live while 14,000 entries are imported).
//   3. alone: the browser tests (Playwright, E2E_WORKERS browsers against one shop), whose 10 s expectations
//      are the tightest of all. Tried and not kept (session 8, a quiet 2-core machine): test:pg beside the
//      browser tests. Together they took 1,147 s, against 396 + 762 = 1,158 s one after the other in the clean-clone
//      CI run just before. vmstat showed the CPU 0-2 % idle throughout. One test:pg file (test/commerce/sessions)
//      exited 1 with every test passed under the doubled load. The suites are CPU-bound: on two cores,
//      running them side by side saves nothing. Also tried (session 9): the browser tests against the
//      production bundle (minified, React's production build): all 179 passed in 746 s against 815 s on the
//      development bundle, a gain within the machine's noise, and React's development warnings (a list
//      without keys, invalid nesting), which fail a test through e2e/fixtures.ts's console check, would go
//      unseen. The browser tests keep the development bundle; the benches load the production one.
import { spawn } from 'node:child_process';
import { createWriteStream, globSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_SUITES } from '../test/pg-suites.ts';
import { failureLines } from './failure-lines.ts';

interface Suite { name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv }

const withoutServer = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
};

/**
 * The tap files for PGlite. Decision (issue 27, CI time): with a PostgreSQL server (TEST_DATABASE_URL, as
 * .ci/run sets it), the database folders (test/pg-suites.ts) run once, on that server (test:pg), not a
 * second time on PGlite: on CI's two cores the second run cost about 570 s of the tap run's 1,232 s. Every
 * other folder (carts, the /api, the back office, the storefront, the account area, ...) still runs its
 * commerce on PGlite, the engine `npm start` embeds, and the tests written for PGlite alone (the disk guard's,
 * among them) open PGlite themselves wherever they run. Without a server, or with TEST_PGLITE_ALL=1, every
 * file runs on PGlite as before.
 */
function pgliteFiles(): string[] {
  if (!process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE_ALL === '1') return [];
  const onServer = (f: string) => PG_SUITES.some((p) => f === p || f.startsWith(`${p}/`));
  return globSync('test/**/*.test.{ts,tsx}')
    // the restart test needs the server: it runs as a suite of its own (pgRestart), not here to be skipped
    .filter((f) => !/(^|\/)(fixtures?|dist)\//.test(f) && f !== 'test/lifecycle/statement-load.test.ts' && !f.startsWith('test/pg-restart/') && !onServer(f))
    .sort();
}

const pgliteList = pgliteFiles();
const tapPglite: Suite = {
  name: pgliteList.length ? 'tap on PGlite (the database folders run on PostgreSQL, below)' : 'tap on PGlite',
  cmd: 'tap',
  args: pgliteList,
  env: withoutServer(),
};
/**
 * With a server, the database folders (test/postgres.ts's first part) and the database restart test (its
 * second) are two suites here. Decision (issue 27, CI time): the restart test runs beside the tap run on
 * PGlite, which never touches that server (withoutServer). It stops and starts the server six times, 5 s each:
 * 51 s of which it is busy for 18 CPU-s, on the 2-core machine. Its carts and orders worked again 5-131 ms
 * after each return, against its limit of 5 s. After the PGlite run it held the machine for those 51 s almost
 * idle. It still runs alone on its server: the database folders start after it ends.
 */
const withServer = !!process.env.TEST_DATABASE_URL;
const tapPostgres: Suite = withServer
  ? { name: 'tap on PostgreSQL (the database folders of npm run test:pg)', cmd: 'tap', args: PG_SUITES }
  : { name: 'tap on PostgreSQL (npm run test:pg)', cmd: 'tsx', args: ['test/postgres.ts'] };
const pgRestart: Suite | null = withServer && process.env.TEST_PG_CTL
  ? { name: 'database restart (npm run test:pg\'s second part, beside tap on PGlite)', cmd: 'tap', args: ['--timeout=300', 'test/pg-restart'] }
  : null;
const statementLoad: Suite = { name: 'statement load (alone)', cmd: 'tap', args: ['--jobs=1', 'test/lifecycle/statement-load.test.ts'], env: withoutServer() };
const browser: Suite = { name: 'browser tests (npm run test:e2e)', cmd: 'playwright', args: ['test'] };

const dir = mkdtempSync(join(tmpdir(), 'test-suites-'));
const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

const failures: { suite: string; lines: string[] }[] = [];

/** Runs one suite with its output in a file; prints the output whole when it ends; answers its exit code. */
function run(suite: Suite): Promise<number> {
  const file = join(dir, `${suite.name.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(file);
  const since = Date.now();
  console.log(`== ${suite.name}: started at ${seconds(started)} s`);
  return new Promise((resolve) => {
    const child = spawn(suite.cmd, suite.args, { env: suite.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (err) => out.write(`${suite.cmd}: ${err.message}\n`));
    child.on('close', (code, signal) => {
      out.end(() => {
        const status = code ?? (signal ? 1 : 0);
        console.log(`\n== ${suite.name}: ${seconds(since)} s, exit ${status}${signal ? ` (${signal})` : ''}`);
        const log = readFileSync(file);
        process.stdout.write(log);
        if (status !== 0) failures.push({ suite: suite.name, lines: failureLines(log.toString('utf8')) });
        resolve(status);
      });
    });
  });
}

async function main(): Promise<number> {
  const serial = process.env.TEST_SUITES !== 'parallel';
  const codes: number[] = [];
  if (serial) {
    codes.push(...(await Promise.all([run(tapPglite), ...(pgRestart ? [run(pgRestart)] : [])])));
    codes.push(await run(tapPostgres));
  } else {
    codes.push(...(await Promise.all([run(tapPglite), (async () => [pgRestart ? await run(pgRestart) : 0, await run(tapPostgres)])()])).flat());
  }
  if (withServer && !pgRestart) console.log('test:pg: database restart test skipped: set TEST_PG_CTL (and TEST_PG_START_ARGS) to let it stop and start the server (README, "The database may restart")');
  codes.push(await run(statementLoad));
  codes.push(await run(browser));
  console.log(`\n== all suites: ${seconds(started)} s`);
  for (const f of failures) {
    console.log(`\n== failed in ${f.suite}:`);
    console.log(f.lines.length ? f.lines.join('\n') : '(no failing test named: see the suite\'s output above)');
  }
  return codes.find((c) => c !== 0) ?? 0;
}

process.exitCode = await main();
