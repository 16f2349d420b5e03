// The tap processes' module hooks (.taprc node-arg): Node 24 strips the types of .ts files itself (the project
// keeps to erasable syntax, tsconfig.base.json), so only .tsx files, the views and the component tests, need a
// transform: esbuild's, the same compiler that builds the bundles, with React's automatic JSX runtime.
// Decision (issue 27, CI time): these in-thread hooks (module.registerHooks) instead of tsx, which routes every
// .ts file through esbuild and every import through its off-thread loader. Measured on the 2-core machine,
// loading the storefront harness: 0.79 s instead of 1.0 s, and about 0.5 CPU-s less per test process (about
// 270 tap processes per CI run). Scripts, benches and the shop's own `tsx src/main.ts` keep tsx.
// A compiled file is kept in the temp folder under the hash of its source, its path and esbuild's version:
// a storefront test compiles 67 view files, 186 ms, on every start otherwise.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire, enableCompileCache, registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Node 24 strips the types of the .ts module itself (the hooks below are for .tsx only)
import { writeWhole } from '../src/lib/write-whole.ts';

// Decision (issue 27, CI time): Node's compile cache (V8's code cache of every module a test process loads, kept
// on disk, keyed by each file's content; Node checks it and compiles anew what changed). A CI run starts about
// 280 test processes that each load the same shop, Fastify, ajv and pino. Measured on the 2-core machine, eight
// files (cart, storefront and component tests), three runs each, tap --jobs=2: 35-36 busy CPU-s and 19.9-20.3 s
// without it, 32 CPU-s and 17.7-18.7 s with it (the first run fills it). NODE_COMPILE_CACHE set in the shell
// still decides where it lives.
enableCompileCache(process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'shop-node-compile-cache'));

// esbuild itself is loaded only when a file is not in the cache yet (most processes find all of theirs there);
// its version, part of every cache key, is read from its package.json
const require = createRequire(import.meta.url);
const { version } = JSON.parse(readFileSync(require.resolve('esbuild/package.json'), 'utf8'));

const cacheDir = join(tmpdir(), 'shop-jsx-hooks');
try {
  mkdirSync(cacheDir, { recursive: true });
} catch {
  // no cache folder: compile() compiles every time
}

function compile(file) {
  const source = readFileSync(file, 'utf8');
  const cached = join(cacheDir, `${createHash('sha256').update(version).update('\0').update(file).update('\0').update(source).digest('hex').slice(0, 32)}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    const { code } = require('esbuild').transformSync(source, {
      loader: 'tsx',
      jsx: 'automatic',
      format: 'esm',
      target: 'es2024',
      sourcefile: file,
      sourcemap: 'inline',
    });
    // whole: test processes compiling the same file at once never read half of it
    try {
      writeWhole(cached, code);
    } catch {
      // no cache folder, or a read-only one: compile every time
    }
    return code;
  }
}

// a failing assertion in a .tsx test names its own line
process.setSourceMapsEnabled(true);

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith('file:') || !/\.tsx(\?|$)/.test(url)) return nextLoad(url, context);
    return { format: 'module', source: compile(fileURLToPath(url)), shortCircuit: true };
  },
});
