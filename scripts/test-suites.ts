// `npm test` after typecheck, check:deps and build (issue 27, CI time): the suites that do not share an
// engine run at the same time, and what must run alone runs alone afterwards.
//   1. at once: tap on PGlite (every test file, .taprc's jobs) and `npm run test:pg` (the database suites on
//      the PostgreSQL server of TEST_DATABASE_URL, then its restart test, which only stops that server).
//      Decision: they share the two cores, and each has its idle time (PostgreSQL's round trips, the
//      tests' waits on real sockets and processes) that the other fills. Each file may take 360 s (.taprc): the two
//      runs share two cores, and the heaviest files (the e-invoice's Saxon checks, the sign-in locks) need room.
//   2. alone: the statement load test (it measures /health/live while 14,000 entries are imported).
//   3. alone: the browser tests (Playwright, E2E_WORKERS browsers against one shop), whose 10 s expectations
//      are the tightest of all.
// Each suite's output is kept and printed whole when it ends (never interleaved), under a line naming the
// suite, its time and exit code; .ci/run's count (every tap summary, Playwright's "N passed") reads it as
// before. TEST_SUITES=serial runs everything one after the other (to follow a failure).
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
  const serial = process.env.TEST_SUITES === 'serial';
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
