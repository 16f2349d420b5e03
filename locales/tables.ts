// The translation tables behind src/i18n.ts: on the server both languages, complete.
// The browser bundle replaces this module (src/build.ts, alias to client/state/strings.ts) with the strings
// the server rendered into the page (only the page's language) and loads its language's full table on
// demand, so no visitor downloads both languages.
import en from './en.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import type { Language } from '../src/stores.ts';

export const tables: Record<Language, Record<string, unknown>> = { en, de };
export { serverOnlyNamespaces } from './namespaces.ts';

/** A key the table does not hold: nothing more to load on the server, the key itself is shown (false: the
 * table is complete, the key is a gap). */
export function missingString(_lang: Language, _key: string): boolean {
  return false;
}

/** The language's full table is in: on the server always (a thenable React's use() reads as fulfilled,
 * so nothing suspends). */
const complete = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
export function fullTable(_lang: Language): Promise<void> {
  return complete;
}
