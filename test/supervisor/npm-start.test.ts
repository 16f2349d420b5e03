// SIGTERM to `npm start` stops the whole tree (issue 16: the npm process used to die and leave the shop
// running). The real start script on the built server (dist/, made by `npm run build`; --ignore-scripts
// skips the prestart build here): every service URL points elsewhere, so the supervisor starts only a
// storefront worker, which is enough to see the signal travel npm -> supervisor -> part.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** pids of every process below pid (from /proc). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parentOf.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) if (parent === p) (out.push(child), walk(child));
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

t.test('kill -TERM <npm start pid> leaves no process behind', { skip: existsSync(`${root}dist/supervisor.js`) && existsSync(`${root}public/build/manifest.json`) ? false : 'needs `npm run build` first' }, async (t) => {
  const port = 7180 + Math.floor(Math.random() * 10);
  const away = 'http://127.0.0.1:9';
  const npm = spawn('npm', ['start', '--ignore-scripts', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'warn', STOREFRONT_WORKERS: '1', COMMERCE_API_URL: away, PRICE_SERVICE_URL: away, CMS_API_URL: `${away}/v2`, BACKOFFICE_URL: away },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  t.teardown(() => {
    for (const p of descendants(npm.pid!)) if (alive(p)) process.kill(p, 'SIGKILL');
    npm.kill('SIGKILL');
  });
  const until = Date.now() + 60_000;
  for (;;) {
    const ok = await request(`http://127.0.0.1:${port}/health/live`).then((r) => (r.body.dump(), r.statusCode === 200), () => false);
    if (ok) break;
    if (Date.now() > until) throw new Error('the storefront did not come up');
    await sleep(200);
  }
  const tree = descendants(npm.pid!);
  t.ok(tree.length >= 2, `npm's tree holds the supervisor and the storefront (${tree.length} processes)`);
  const stopped = Date.now();
  process.kill(npm.pid!, 'SIGTERM');
  while ([npm.pid!, ...tree].some(alive) && Date.now() - stopped < 15_000) await sleep(100);
  const left = [npm.pid!, ...tree].filter(alive);
  t.same(left, [], 'no process of the tree is left');
  t.ok(Date.now() - stopped < 10_000, `all gone in ${Date.now() - stopped} ms`);
});
