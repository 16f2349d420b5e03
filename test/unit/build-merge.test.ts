// The entry's closure as one file (src/build-merge.ts), on a small app built by esbuild as the shop's
// bundle is (code-split ES modules, hashed names, linked source maps): the merged entry and the pages it
// loads run in Node and share one instance of the code they both use; a page that took code from the
// entry's chunks takes it from the entry file; names are the same for the same sources and change, for
// every file that changed, when a source changes (the files are served as immutable).
import t from 'tap';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { mergeEntryClosure } from '../../src/build-merge.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-merge-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const src = join(dir, 'src');
mkdirSync(join(src, 'client'), { recursive: true });

function sources(pageB: string) {
  // shared state: one counter for everybody, or two when a page got a second copy of the module
  writeFileSync(join(src, 'state.ts'), 'let n = 0;\nexport function bump(by: number) { n += by; return n; }\n');
  writeFileSync(join(src, 'format.ts'), 'export const label = (n: number) => `#${n}`;\n');
  writeFileSync(join(src, 'lazy-only.ts'), 'export const lazyOnly = (n: number) => n * 2;\n');
  writeFileSync(join(src, 'client', 'entry.tsx'), [
    "import { bump } from '../state.ts';",
    "import { label } from '../format.ts';",
    'bump(1);',
    "export const pages = { a: () => import('../pageA.ts'), b: () => import('../pageB.ts') };",
    'export const first = label(1);',
  ].join('\n'));
  writeFileSync(join(src, 'pageA.ts'), "import { bump } from './state.ts';\nimport { label } from './format.ts';\nimport { lazyOnly } from './lazy-only.ts';\nexport default () => label(bump(10) + lazyOnly(0));\n");
  writeFileSync(join(src, 'pageB.ts'), `import { bump } from './state.ts';\nimport { lazyOnly } from './lazy-only.ts';\nexport default () => bump(${pageB}) + lazyOnly(0);\n`);
}

async function build(out: string) {
  const options = {
    entryPoints: { entry: join(src, 'client', 'entry.tsx') }, bundle: true, splitting: true, format: 'esm' as const,
    outdir: out, entryNames: '[name]-[hash]', chunkNames: 'chunks/[name]-[hash]', sourcemap: 'linked' as const,
    minify: true, metafile: true, logLevel: 'error' as const, absWorkingDir: dir,
  };
  const first = await esbuild.build(options);
  if (!first.metafile) throw new Error('esbuild wrote no metafile');
  const firstMeta = first.metafile;
  const metafile = await mergeEntryClosure({ root: dir, metafile: firstMeta, production: true, target: ['es2022'] });
  const files = readdirSync(out, { recursive: true }).map(String).filter((f) => f.endsWith('.js')).sort();
  return { metafile, files, firstFiles: Object.keys(firstMeta.outputs).filter((k) => k.endsWith('.js')).map((k) => relative(out, join(dir, k))).sort() };
}

t.test('the merged entry runs, loads its pages, and they share its modules', async (t) => {
  sources('100');
  const out = join(dir, 'out1');
  const { metafile, files, firstFiles } = await build(out);
  t.ok(firstFiles.some((f) => f.startsWith('chunks/chunk-')), 'esbuild split the shared code into chunks of its own');
  const entryKey = Object.keys(metafile.outputs).find((k) => k.endsWith('.js') && metafile.outputs[k].entryPoint?.endsWith('client/entry.tsx')) as string;
  t.same(metafile.outputs[entryKey].imports.filter((i) => i.kind === 'import-statement'), [], 'the entry imports nothing before it runs');
  for (const f of files) t.ok(existsSync(join(out, `${f}.map`)), `${f} has its source map`);
  // every chunk esbuild made for the entry's closure is gone; a chunk only pages share stays
  const gone = firstFiles.filter((f) => !files.includes(f));
  t.ok(gone.length > 0, 'the closure chunks are gone');
  t.ok(files.some((f) => f.startsWith('chunks/') && readFileSync(join(out, f), 'utf8').includes('*2')), 'the chunk only the pages use is still a file of its own');

  const entry = await import(pathToFileURL(join(dir, entryKey)).href) as { pages: Record<'a' | 'b', () => Promise<{ default: () => unknown }>>; first: string };
  t.equal(entry.first, '#1', 'the entry ran');
  t.equal((await entry.pages.a()).default(), '#11', 'page A counts on from the entry\'s 1: one copy of the state module');
  t.equal((await entry.pages.b()).default(), 111, 'page B too');
  const pageA = readFileSync(join(dir, Object.keys(metafile.outputs).find((k) => metafile.outputs[k].entryPoint?.endsWith('pageA.ts')) as string), 'utf8');
  t.match(pageA, /^import\{\$\w+ as \w+(,\$\w+ as \w+)*\}from"\.\.\/entry-[A-Z2-7]{8}\.js";\n/, 'page A imports what it takes from the entry file, on the first line');
});

t.test('the same sources give the same names; a changed page renames every file that names or depends on it', async (t) => {
  sources('100');
  const a = await build(join(dir, 'out2'));
  const b = await build(join(dir, 'out3'));
  t.same(a.files, b.files, 'a second build of the same sources writes the same names');
  for (const f of a.files) t.equal(readFileSync(join(dir, 'out2', f), 'utf8').replaceAll('out2', 'outX'), readFileSync(join(dir, 'out3', f), 'utf8').replaceAll('out3', 'outX'), `${f}: the same content`);
  sources('200');
  const c = await build(join(dir, 'out4'));
  const entryOf = (files: string[]) => files.find((f) => f.startsWith('entry-'));
  t.not(entryOf(c.files), entryOf(a.files), 'the entry, which names the changed page, has a new name');
  const pageA = (files: string[]) => files.find((f) => f.startsWith('chunks/pageA-'));
  t.not(pageA(c.files), pageA(a.files), 'page A, which imports the renamed entry, has a new name although its source did not change');
  // every name that stayed stands for the same content
  for (const f of c.files.filter((x) => a.files.includes(x))) {
    t.equal(readFileSync(join(dir, 'out4', f), 'utf8'), readFileSync(join(dir, 'out2', f), 'utf8'), `${f} kept its name and its content`);
  }
});
