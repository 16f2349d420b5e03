// Issue 27: the price service as active and standby instances, elected through a PostgreSQL advisory lock.
// Two real processes on one database; a storefront's upstream socket (src/storefront/price-hub/upstream.ts)
// is given both URLs. The standby announces nothing and refuses subscribers; when the active process is
// killed (SIGKILL, no goodbye), the standby takes the lock, and the socket hears its next set within one
// recalculation period of the last one, and no set twice. PostgreSQL only (npm run test:pg).
import t, { type Test } from 'tap';
import { WebSocket } from 'ws';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createUpstream, type UpstreamMessage } from '../../src/storefront/price-hub/upstream.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const INTERVAL_S = 5;
const script = fileURLToPath(new URL('./fixtures/elected-price-service.ts', import.meta.url));
// a lock key of this run's own, so that a shop on the same database (another suite) is not in the election
const lockKey = String(7_000_000_000 + (process.pid % 1_000_000));

function startInstance(t: Test): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, TEST_DATABASE_URL: databaseUrl, INTERVAL_S: String(INTERVAL_S), LOCK_KEY: lockKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`price service exited (${code}) before it listened`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, child }));
  });
}

const health = async (url: string) => (await (await fetch(`${url}/health`)).json()) as { role: string; lastRecalculatedAt: string | null };

async function until<T>(what: string, f: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

t.test('kill the active price service: the standby announces the next set within one period, none twice', { skip: databaseUrl ? false : 'PostgreSQL only: set TEST_DATABASE_URL (npm run test:pg)' }, async (t) => {
  const a = await startInstance(t);
  await until('the first instance to be active', async () => ((await health(a.url)).role === 'active' ? true : undefined));
  const b = await startInstance(t);
  await new Promise((r) => setTimeout(r, 600)); // three election rounds of the second instance
  const standby = await health(b.url);
  t.equal(standby.role, 'standby', 'the second instance stands by');
  t.equal(standby.lastRecalculatedAt, null, 'and has calculated nothing');
  const refused = await new Promise<number>((resolve) => {
    const ws = new WebSocket(`${b.url.replace('http', 'ws')}/ws`);
    ws.on('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); ws.terminate(); });
    ws.on('open', () => { resolve(101); ws.close(); });
    ws.on('error', () => {});
  });
  t.equal(refused, 503, 'the standby refuses subscribers');
  t.equal((await fetch(`${b.url}/admin/recalculate`, { method: 'POST' })).status, 503, 'and recalculates nothing on request');

  // a storefront's socket, given the standby first: it is refused there and moves on to the active one
  const finished: { at: string; url: string }[] = [];
  const upstream = createUpstream({
    url: [`${b.url.replace('http', 'ws')}/ws`, `${a.url.replace('http', 'ws')}/ws`],
    reconnectDelayMs: 200,
    log: pino({ level: 'silent' }),
    onMessage: (m: UpstreamMessage) => { if (m.type === 'RecalculationProcessFinished') finished.push({ at: m.lastRecalculatedAt, url: upstream.currentUrl() }); },
    onConnection: () => {},
  });
  t.teardown(() => upstream.close());
  upstream.start();
  await until('a set from the active instance', () => (finished.length > 0 ? true : undefined));
  t.ok(upstream.currentUrl().startsWith(a.url.replace('http', 'ws')), 'the socket is on the active instance');

  const lastOfA = finished.at(-1)!.at;
  a.child.kill('SIGKILL');
  const fromB = await until('a set from the new active instance', () => finished.find((f) => f.url.startsWith(b.url.replace('http', 'ws'))));
  t.equal((await health(b.url)).role, 'active', 'the standby took over');
  const gapMs = Date.parse(fromB.at) - Date.parse(lastOfA);
  t.ok(gapMs > 0 && gapMs <= INTERVAL_S * 1000, `its next set came ${gapMs} ms after the last one (period ${INTERVAL_S * 1000} ms)`);
  const times = finished.map((f) => f.at);
  t.same(times, [...new Set(times)].sort(), 'every set announced once, in order');
});
