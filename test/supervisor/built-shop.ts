// The shop as `npm start` runs it (the built supervisor, dist/, and every part, commerce on PGlite files
// in a new folder), for the tests of its stop and its liveness restarts. Needs `npm run build`. Load
// shedding is off: a busy test machine must not answer the requests these tests watch with 503 overloaded.
import type { Test } from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const built = existsSync(`${root}dist/supervisor.js`) && existsSync(`${root}public/build/manifest.json`);

export interface Line { msg: string; part?: string; child?: string; level: number; [k: string]: unknown }

export interface Shop {
  child: ChildProcess;
  lines: Line[];
  port: number;
  /** SIGTERM; resolves with the supervisor's exit code and the time it took */
  stop(): Promise<{ code: number | null; ms: number }>;
}

export async function startShop(t: Test, port: number, env: Record<string, string> = {}): Promise<Shop> {
  const lines: Line[] = [];
  const child = spawn(process.execPath, ['dist/supervisor.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'info', STOREFRONT_WORKERS: '1', DATA_DIR: mkdtempSync(join(tmpdir(), 'stop-')), DATABASE_URL: '', OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (rest + String(d)).split('\n');
    rest = parts.pop()!;
    for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l) as Line);
  });
  t.teardown(() => void child.kill('SIGKILL'));
  const end = Date.now() + 120_000;
  while (!lines.some((l) => l.msg === 'shop ready')) {
    if (child.exitCode !== null || Date.now() > end) throw new Error('the shop did not start');
    await sleep(100);
  }
  return {
    child,
    lines,
    port,
    async stop() {
      const started = Date.now();
      const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
