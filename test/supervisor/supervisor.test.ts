// The supervisor (src/supervisor.ts, issue 16): a part that dies is started again with back-off and the
// operator reads why in the log; SIGTERM stops every process (the doors first, commerce last), each
// within its own budget, killing what does not stop, and leaves no process behind. Stand-in parts
// (fixtures/part.mjs) start in milliseconds, so the tests watch the supervisor itself.
import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createSupervisor, nextDelay, defaultBackoff } from '../../src/supervisor.ts';

const partFile = fileURLToPath(new URL('./fixtures/part.mjs', import.meta.url));
const supervisorFile = fileURLToPath(new URL('./fixtures/supervisor.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, f: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

interface Line { msg: string; child?: string; worker?: number; childPid?: number; code?: number | null; signal?: string | null; restartInMs?: number; part?: string; missed?: number; intervalMs?: number }

function capture() {
  const lines: Line[] = [];
  const stream = new Writable({ write(chunk, _e, cb) { for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l)); cb(); } });
  return { lines, log: pino({ base: { part: 'supervisor' } }, stream) };
}

t.test('back-off: 0.5 s doubling to 30 s, back to 0.5 s after a stable minute', async (t) => {
  const b = defaultBackoff;
  let d = 0;
  const seen: number[] = [];
  for (let i = 0; i < 8; i++) seen.push((d = nextDelay(d, 1_000, b)));
  t.same(seen, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  t.equal(nextDelay(30_000, 60_000, b), 500, 'a process that ran a minute starts the count again');
});

t.test('a killed part is started again with back-off, and each exit is logged', async (t) => {
  const { lines, log } = capture();
  const sup = createSupervisor({ parts: [{ name: 'commerce', file: partFile, env: { PART_NAME: 'commerce' } }], log, backoff: { initialMs: 100, maxMs: 1_000, stableMs: 60_000 } });
  t.teardown(() => sup.stop());
  await sup.start();
  const first = sup.pids().commerce![0]!;
  process.kill(first, 'SIGKILL');
  const second = await until('a new commerce process', () => { const p = sup.pids().commerce?.[0]; return p && p !== first ? p : undefined; });
  process.kill(second, 'SIGKILL');
  const third = await until('a third commerce process', () => { const p = sup.pids().commerce?.[0]; return p && p !== second ? p : undefined; });
  t.ok(alive(third), 'the part runs again');
  const exits = lines.filter((l) => l.msg === 'part exited; restarting');
  t.match(exits, [
    { child: 'commerce', childPid: first, signal: 'SIGKILL', code: null, restartInMs: 100, part: 'supervisor' },
    { child: 'commerce', childPid: second, signal: 'SIGKILL', restartInMs: 200 },
  ], 'part, pid, signal and the next delay, doubled for a second crash');
  t.notOk(alive(first) || alive(second));
});

t.test('liveness: a process that stops answering (SIGSTOP: it hangs, it does not exit) is killed and started again with back-off; one that answers is left alone', async (t) => {
  const { lines, log } = capture();
  const sup = createSupervisor({
    parts: [{ name: 'commerce', file: partFile, env: { PART_NAME: 'commerce' } }, { name: 'content', file: partFile, env: { PART_NAME: 'content' } }],
    log,
    backoff: { initialMs: 100, maxMs: 1_000, stableMs: 60_000 },
    liveness: { intervalMs: 100, failures: 3 },
  });
  t.teardown(() => sup.stop());
  await sup.start();
  const [hung] = sup.pids().commerce!;
  const [content] = sup.pids().content!;
  process.kill(hung!, 'SIGSTOP');
  const stoppedAt = Date.now();
  const next = await until('a new commerce process', () => { const p = sup.pids().commerce?.[0]; return p && p !== hung ? p : undefined; }, 5_000);
  const tookMs = Date.now() - stoppedAt;
  t.ok(tookMs >= 250 && tookMs < 4_000, `noticed and restarted after ${tookMs} ms (3 missed polls of 100 ms, then 100 ms back-off)`);
  t.notOk(alive(hung!), 'the hung process is gone');
  t.match(lines.filter((l) => l.child === 'commerce' && /not answering|exited/.test(l.msg)), [
    { msg: 'part not answering; killed to restart it', childPid: hung, missed: 3, intervalMs: 100 },
    { msg: 'part exited; restarting', childPid: hung, signal: 'SIGKILL', restartInMs: 100 },
  ], 'why it was restarted, with its pid, the polls it missed and the back-off');
  await until('the new process ready', () => lines.some((l) => l.msg === 'part ready' && l.childPid === next));
  await sleep(600);
  t.equal(sup.pids().commerce![0], next, 'the new process answers and keeps running');
  t.equal(sup.pids().content![0], content, 'the part that answered all along was never touched');
});

t.test('a storefront worker restarted beside a serving one waits for prices before it serves; at the first start none waits', async (t) => {
  const events = join(mkdtempSync(join(tmpdir(), 'sup-')), 'events.jsonl');
  const { log } = capture();
  const storefront = { name: 'storefront', file: partFile, count: 2, env: { PART_NAME: 'storefront', EVENTS_FILE: events } };
  const sup = createSupervisor({ parts: [storefront], log, backoff: { initialMs: 100, maxMs: 1_000, stableMs: 60_000 } });
  t.teardown(() => sup.stop());
  await sup.start();
  const read = () => readFileSync(events, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { pid: number; worker: string; waitForPrices: boolean; what: string });
  t.same(read().filter((e) => e.what === 'started').map((e) => e.waitForPrices), [false, false], 'first start: the workers listen at once (/health says 503 until they have prices)');
  const [, second] = sup.pids().storefront!;
  process.kill(second!, 'SIGKILL');
  const restarted = await until('worker 1 restarted', () => read().find((e) => e.what === 'started' && e.worker === '1' && e.pid !== second));
  t.equal(restarted.waitForPrices, true, 'the restarted worker is told to wait for its first price set: worker 0 serves meanwhile');
});

t.test('a part that exits before it is ready is retried, and the next part waits for it', async (t) => {
  const { lines, log } = capture();
  const dir = mkdtempSync(join(tmpdir(), 'sup-'));
  const flag = join(dir, 'fail-once');
  // the stand-in fails its first start (no part-ready) when FAIL_ONCE names a file that does not exist yet
  const failing = { name: 'content', file: fileURLToPath(new URL('./fixtures/fail-once.mjs', import.meta.url)), env: { FAIL_ONCE: flag } };
  const sup = createSupervisor({ parts: [failing, { name: 'commerce', file: partFile, env: { PART_NAME: 'commerce' } }], log, backoff: { initialMs: 50 } });
  t.teardown(() => sup.stop());
  await sup.start();
  t.ok(existsSync(flag));
  const order = lines.filter((l) => l.msg === 'part ready' || l.msg === 'part exited; restarting').map((l) => `${l.msg}:${l.child}`);
  t.same(order, ['part exited; restarting:content', 'part ready:content', 'part ready:commerce']);
});

t.test('SIGTERM to the supervisor: the doors first, commerce last, each part with its own budget; a stuck part is killed at its budget and logged as such', async (t) => {
  const events = join(mkdtempSync(join(tmpdir(), 'sup-')), 'events.jsonl');
  const child = spawn(process.execPath, ['--import', 'tsx', supervisorFile], {
    env: { ...process.env, EVENTS_FILE: events, STUBBORN_PART: 'prices', STOP_BUDGET_MS: '1500', LOG_LEVEL: 'info', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  t.teardown(() => child.kill('SIGKILL'));
  await until('the shop ready', () => out.includes('"shop ready"'), 30_000);
  const read = () => readFileSync(events, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { pid: number; part: string; worker: string | null; what: string; budget: string | null; at: number });
  const started = read().filter((e) => e.what === 'started');
  const pids = started.map((e) => e.pid);
  t.equal(pids.length, 6, 'content, commerce, prices, back office and two storefront workers');
  t.same(started.map((e) => e.part), ['content', 'commerce', 'prices', 'backoffice', 'storefront', 'storefront'], 'services in order, then the storefront');
  t.same([...new Set(started.map((e) => e.budget))], ['1000'], 'each part is told its own budget, 500 ms shorter than the supervisor\'s for it');
  // the supervisor relays the workers' price state: each storefront worker learns that 1 of 2 has prices
  await until('the fleet relayed', () => read().filter((e) => e.what === 'fleet 1/2').length >= 2, 5_000);

  const stopped = Date.now();
  child.kill('SIGTERM');
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  const tookMs = Date.now() - stopped;
  t.equal(code, 0);
  t.ok(tookMs < 10_000, `stopped in ${tookMs} ms`);
  t.ok(tookMs >= 1_500, 'the stuck part was waited for until its budget ended');
  const sigterms = read().filter((e) => e.what === 'sigterm');
  t.same(sigterms.slice(0, 3).map((e) => e.part).sort(), ['backoffice', 'storefront', 'storefront'], 'the doors get their SIGTERM first');
  t.same(sigterms.slice(3, 5).map((e) => e.part).sort(), ['content', 'prices'], 'then the services behind them');
  t.same(sigterms.slice(5).map((e) => e.part), ['commerce'], 'commerce, the database owner, last: it got its own SIGTERM');
  t.ok(sigterms[5]!.at - sigterms[3]!.at >= 1_400, 'commerce was signalled once the stuck price service was killed at its budget');
  const lines = out.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; child?: string; level: number; budgetMs?: number; signal?: string | null; code?: number | null });
  const kills = lines.filter((l) => /killed/.test(l.msg));
  t.match(kills, [{ child: 'prices', level: 50, budgetMs: 1500, msg: 'part did not stop within its budget; killed (SIGKILL)' }], 'one kill, the stuck part\'s, logged at error');
  t.equal(kills.length, 1, 'no other part was killed');
  t.same(lines.filter((l) => l.msg === 'part stopped' && l.signal === 'SIGKILL').map((l) => l.child), ['prices']);
  await until('no process left', () => pids.every((p) => !alive(p)), 3_000);
  t.pass('every part process is gone');
});
