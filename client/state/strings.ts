// The browser's translation tables (the bundle's stand-in for locales/tables.ts, see src/build.ts): the
// strings the server rendered into the page (window.__strings, the page's language only) and, once needed,
// the language's full table as a chunk of its own. It is needed when the visitor starts interacting (a
// form's messages, a menu), navigates in the browser, or a component asks for a key the page did not
// bring; components then render again with it (subscribeStrings).
import type { Language } from '../../src/stores.ts';

export { serverOnlyNamespaces } from '../../locales/namespaces.ts';

declare global {
  interface Window {
    __strings?: { lang: Language; table: Record<string, unknown> };
  }
}

type Table = Record<string, unknown>;

export const tables: Record<Language, Table> = { en: {}, de: {} };

const full = new Map<Language, Promise<void>>();
const loaded = new Set<Language>();
const listeners = new Set<() => void>();
let version = 0;

function merge(into: Table, from: Table) {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (v && typeof v === 'object' && have && typeof have === 'object') merge(have as Table, v as Table);
    else into[k] = v;
  }
}

/** Takes the strings the server rendered into the page; false when there are none (yet). */
export function adoptPageStrings(): boolean {
  const s = window.__strings;
  if (!s) return false;
  merge(tables[s.lang], s.table);
  return true;
}

/** The language's full table (its own chunk, loaded once; a failed load is tried again next time). */
export function loadLanguage(lang: Language): Promise<void> {
  let p = full.get(lang);
  if (!p) {
    const chunk = lang === 'de' ? import('../../locales/de.json', { with: { type: 'json' } }) : import('../../locales/en.json', { with: { type: 'json' } });
    p = chunk.then(
      (m) => {
        merge(tables[lang], m.default as Table);
        loaded.add(lang);
        version++;
        for (const l of listeners) l();
      },
      (err: unknown) => {
        full.delete(lang);
        throw err;
      },
    );
    full.set(lang, p);
  }
  return p;
}

const settled = new Map<Language, Promise<void>>();
/** Settles when the language's full table is in, or could not come (never rejects; a missing key then asks
 * again, missingString): one promise per language, so React's use() suspends on it once. */
export function fullTable(lang: Language): Promise<void> {
  let p = settled.get(lang);
  if (!p) {
    p = loadLanguage(lang).catch(() => {});
    settled.set(lang, p);
  }
  return p;
}

/** src/i18n.ts asks for a key the tables do not hold: fetch the language, then render again. True while the
 * full table has not come (the key may be in it); false once it has (the key is a gap). */
export function missingString(lang: Language, _key: string): boolean {
  const had = loaded.has(lang);
  loadLanguage(lang).catch(() => {});
  return !had;
}

export function subscribeStrings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes each time a table grew, for useSyncExternalStore. */
export function stringsVersion(): number {
  return version;
}
