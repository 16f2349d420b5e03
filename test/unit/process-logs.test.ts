// A service as a process writes nothing but pino JSON lines: start-up, shutdown on SIGTERM, and the
// refusal of a bad configuration. (The content service stands in for all: they share src/lib/standalone.ts.)
import t from 'tap';
import { spawn } from 'node:child_process';
import { freePortBlock } from '../free-ports.ts';

interface Line {
  level: number;
  msg: string;
  service?: string;
  [key: string]: unknown;
}

function plainLines(raw: string[]): string[] {
  return raw.filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return text.trim() !== '';
    }
  });
}

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/content/main.ts'], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const raw: string[] = [];
  const lines: Line[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  const take = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let i: number;
    while ((i = buffered.indexOf('\n')) >= 0) {
      const text = buffered.slice(0, i);
      buffered = buffered.slice(i + 1);
      raw.push(text);
      try {
        lines.push(JSON.parse(text) as Line);
      } catch {
        // kept in raw: the test names it
      }
      for (const w of waiters.splice(0)) w();
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** resolves with the first line whose msg matches (or rejects when the process exits first) */
  const line = (msg: RegExp) => new Promise<Line>((resolve, reject) => {
    const look = () => {
      const found = lines.find((l) => msg.test(l.msg));
      if (found) return resolve(found);
      waiters.push(look);
    };
    void exited.then(() => setImmediate(() => reject(new Error(`exited without ${msg}: ${raw.join('\n')}`))));
    look();
  });
  return { child, exited, raw, lines, line };
}

t.test('start-up and SIGTERM shutdown are JSON lines, and nothing else is written', { timeout: 60_000 }, async (t) => {
  const port = await freePortBlock(5);
  const p = run({ PORT: String(port) });
  t.teardown(() => p.child.kill('SIGKILL'));
  const listening = await p.line(/^content service listening$/);
  t.match(listening, { level: 30, service: 'content', url: `http://127.0.0.1:${port + 3}/v2` });
  p.child.kill('SIGTERM');
  t.equal(await p.exited, 0, 'exit code 0');
  t.match(p.lines.find((l) => l.msg === 'shutting down'), { level: 30, service: 'content', signal: 'SIGTERM' });
  t.ok(p.lines.some((l) => l.msg === 'shut down'), 'the last line says it is done');
  t.same(plainLines(p.raw), [], 'every line is JSON');
});

t.test('a bad configuration value stops start-up with one JSON line naming the variable', { timeout: 60_000 }, async (t) => {
  const p = run({ PORT: 'eighty' });
  t.equal(await p.exited, 1);
  t.same(plainLines(p.raw), [], 'every line is JSON');
  t.match(p.lines[0], { level: 60, variable: 'PORT', msg: 'Configuration error: Invalid PORT="eighty": accepts an integer 1-65531.' });
});
