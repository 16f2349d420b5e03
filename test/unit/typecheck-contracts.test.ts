// The typecheck guards the contracts between the pieces: a misspelt loader name, a screen without a page
// and a call of the browser's API with a field the contract does not have all fail `tsc`. Each probe is a
// small file checked with the project's own compiler settings.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';

const run = promisify(execFile);
const root = process.cwd();
// TypeScript 7's own helper that finds its native compiler (not exported; loaded by file)
const { default: getExePath } = (await import(pathToFileURL(join(root, 'node_modules/typescript/lib/getExePath.js')).href)) as { default: () => string };

/** Type-checks one probe file (placed in the repository so its imports resolve); returns tsc's errors. */
async function typecheck(source: string): Promise<string> {
  const dir = mkdtempSync(join(root, 'test', '.probe-'));
  try {
    writeFileSync(join(dir, 'probe.ts'), source);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      extends: relative(dir, join(root, 'tsconfig.json')),
      include: ['probe.ts'],
    }));
    try {
      // the native compiler itself: its Node launcher would run under the test runner's loaders
      await run(getExePath(), ['--noEmit', '-p', join(dir, 'tsconfig.json')], { cwd: root });
      return '';
    } catch (err) {
      // only compiler errors count: anything else (a crash) fails the probe loudly
      const out = String((err as { stdout?: string }).stdout ?? '');
      if (!/error TS\d+/.test(out)) throw err;
      return out;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

t.test('a screen naming a loader that does not exist fails the typecheck', async (t) => {
  const ok = await typecheck(`import type { ScreenDef } from '../../src/screens.ts';\nexport const s: ScreenDef = { id: 'x', paths: { de: '/x', en: '/en/x' }, layout: 'default', titleKey: 'route.home', loader: 'home' };\n`);
  t.equal(ok, '', 'a known loader name passes');
  const bad = await typecheck(`import type { ScreenDef } from '../../src/screens.ts';\nexport const s: ScreenDef = { id: 'x', paths: { de: '/x', en: '/en/x' }, layout: 'default', titleKey: 'route.home', loader: 'hoem' };\n`);
  t.match(bad, /hoem/, 'a misspelt one is an error');
});

t.test('the server loader table must have every loader name, and links only known screens', async (t) => {
  const bad = await typecheck(`import type { LoaderFunction } from 'react-router';\nimport type { LoaderName } from '../../src/screens.ts';\nexport const l: Record<LoaderName, LoaderFunction> = { home: () => null };\n`);
  t.match(bad, /missing/i, 'a loader table without every name is an error');
  const link = await typecheck(`import { pathFor } from '../../src/screens.ts';\nexport const p = pathFor('chekout', 'de');\n`);
  t.match(link, /chekout/, 'a link to an unknown screen is an error');
});

t.test('a browser API call with a field the contract does not know fails the typecheck', async (t) => {
  const ok = await typecheck(`import { login } from '../../views/state/shop-api.ts';\nexport const r = login({ email: 'a@b.ch', password: 'x' }).then((x) => x.data?.session.level);\n`);
  t.equal(ok, '', 'the contract fields pass');
  const bad = await typecheck(`import { login } from '../../views/state/shop-api.ts';\nexport const r = login({ mail: 'a@b.ch', password: 'x' });\n`);
  t.match(bad, /mail/, 'a misspelt body field is an error');
  const answer = await typecheck(`import { login } from '../../views/state/shop-api.ts';\nexport const r = login({}).then((x) => x.data?.sesion);\n`);
  t.match(answer, /sesion/, 'reading a field the answer does not have is an error');
});
