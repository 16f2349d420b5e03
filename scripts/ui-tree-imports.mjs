#!/usr/bin/env node
// One UI tree (issue 17): client/ became part of views/, and the modules several pages share moved out of
// the page folders. This file is the one place that maps the old paths to the new ones; run it after
// merging a branch that still uses the old paths:
//
//   node scripts/ui-tree-imports.mjs     moves (git mv) any file still at an old path, then rewrites every
//                                        import and every path mention to the new paths (review: git diff)
//
// What it rewrites: in code files, every quoted relative path ('../x/y.ts', import(), mocks) that points at
// an old path, and the relative imports of a moved file (resolved from where the file was); in code, docs
// and configs, every repository path spelled from the root (`client/lib/strings.ts` in a comment, README,
// build script). It does not reformat anything else. Prose that names a folder (`client/`) is the
// author's to reword. Afterwards: npm run typecheck && npm run check:deps.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Old path -> new path. A path ending in '/' maps a whole folder; the first match wins. */
export const MOVES = [
  // the browser code joins the views (views/README.md: the layers)
  ['client/entry.tsx', 'views/client.tsx'],
  ['client/styles.css', 'views/styles.css'],
  ['client/assets.d.ts', 'views/assets.d.ts'],
  ['client/lib/build-check.ts', 'views/state/build-poll.ts'], // views/lib/build-check.ts keeps the stale flag
  ['client/lib/chunk-reload.ts', 'views/chunk-reload.ts'], // imports views/routes.ts: beside the entry
  ['client/lib/', 'views/state/'],
  ['client/hooks/', 'views/hooks/'],
  ['client/', 'views/'],
  // modules several pages (or components) share leave the page folders
  ['views/pages/shop/listing-url.ts', 'views/models/listing-url.ts'],
  ['views/pages/shop/listing-data.ts', 'views/models/listing-data.ts'],
  ['views/pages/pricelist/slugs.ts', 'views/models/pricelist-slugs.ts'],
  ['views/pages/account/format.ts', 'views/models/account-format.ts'],
  ['views/pages/account/area.ts', 'views/models/account-area.ts'],
  ['views/pages/account/loader.ts', 'views/models/account-loader.ts'],
  ['views/pages/account/AccountNav.tsx', 'views/components/account-area/AccountNav.tsx'],
  ['views/pages/account-addresses/us-states.ts', 'src/contracts/us-states.ts'],
  ['views/pages/checkout/loader.ts', 'views/models/checkout-loader.ts'],
  ['views/pages/product/loader.ts', 'views/models/product-loader.ts'],
  ['views/pages/content/loader.ts', 'views/models/content-screen-loader.ts'],
  ['views/pages/product/json-ld.ts', 'views/models/product-json-ld.ts'],
  ['views/blocks/teaser-lists.ts', 'views/lib/teaser-lists.ts'], // a context loaders and blocks share
  ['views/pages/error/RootErrorBoundary.tsx', 'views/RootErrorBoundary.tsx'], // the app's, not a page
];

/** The new path of an old one, or null when it did not move. */
export function newPathOf(path) {
  for (const [from, to] of MOVES) {
    if (from.endsWith('/') ? path.startsWith(from) : path === from) return to + path.slice(from.length);
  }
  return null;
}

/** Where a file at a new path was before (the first move that leads there), or null. */
function oldPathOf(path) {
  for (const [from, to] of MOVES) {
    if (to.endsWith('/') ? path.startsWith(to) : path === to) {
      const old = from + path.slice(to.length);
      if (newPathOf(old) === path) return old;
    }
  }
  return null;
}

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEXT = /(\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|css|yml|yaml|sh)|Dockerfile|\.dependency-cruiser\.cjs|\.taprc|\.ci\/run)$/;
const SKIP = /^(node_modules|public|dist|data)(\/|$)|^package-lock\.json$|^scripts\/ui-tree-imports\.mjs$/;

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.chdir(root);
  const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });
  const listed = () => git('ls-files', '-co', '--exclude-standard').split('\n').filter((p) => p && !SKIP.test(p) && existsSync(p));
  const tracked = new Set(git('ls-files').split('\n'));

  // 1. files still at an old path go to their new one
  const movedFrom = new Map(); // new path -> old path, this run
  for (const path of listed()) {
    const to = newPathOf(path);
    if (!to) continue;
    if (existsSync(to)) {
      console.error(`both exist, merge by hand: ${path} and ${to}`);
      process.exitCode = 1;
      continue;
    }
    console.log(`move ${path} -> ${to}`);
    movedFrom.set(to, path);
    mkdirSync(dirname(to), { recursive: true });
    if (tracked.has(path)) git('mv', path, to);
    else renameSync(path, to);
  }
  const exists = (p) => existsSync(p);

  // 2. references
  const rootPath = new RegExp(
    `(?<![\\w./@-])(${MOVES.map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (from.endsWith('/') ? '[\\w./-]*[\\w]' : '(?![\\w.-])')).join('|')})`,
    'g',
  );
  for (const file of listed()) {
    if (!TEXT.test(file)) continue;
    const source = readFileSync(file, 'utf8');
    const dir = dirname(file);
    const wasAt = movedFrom.get(file) ?? oldPathOf(file);
    let text = source;
    if (CODE.test(file)) {
      text = text.replace(/(['"`])(\.\.?\/[^'"`\s]*)\1/g, (whole, q, spec) => {
        const target = resolveSpec(spec);
        if (!target) return whole;
        const fresh = relative(dir, target);
        return q + (fresh.startsWith('.') ? fresh : `./${fresh}`) + q;
      });
    }
    text = text.replace(rootPath, (old) => newPathOf(old) ?? old);
    if (text !== source) {
      console.log(`rewrite ${file}`);
      writeFileSync(file, text);
    }

    /** The new target of a relative path in this file, or null when it stays as it is. */
    function resolveSpec(spec) {
      const here = normalize(join(dir, spec));
      // a file moved in this run: its paths were written from where it was
      if (movedFrom.has(file)) {
        const before = normalize(join(dirname(movedFrom.get(file)), spec));
        const target = newPathOf(before) ?? before;
        if (exists(target)) return target;
      }
      const mapped = newPathOf(here);
      if (mapped && exists(mapped)) return mapped;
      if (exists(here)) {
        // in a moved file, an old path that still works (same depth) is written the short way:
        // '../../views/lib/x.ts' in views/state/ becomes '../lib/x.ts'
        return wasAt ? here : null;
      }
      if (wasAt) {
        const before = normalize(join(dirname(wasAt), spec));
        const target = newPathOf(before) ?? before;
        if (exists(target)) return target;
      }
      return null;
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
