// Per-page JavaScript weight from esbuild's metafile (src/build.ts): the entry with its static imports,
// plus a page module's chunk with its static imports, each file counted at its brotli size (the .br copy
// the server sends). Used by scripts/bundle-report.ts and the weight bench (test/bench/weight).
import { readFileSync } from 'node:fs';
import type { Metafile } from 'esbuild';

export interface PageWeight {
  /** the page module, e.g. product/Page.tsx */
  page: string;
  /** bytes over the wire (brotli) of the entry, its imports and the page's chunk with its imports */
  total: number;
  /** of which the page's own files (not loaded by every page) */
  own: number;
}

/** brSize: a file's size over the wire; by default its .br copy on disk (the page-weight test builds in memory). */
export function bundleWeights(metafile: Metafile, root: string, brSize = (p: string) => readFileSync(`${root}${p}.br`).length): { entryTotal: number; pages: PageWeight[]; closure: (start: string[]) => Set<string>; br: (p: string) => number } {
  const outputs = metafile.outputs;
  const sizes = new Map<string, number>();
  const br = (p: string) => {
    let n = sizes.get(p);
    if (n === undefined) sizes.set(p, (n = brSize(p)));
    return n;
  };
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const todo = [...start];
    while (todo.length) {
      const p = todo.pop() as string;
      if (seen.has(p)) continue;
      seen.add(p);
      for (const i of outputs[p]?.imports ?? []) if (i.kind === 'import-statement') todo.push(i.path);
    }
    return seen;
  };
  const entry = Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith('client/entry.tsx'));
  if (!entry) throw new Error('entry output missing');
  const base = closure([entry]);
  const sum = (s: Iterable<string>) => [...s].reduce((n, p) => n + br(p), 0);
  const pages = Object.keys(outputs)
    .filter((p) => p.endsWith('.js') && outputs[p].entryPoint?.includes('views/pages/'))
    .map((p) => {
      const all = closure([...base, p]);
      return { page: (outputs[p].entryPoint as string).replace(/^views\/pages\//, ''), total: sum(all), own: sum([...all].filter((x) => !base.has(x))) };
    })
    .sort((a, b) => b.total - a.total);
  return { entryTotal: sum(base), pages, closure, br };
}
