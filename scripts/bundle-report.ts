// What each page's JavaScript costs over the wire: builds the production bundle and sums, from esbuild's
// metafile, the brotli size of the entry with its static imports and of each page module's chunk with its
// static imports (scripts/bundle-weights.ts); --inputs lists the largest inputs of each shared chunk.
// `npx tsx scripts/bundle-report.ts [--inputs]`
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildClient } from '../src/build.ts';
import { bundleWeights } from './bundle-weights.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { metafile } = await buildClient({ production: true });
if (process.env.META_OUT) writeFileSync(process.env.META_OUT, JSON.stringify(metafile));
const { entryTotal, pages, closure, br } = bundleWeights(metafile, root);
const kb = (n: number) => (n / 1000).toFixed(1).padStart(6);
console.log(`entry + static imports: ${kb(entryTotal)} kB br`);
for (const r of pages) console.log(`${kb(r.total)} kB  (page-only ${kb(r.own)})  ${r.page}`);

if (process.argv.includes('--inputs')) {
  const outputs = metafile.outputs;
  const pageChunks = Object.keys(outputs).filter((p) => p.endsWith('.js') && outputs[p].entryPoint?.includes('views/pages/'));
  for (const p of Object.keys(outputs).filter((x) => x.endsWith('.js'))) {
    const o = outputs[p];
    const users = pageChunks.filter((pg) => closure([pg]).has(p)).length;
    console.log(`\n${p}  ${(o.bytes / 1024).toFixed(1)} KiB min, ${kb(br(p))} kB br, reached by ${users} page chunks`);
    const top = Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 12);
    for (const [inp, v] of top) console.log(`   ${(v.bytesInOutput / 1024).toFixed(1).padStart(7)} KiB  ${inp}`);
  }
}
