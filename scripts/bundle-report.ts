// What each page's JavaScript costs over the wire: builds the production bundle and, from esbuild's
// metafile, sums the brotli size of the entry, its static imports and the page's own chunk with its
// static imports, per page module; then lists the largest inputs of each shared chunk.
// `npx tsx scripts/bundle-report.ts [--inputs]`
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClient } from '../src/build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { metafile } = await buildClient({ production: true });
if (process.env.META_OUT) (await import("node:fs")).writeFileSync(process.env.META_OUT, JSON.stringify(metafile));
const outputs = metafile.outputs;
const br = (p: string) => readFileSync(`${root}${p}.br`).length;

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const p = todo.pop()!;
    if (seen.has(p)) continue;
    seen.add(p);
    for (const i of outputs[p]?.imports ?? []) if (i.kind === 'import-statement') todo.push(i.path);
  }
  return seen;
}

const entry = Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith('client/entry.tsx'))!;
const base = closure([entry]);
const kb = (n: number) => (n / 1000).toFixed(1).padStart(6);
const sum = (s: Iterable<string>) => [...s].reduce((n, p) => n + br(p), 0);
console.log(`entry + static imports: ${kb(sum(base))} kB br (${base.size} files)`);
const pages = Object.keys(outputs).filter((p) => p.endsWith('.js') && outputs[p].entryPoint?.includes('views/pages/'));
const rows = pages.map((p) => {
  const all = closure([...base, p]);
  return { page: outputs[p].entryPoint!.replace(/^views\/pages\//, ''), total: sum(all), own: sum([...all].filter((x) => !base.has(x))) };
});
for (const r of rows.sort((a, b) => b.total - a.total)) console.log(`${kb(r.total)} kB  (page-only ${kb(r.own)})  ${r.page}`);

if (process.argv.includes('--inputs')) {
  for (const p of [...base, ...Object.keys(outputs).filter((x) => x.includes('/chunks/') && x.endsWith('.js') && !base.has(x))]) {
    const o = outputs[p];
    const users = pages.filter((pg) => closure([pg]).has(p)).length;
    console.log(`\n${p}  ${(o.bytes / 1024).toFixed(1)} KiB min, ${kb(br(p))} kB br, reached by ${users} page chunks`);
    const top = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 12);
    for (const [inp, v] of top) console.log(`   ${(v.bytesInOutput / 1024).toFixed(1).padStart(7)} KiB  ${inp}`);
  }
}
