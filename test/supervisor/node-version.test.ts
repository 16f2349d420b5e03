// The start checks the Node.js version (issue 27): under one older than the project needs, `npm start`
// says so in one line and exits 1 instead of starting parts that crash-loop without saying why.
import t from 'tap';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compareVersions, MINIMUM_NODE, nodeVersionProblem } from '../../src/lib/node-version.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string }; devDependencies: { node: string } };

t.test('the minimum is package.json\'s engines, and the project\'s own Node.js meets it', async (t) => {
  const lower = /^>=\s*(\d+(?:\.\d+){0,2})/.exec(pkg.engines.node)?.[1];
  t.ok(lower, `engines.node has a lower bound (${pkg.engines.node})`);
  t.equal(compareVersions(MINIMUM_NODE, lower!), 0, `MINIMUM_NODE ${MINIMUM_NODE} = engines ${pkg.engines.node}`);
  t.equal(compareVersions(pkg.devDependencies.node.replace(/^[\^~]/, ''), MINIMUM_NODE) >= 0, true, 'the node devDependency is new enough');
  t.equal(nodeVersionProblem(), null, `this test's Node.js ${process.versions.node} passes`);
});

t.test('an older Node.js gets one line naming its version, the minimum and what to do; the same or newer gets none', async (t) => {
  const line = nodeVersionProblem('20.20.2', '24.0.0');
  t.equal(line, 'Node.js 20.20.2 is older than this shop needs (24.0.0 or newer, package.json "engines"): install Node.js 24 and start again.');
  t.notMatch(line!, /\n/, 'one line');
  t.ok(nodeVersionProblem('v23.11.1', '24.0.0'), 'the last release before the minimum is refused (a leading v is read too)');
  t.ok(nodeVersionProblem('24.0.0-nightly20250101', '24.1.0'), 'a pre-release of an older minor too');
  for (const ok of ['24.0.0', '24.21.0', 'v24.10.3', '25.0.0']) t.equal(nodeVersionProblem(ok, '24.0.0'), null, `${ok} passes`);
  t.equal(compareVersions('24.10.0', '24.9.9'), 1, 'numbers, not strings: 10 > 9');
});

// The supervisor itself under an older Node.js, where this machine has one (CI's may not): one fatal line,
// exit 1, no part started.
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => {
  if (!existsSync(p)) return false;
  try {
    return compareVersions(execFileSync(p, ['--version'], { encoding: 'utf8' }).trim(), MINIMUM_NODE) < 0;
  } catch {
    return false;
  }
});
const builtSupervisor = existsSync(`${root}dist/supervisor.js`);
t.test('`node dist/supervisor.js` under an older Node.js: one line, exit 1, nothing started', { skip: !oldNode ? 'no Node.js older than the minimum on this machine' : !builtSupervisor ? 'needs `npm run build` first' : false }, async (t) => {
  const run = spawnSync(oldNode!, ['dist/supervisor.js'], { cwd: root, encoding: 'utf8', env: { ...process.env, PORT: '4175', NODE_ENV: 'test' }, timeout: 20_000 });
  t.equal(run.status, 1, 'exit 1');
  const lines = run.stdout.trim().split('\n');
  t.equal(lines.length, 1, 'one line');
  const line = JSON.parse(lines[0]!) as { level: number; msg: string; node: string };
  t.equal(line.level, 60, 'fatal');
  t.match(line.msg, new RegExp(`^Node\\.js ${line.node.replace(/\./g, '\\.')} is older than this shop needs \\(${MINIMUM_NODE} or newer`));
  t.notMatch(run.stdout + run.stderr, /part starting/, 'no part was started');
});
