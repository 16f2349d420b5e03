// The shop as `npm start` would run it, for the benchmarks: the production client bundle, then a separate
// process (NODE_ENV=production, embedded services, in-memory database) on a port of the bench's choosing.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { buildClient } from '../../src/build.ts';

/** Polls url until it answers 200, for at most ms; throws otherwise. */
export async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

/** Builds the client, starts the shop on port (its services on port+1..+3) and waits until it serves.
 * env adds to or overrides the shop's environment (e.g. SMTP_URL for a bench that signs in). */
export async function startShopProcess(port: number, env: Record<string, string> = {}): Promise<{ stop(): Promise<void> }> {
  await buildClient({ production: true });
  // BENCH_CPU_PROF=<dir>: the shop writes a CPU profile there when it stops (where the time goes)
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'src/main.ts'], {
    // production keeps its per-client limits (RATE_LIMITS=off is refused there); every simulated shopper
    // comes from loopback, so the /api budget is raised instead of switched off (its cost stays measured)
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: 'memory', API_RATE_LIMIT: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/builds/latest.json`, 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop };
}
