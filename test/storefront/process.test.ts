// The shop as a process: start-up refuses bad configuration with a message naming the variable, and
// SIGTERM finishes the request in flight, closes everything and exits 0.
import t from 'tap';
import { spawn } from 'node:child_process';
import { request } from 'undici';
import { freePortBlock } from '../free-ports.ts';

const tsxArgs = ['--import', 'tsx', 'src/main.ts'];

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, tsxArgs, { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

t.test('a bad configuration value stops start-up and names the variable', async (t) => {
  const p = run({ PORT: 'eighty' });
  t.equal(await p.exited, 1);
  // one JSON log line (src/lib/standalone.ts): the quotes of the value are escaped
  t.match(p.output(), /Configuration error: Invalid PORT=\\"eighty\\": accepts an integer 1-65531\./);
});

t.test('SIGTERM finishes the request in flight and exits 0', { timeout: 90_000 }, async (t) => {
  const port = await freePortBlock(5);
  const p = run({ PORT: String(port), DATABASE_URL: 'memory', NODE_ENV: 'test' });
  t.teardown(() => p.child.kill('SIGKILL'));
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await request(`http://127.0.0.1:${port}/builds/latest.json`);
      await res.body.dump();
      if (res.statusCode === 200) break;
    } catch {
      if (Date.now() > until) throw new Error(`shop did not start: ${p.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const res = await request(`http://127.0.0.1:${port}/`, { headers: { host: `ch.localhost:${port}` } });
  p.child.kill('SIGTERM');
  const body = await res.body.text();
  t.equal(res.statusCode, 200);
  t.match(body, /<\/html>$/, 'the page in flight was sent completely');
  t.equal(await p.exited, 0, 'exit code 0');
  await t.rejects(request(`http://127.0.0.1:${port}/health`), 'the port is closed');
});
