// A key written twice in one object of a locale file is lost silently (JSON.parse keeps the last one): after
// merges of parallel work "noVat" once read "Ohne MwSt." again although the fix had changed it. The locale
// files are written one key a line (JSON.stringify with 2 spaces); this reads them as such.
import t from 'tap';
import { readFileSync } from 'node:fs';

/** The keys that stand twice in one object, as "path.to.key" (line number). */
export function duplicateKeys(source: string): string[] {
  const stack: { path: string; keys: Set<string> }[] = [{ path: '', keys: new Set() }];
  const found: string[] = [];
  source.split('\n').forEach((line, i) => {
    const key = /^\s*"((?:[^"\\]|\\.)*)":/.exec(line)?.[1];
    const top = stack[stack.length - 1];
    if (key !== undefined) {
      if (top.keys.has(key)) found.push(`${top.path}${key} (line ${i + 1})`);
      top.keys.add(key);
      if (/\{\s*$/.test(line)) stack.push({ path: `${top.path}${key}.`, keys: new Set() });
    } else if (/^\s*\}/.test(line) && stack.length > 1) {
      stack.pop();
    }
  });
  return found;
}

t.test('no locale file names a key twice in one object', async (t) => {
  for (const lang of ['en', 'de']) {
    t.same(duplicateKeys(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')), [], `${lang}.json`);
  }
});

t.test('the check finds a key written twice, and only in the same object', async (t) => {
  t.same(duplicateKeys('{\n  "a": {\n    "x": "1",\n    "x": "2"\n  },\n  "b": {\n    "x": "3"\n  }\n}\n'), ['a.x (line 4)']);
});
