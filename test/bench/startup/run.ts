// Start-up benchmark (issue 16, goal 7): time from `node dist/supervisor.js` to the first /health 200
// (every part listening, every storefront worker holding prices) as `npm start` runs it after its build:
//   first start:  an empty DATA_DIR (PGlite files: the database is created, migrated and seeded)  goal <= 30 s
//   second start: the same DATA_DIR again                                                        goal <= 10 s
// Beside them, measured in the same run: a bare `node` HTTP server's time to its first 200 (what any
// process start costs on this machine right now), and with --old the single-process shop under tsx
// (`tsx src/main.ts`, what `npm start` ran before) on the same data.
// Then a crawler's question right after readiness: does a product page carry its Offer?
//   npm run bench:startup [-- --old] [-- --workers=2]     (STARTUP_PORT, default 7150; uses PORT..PORT+4)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { buildProduction } from '../shop-process.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const port = Number(process.env.STARTUP_PORT ?? 7150);
const args = process.argv.slice(2);
const old = args.includes('--old');
const workers = Number(args.find((a) => a.startsWith('--workers='))?.split('=')[1] ?? 0);

async function status(url: string): Promise<number> {
  try {
    const res = await request(url, { headersTimeout: 2_000, bodyTimeout: 2_000 });
    await res.body.dump();
    return res.statusCode;
  } catch {
    return 0;
  }
}

interface Started {
  child: ChildProcess;
  ms: number;
  stdout: string[];
}

/** Starts argv and returns once url answers 200 (ms from the spawn); throws after limitMs. */
async function timeToOk(argv: string[], env: Record<string, string>, url: string, limitMs: number): Promise<Started> {
  const started = performance.now();
  const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const stdout: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => stdout.push(d));
  while (performance.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`${argv.join(' ')} exited with ${child.exitCode}`);
    if ((await status(url)) === 200) return { child, ms: performance.now() - started, stdout };
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`${url} not 200 within ${limitMs} ms`);
}

async function stop(child: ChildProcess): Promise<number> {
  const t = performance.now();
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  return performance.now() - t;
}

/** The supervisor's "part ready" lines: each part's own start time. */
function partTimes(stdout: string[]): string {
  const out: string[] = [];
  for (const line of stdout.join('').split('\n')) {
    if (!line.includes('"part ready"')) continue;
    const l = JSON.parse(line) as { child: string; worker: number; startMs: number };
    out.push(`${l.child}${l.child === 'storefront' ? `#${l.worker}` : ''} ${(l.startMs / 1000).toFixed(1)} s`);
  }
  return out.join(', ');
}

/** A product page right after readiness: the first product of the sitemap, and whether it has its Offer. */
async function offerRightAfterReady(): Promise<string> {
  const sitemap = await request(`http://127.0.0.1:${port}/sitemap.xml`, { headers: { host: 'ch.localhost' } }).then((r) => r.body.text()).catch(() => '');
  const loc = /<loc>([^<]*\/produkt\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  if (!loc) return 'no product URL found in the sitemap';
  // the Offer (JSON-LD) is rendered for crawlers (views/models/product-json-ld.ts)
  const page = await request(`http://127.0.0.1:${port}${new URL(loc, 'http://x').pathname}`, { headers: { host: 'ch.localhost', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
  const html = await page.body.text();
  return `${page.statusCode}, ${html.includes('"Offer"') ? 'with' : 'WITHOUT'} its Offer`;
}

const line = (label: string, ms: number, goalMs?: number) =>
  console.log(`${label.padEnd(48)} ${(ms / 1000).toFixed(2).padStart(7)} s${goalMs ? `   goal <= ${goalMs / 1000} s: ${ms <= goalMs ? 'met' : 'NOT met'}` : ''}`);

const buildStarted = performance.now();
await buildProduction();
console.log(`\nbuild (npm run build): ${((performance.now() - buildStarted) / 1000).toFixed(1)} s; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
const env = {
  PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dataDir, DATABASE_URL: '',
  ...(workers ? { STOREFRONT_WORKERS: String(workers) } : {}),
};
const health = `http://127.0.0.1:${port}/health`;
try {
  const floor = await timeToOk(['-e', `require('node:http').createServer((q,s)=>s.end('ok')).listen(${port})`], {}, `http://127.0.0.1:${port}/`, 30_000);
  await stop(floor.child);
  line('baseline: bare node HTTP server to first 200', floor.ms);

  const first = await timeToOk(['dist/supervisor.js'], env, health, 180_000);
  line('first start (empty DATA_DIR) to /health 200', first.ms, 30_000);
  console.log(`  parts: ${partTimes(first.stdout)}`);
  console.log(`  product page right after: ${await offerRightAfterReady()}`);
  const stopFirst = await stop(first.child);
  line('  stop (SIGTERM to every process gone)', stopFirst, 10_000);

  const second = await timeToOk(['dist/supervisor.js'], env, health, 120_000);
  line('second start (existing data) to /health 200', second.ms, 10_000);
  console.log(`  parts: ${partTimes(second.stdout)}`);
  await stop(second.child);

  if (old) {
    const before = await timeToOk(['--import', 'tsx', 'src/main.ts'], env, `http://127.0.0.1:${port}/health`, 180_000);
    line('old path: tsx src/main.ts, existing data', before.ms);
    await stop(before.child);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nload average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
