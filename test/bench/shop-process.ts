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

export interface ShopProcessOptions {
  /** more environment for the shop (e.g. PRICE_SOCKETS_MAX) */
  env?: Record<string, string>;
  /** more node flags for the shop process (e.g. --inspect=127.0.0.1:PORT for heap figures) */
  nodeArgs?: string[];
}

/** Builds the client, starts the shop on port (its services on port+1..+3) and waits until it serves. */
export async function startShopProcess(port: number, opts: ShopProcessOptions = {}): Promise<{ stop(): Promise<void> }> {
  await buildClient({ production: true });
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'], {
    // production keeps its per-client limits (RATE_LIMITS=off is refused there); every simulated shopper
    // comes from loopback, so the /api budget is raised instead of switched off (its cost stays measured)
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: 'memory', API_RATE_LIMIT: '1000000', ...opts.env },
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
