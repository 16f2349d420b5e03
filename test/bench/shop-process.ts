// The shop as `npm start` runs it, for the benchmarks: the production build (client bundle and server,
// `npm run build`), then `node dist/supervisor.js` (a process per part, STOREFRONT_WORKERS storefront
// processes on one port; NODE_ENV=production, embedded services, in-memory database) on a port of the
// bench's choosing.
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { buildClient } from '../../src/build.ts';
import { buildServer } from '../../src/build-server.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

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
  /** storefront processes (STOREFRONT_WORKERS); default: the supervisor's (one per core) */
  storefrontWorkers?: number;
  /** further environment of the shop (overrides the defaults below) */
  env?: Record<string, string>;
  /** skip the build (the caller built already) */
  built?: boolean;
  /** wait for this path to answer 200; default /health (every storefront worker holds prices) */
  readyPath?: string;
  /** how long to wait for it; default 90 s */
  readyTimeoutMs?: number;
  /** where the shop's stdout goes; default ignored (stderr is passed through) */
  stdout?: 'ignore' | 'pipe' | 'inherit';
}

export interface ShopProcess {
  /** the supervisor process (its children are the parts) */
  child: ChildProcess;
  /** SIGTERM to the supervisor; resolves when it exited (it stops every part first) */
  stop(): Promise<void>;
}

/** The production build, as `npm run build` makes it. */
export async function buildProduction(): Promise<void> {
  await buildClient({ production: true });
  await buildServer();
}

/** Builds, starts the shop on port (its services on port+1..+4) and waits until it is ready. */
export async function startShopProcess(port: number, options: ShopProcessOptions = {}): Promise<ShopProcess> {
  if (!options.built) await buildProduction();
  const child = spawn(process.execPath, ['dist/supervisor.js'], {
    cwd: root,
    // production keeps its per-client limits (RATE_LIMITS=off is refused there); every simulated shopper
    // comes from loopback, so the /api budget is raised instead of switched off (its cost stays measured)
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'memory',
      API_RATE_LIMIT: '1000000',
      ...(options.storefrontWorkers ? { STOREFRONT_WORKERS: String(options.storefrontWorkers) } : {}),
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitFor(`http://127.0.0.1:${port}${options.readyPath ?? '/health'}`, options.readyTimeoutMs ?? 90_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, stop };
}
