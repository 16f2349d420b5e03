// `npm test` after typecheck, check:deps and build (issue 27, CI time): each suite with its output kept and
// printed whole when it ends, under a line naming the suite, its time and exit code; .ci/run's count (every tap
// summary, Playwright's "N passed") reads it as before.
//   1. tap on PGlite (every test file, .taprc's jobs) and `npm run test:pg` (the database suites on the
//      PostgreSQL server of TEST_DATABASE_URL, then its restart test, which only stops that server).
//      Decision: one after the other by default. Measured on CI's 2-core machine (clean clone, nothing else
//      running): side by side the two took 2,445 s together (tap 2,445 s, test:pg 1,552 s inside it) against
//      about 1,800 s one after the other in the runs before (tap 1,232 s, then test:pg about 560 s), and a
//      test with real sockets between the parts (test/commerce/db-unavailable: its first cart add answered 503
//      instead of 200) failed under the doubled load; it passes alone and in the runs one after the other.
//      TEST_SUITES=parallel runs them side by side, for machines with cores to spare.
//   2. alone: the statement load test (it measures /health/live while 14,000 entries are imported).
//   3. alone: the browser tests (Playwright, E2E_WORKERS browsers against one shop), whose 10 s expectations
//      are the tightest of all.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Suite { name: string; cmd: string; args: string[]; env?: NodeJS.ProcessEnv }

const withoutServer = (): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
};

const tapPglite: Suite = { name: 'tap on PGlite', cmd: 'tap', args: [], env: withoutServer() };
const tapPostgres: Suite = { name: 'tap on PostgreSQL (npm run test:pg)', cmd: 'tsx', args: ['test/postgres.ts'] };
const statementLoad: Suite = { name: 'statement load (alone)', cmd: 'tap', args: ['--jobs=1', 'test/lifecycle/statement-load.test.ts'], env: withoutServer() };
const browser: Suite = { name: 'browser tests (npm run test:e2e)', cmd: 'playwright', args: ['test'] };

const dir = mkdtempSync(join(tmpdir(), 'test-suites-'));
const started = Date.now();
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);

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
        process.stdout.write(readFileSync(file));
        resolve(status);
      });
    });
  });
}

async function main(): Promise<number> {
  const serial = process.env.TEST_SUITES !== 'parallel';
  const codes: number[] = [];
  if (serial) {
    for (const s of [tapPglite, tapPostgres]) codes.push(await run(s));
  } else {
    codes.push(...(await Promise.all([run(tapPglite), run(tapPostgres)])));
  }
  codes.push(await run(statementLoad));
  codes.push(await run(browser));
  console.log(`\n== all suites: ${seconds(started)} s`);
  return codes.find((c) => c !== 0) ?? 0;
}

process.exitCode = await main();
