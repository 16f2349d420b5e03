// The entry as one file (issue 27, "Phones get less JavaScript"). esbuild's code splitting leaves every
// page's first load as the entry plus about 30 small shared chunks: each module the entry imports that a
// page (or any other lazily loaded part) imports too lands in a chunk of its own, keyed by which parts use
// it. A phone fetches all of them before the page is interactive, and each is compressed on its own, so
// brotli cannot use what the others hold: measured on the production bundle, the entry's 32 files came
// to 129.7 kB one by one and to 121.0 kB as one file. Every page loads the entry, so nothing is gained by
// keeping its parts apart.
//
// So, after esbuild's build, the entry and every chunk it imports statically (its closure) are bundled
// again as one file by esbuild (a second pass over the first one's output: the chained source maps lead
// back to the sources). That file also exports what the other chunks took from the closure's chunks, under
// short names, and each of those chunks imports it from the one file instead.
//
// Decision, file names: a rewritten chunk now names the entry, and the entry names every page it loads, so
// their contents depend on each other. Every file that changed (and every file naming one that changed)
// gets a name from the hash of the whole first build, so a name always stands for one content (the files
// are served as immutable); files that changed nothing (the language tables, the phone number library)
// keep esbuild's names. The price: a deploy that changes any code renames the shared files, so a returning
// visitor fetches the entry and the pages again after each deploy (the entry, holding React, was renamed
// by nearly every deploy before as well).
//
// Decision, source maps of the rewritten chunks: the new import goes on a line of its own in front, and
// the old imports are blanked with spaces (line breaks kept), so every line and column of the code stays
// where its map says; the map gets one empty line in front. The spaces cost a few bytes compressed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';

/** One statement of a chunk's import header: `import{a as b,c}from"./x.js";` or `import"./x.js";` (minified or not). */
const HEADER_IMPORT = /\s*import\s*(?:\{([^}]*)\}\s*from\s*)?"([^"]+)"\s*;/y;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 8 characters of esbuild's hash alphabet, so a renamed file name keeps its length (and its source map's columns). */
function hash8(text: string): string {
  const bytes = createHash('sha256').update(text).digest();
  let out = '';
  for (let i = 0; i < 8; i++) out += BASE32[bytes[i] % 32];
  return out;
}

interface HeaderImport { start: number; end: number; path: string; names: { imported: string; local: string }[] | null; target: string }

/** The import statements at the top of a chunk (esbuild writes every static import there); target: the
 * imported file's path as resolve(path) gives it. */
function readHeader(code: string, resolvePath: (path: string) => string): { imports: HeaderImport[]; end: number } {
  const imports: HeaderImport[] = [];
  let pos = 0;
  for (;;) {
    HEADER_IMPORT.lastIndex = pos;
    const m = HEADER_IMPORT.exec(code);
    if (!m) break;
    const names = m[1] === undefined ? null : m[1].split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
      const [imported, local] = s.split(/\s+as\s+/);
      return { imported, local: local ?? imported };
    });
    imports.push({ start: pos, end: HEADER_IMPORT.lastIndex, path: m[2], names, target: resolvePath(m[2]) });
    pos = HEADER_IMPORT.lastIndex;
  }
  return { imports, end: pos };
}

/** Spaces for every character but line breaks: the text's lines and columns stay where they were. */
const blank = (s: string) => s.replace(/[^\n]/g, ' ');

export interface MergeOptions {
  /** esbuild's working directory (the project root): the metafile's paths are relative to it */
  root: string;
  metafile: esbuild.Metafile;
  production: boolean;
  /** the first build's browser targets, for the second pass (which re-prints the code) */
  target: string[];
}

/**
 * Bundles the entry's static closure into one file, on disk where the first build wrote it, and answers
 * the metafile of the result (the merged entry with the inputs of every file it took in; the other chunks
 * with their new names and imports). The files of the closure are deleted.
 */
export async function mergeEntryClosure(opts: MergeOptions): Promise<esbuild.Metafile> {
  const { root, metafile } = opts;
  const outputs = metafile.outputs;
  const abs = (key: string) => resolve(root, key);
  const keyOf = (file: string) => relative(root, file);
  const entryKey = Object.keys(outputs).find((p) => p.endsWith('.js') && outputs[p].entryPoint?.endsWith('client/entry.tsx'));
  if (!entryKey) throw new Error('merge: entry output missing');
  const closure = new Set<string>();
  const walk = (k: string) => {
    if (closure.has(k)) return;
    closure.add(k);
    for (const i of outputs[k].imports) if (i.kind === 'import-statement') walk(i.path);
  };
  walk(entryKey);
  const chunks = [...closure].filter((k) => k !== entryKey).sort();
  for (const k of chunks) {
    if (outputs[k].entryPoint) throw new Error(`merge: ${k} is loaded lazily and by the entry; it cannot be merged`);
  }
  const inClosure = new Set(closure);
  const jsKeys = Object.keys(outputs).filter((k) => k.endsWith('.js')).sort();
  const others = jsKeys.filter((k) => !inClosure.has(k));
  const code = new Map(jsKeys.map((k) => [k, readFileSync(abs(k), 'utf8')]));

  // What the other chunks take from the closure's chunks: each (chunk, export) gets a short name.
  const alias = new Map<string, string>();
  const aliasOf = (chunk: string, name: string) => {
    const key = `${chunk}\0${name}`;
    let a = alias.get(key);
    if (a === undefined) alias.set(key, (a = `$${alias.size.toString(36)}`));
    return a;
  };
  const headers = new Map<string, ReturnType<typeof readHeader>>();
  for (const k of others) {
    const header = readHeader(code.get(k) as string, (path) => keyOf(resolve(dirname(abs(k)), path)));
    headers.set(k, header);
    for (const imp of header.imports) if (inClosure.has(imp.target)) for (const n of imp.names ?? []) aliasOf(imp.target, n.imported);
  }

  // The second pass: the entry first (its imports run in their order, what it exports stays exported), then
  // the exports the others take.
  const entryDir = dirname(abs(entryKey));
  const rel = (from: string, file: string) => {
    const r = relative(from, file);
    return r.startsWith('.') ? r : `./${r}`;
  };
  const byChunk = new Map<string, string[]>();
  for (const [key, a] of alias) {
    const [chunk, name] = key.split('\0');
    byChunk.set(chunk, [...(byChunk.get(chunk) ?? []), `${name} as ${a}`]);
  }
  const virtual = [`export * from ${JSON.stringify(rel(entryDir, abs(entryKey)))};`,
    ...[...byChunk].map(([chunk, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(rel(entryDir, abs(chunk)))};`)].join('\n');
  const closureFiles = new Set([...closure].map(abs));
  const second = await esbuild.build({
    stdin: { contents: virtual, resolveDir: entryDir, sourcefile: 'entry-closure.js', loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: opts.target,
    splitting: false,
    minify: opts.production,
    sourcemap: 'external',
    // the closure's license texts are gathered below, from the first build's LEGAL.txt files
    legalComments: 'none',
    write: false,
    outfile: `${entryDir}/entry-merged.js`,
    metafile: true,
    logLevel: 'warning',
    plugins: [{
      name: 'entry-closure',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          const file = resolve(args.resolveDir, args.path);
          // the closure is taken in; everything else (the pages, lazily loaded parts) stays a file of its own
          return closureFiles.has(file) ? { path: file } : { path: rel(entryDir, file), external: true };
        });
      },
    }],
  });
  const mergedJs = second.outputFiles.find((f) => f.path.endsWith('.js'));
  const mergedMap = second.outputFiles.find((f) => f.path.endsWith('.js.map'));
  if (!mergedJs || !mergedMap) throw new Error('merge: the second pass wrote no entry');

  // Names: every file that changed, or names one that did, gets a name from the whole first build's hash.
  const buildHash = createHash('sha256');
  for (const k of jsKeys) buildHash.update(relative(entryDir, abs(k))).update(code.get(k) as string);
  const tag = buildHash.digest('hex');
  const mergedName = `entry-${hash8(`${tag}:entry`)}.js`;
  const mergedKey = keyOf(`${entryDir}/${mergedName}`);
  const renamed = new Map<string, string>(); // old basename -> new basename
  for (const k of others) if (headers.get(k)?.imports.some((i) => inClosure.has(i.target))) renamed.set(basename(k), '');
  let mergedText = mergedJs.text;
  for (let grew = true; grew;) {
    grew = false;
    for (const k of others) {
      const b = basename(k);
      if (renamed.has(b)) continue;
      const text = code.get(k) as string;
      if ([...renamed.keys()].some((r) => text.includes(r))) {
        renamed.set(b, '');
        grew = true;
      }
    }
  }
  for (const b of renamed.keys()) {
    const to = b.replace(/-[A-Z2-7]{8}\.js$/, `-${hash8(`${tag}:${b}`)}.js`);
    // a changed file under its old name would be served as immutable with two contents
    if (to === b) throw new Error(`merge: ${b} has no content hash in its name to replace`);
    renamed.set(b, to);
  }
  const rename = (text: string) => {
    let out = text;
    for (const [from, to] of renamed) if (out.includes(from)) out = out.split(from).join(to);
    return out;
  };

  // The merged entry: its license texts, its map, the names of what it loads.
  const legal = [...closure].map((k) => `${abs(k)}.LEGAL.txt`).filter(existsSync).map((f) => readFileSync(f, 'utf8').trim()).join('\n\n');
  mergedText = `${rename(mergedText).trimEnd()}\n${legal ? `/*! For license information please see ${mergedName}.LEGAL.txt */\n` : ''}//# sourceMappingURL=${mergedName}.map\n`;
  writeFileSync(`${entryDir}/${mergedName}`, mergedText);
  writeFileSync(`${entryDir}/${mergedName}.map`, rename(mergedMap.text).split('entry-merged.js').join(mergedName));
  if (legal) writeFileSync(`${entryDir}/${mergedName}.LEGAL.txt`, `${legal}\n`);

  // The other chunks: the closure's imports become one import of the merged entry; renamed files are
  // written under their new names (their maps and license texts with them).
  const newOutputs: esbuild.Metafile['outputs'] = {};
  const companions = ['.map', '.LEGAL.txt'];
  const companionOf = (k: string) => companions.map((c) => (k.endsWith(`.js${c}`) ? k.slice(0, -c.length) : null)).find((x) => x !== null) ?? null;
  for (const [k, o] of Object.entries(outputs)) {
    const owner = companionOf(k);
    // a map or license text goes with its script (below)
    if (inClosure.has(k) || (owner !== null && outputs[owner])) continue;
    if (!k.endsWith('.js')) {
      newOutputs[k] = o;
      continue;
    }
    const file = abs(k);
    const dir = dirname(file);
    let text = code.get(k) as string;
    const header = headers.get(k) as ReturnType<typeof readHeader>;
    const fromClosure = header.imports.filter((i) => inClosure.has(i.target));
    let mapPrefix = '';
    if (fromClosure.length > 0) {
      const names = fromClosure.flatMap((i) => (i.names ?? []).map((n) => `${aliasOf(i.target, n.imported)} as ${n.local}`));
      const target = JSON.stringify(rel(dir, `${entryDir}/${mergedName}`));
      const line = names.length ? `import{${names.join(',')}}from${target};` : `import${target};`;
      let body = '';
      let at = 0;
      for (const i of fromClosure) {
        body += text.slice(at, i.start) + blank(text.slice(i.start, i.end));
        at = i.end;
      }
      text = `${line}\n${body}${text.slice(at)}`;
      mapPrefix = ';';
    }
    const newBase = renamed.get(basename(k)) ?? basename(k);
    const newKey = keyOf(`${dir}/${newBase}`);
    const changed = newKey !== k || fromClosure.length > 0;
    if (changed) {
      text = rename(text);
      writeFileSync(`${dir}/${newBase}`, text);
      const map = existsSync(`${file}.map`) ? readFileSync(`${file}.map`, 'utf8') : null;
      if (map !== null) {
        const parsed = JSON.parse(rename(map)) as { mappings: string };
        parsed.mappings = mapPrefix + parsed.mappings;
        writeFileSync(`${dir}/${newBase}.map`, JSON.stringify(parsed));
      }
      if (newKey !== k) {
        if (existsSync(`${file}.LEGAL.txt`)) writeFileSync(`${dir}/${newBase}.LEGAL.txt`, readFileSync(`${file}.LEGAL.txt`));
        rmSync(file, { force: true });
        rmSync(`${file}.map`, { force: true });
        rmSync(`${file}.LEGAL.txt`, { force: true });
      }
    }
    const imports = [
      ...(fromClosure.length ? [{ path: mergedKey, kind: 'import-statement' as const, external: false }] : []),
      ...o.imports.filter((i) => !inClosure.has(i.path)).map((i) => ({ ...i, path: keyOf(`${dirname(abs(i.path))}/${renamed.get(basename(i.path)) ?? basename(i.path)}`) })),
    ];
    newOutputs[newKey] = { ...o, imports, bytes: Buffer.byteLength(text) };
    for (const c of companions) if (outputs[`${k}${c}`]) newOutputs[`${newKey}${c}`] = outputs[`${k}${c}`];
  }

  // The merged entry in the metafile: the inputs of every file it took in, the files it loads lazily.
  const inputs: esbuild.Metafile['outputs'][string]['inputs'] = {};
  for (const k of closure) for (const [i, v] of Object.entries(outputs[k].inputs)) inputs[i] = { bytesInOutput: (inputs[i]?.bytesInOutput ?? 0) + v.bytesInOutput };
  const dynamic = [...new Set([...closure].flatMap((k) => outputs[k].imports.filter((i) => i.kind === 'dynamic-import' && !inClosure.has(i.path)).map((i) => i.path)))];
  newOutputs[mergedKey] = {
    ...outputs[entryKey],
    bytes: Buffer.byteLength(mergedText),
    inputs,
    imports: dynamic.map((p) => ({ path: keyOf(`${dirname(abs(p))}/${renamed.get(basename(p)) ?? basename(p)}`), kind: 'dynamic-import' as const, external: false })),
    exports: [...alias.values()],
  };
  newOutputs[`${mergedKey}.map`] = { ...outputs[`${entryKey}.map`], bytes: mergedMap.contents.length };
  if (legal) newOutputs[`${mergedKey}.LEGAL.txt`] = { imports: [], exports: [], inputs: {}, bytes: legal.length + 1 };

  for (const k of closure) for (const suffix of ['', '.map', '.LEGAL.txt']) rmSync(`${abs(k)}${suffix}`, { force: true });

  // Nothing may still name a file that is gone.
  const gone = [...closure].map((k) => basename(k));
  for (const k of Object.keys(newOutputs).filter((x) => x.endsWith('.js'))) {
    // (a development build's merged entry names each file it took in, in comments)
    const text = readFileSync(abs(k), 'utf8').replace(/^\s*\/\/ .*$/gm, '');
    const left = gone.filter((g) => text.includes(g));
    if (left.length) throw new Error(`merge: ${k} still names ${left.join(', ')}`);
  }
  return { inputs: metafile.inputs, outputs: newOutputs };
}
