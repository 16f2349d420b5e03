// The teasers of a page's news and articles blocks: deferred loader data (one promise per page, keyed by
// TeaserQuery.key), streamed in after the shell. Blocks read it through this context. A block's own list
// is derived once per page promise and key, so React's server render sees the same promise on each retry.
import { createContext, useContext } from 'react';
import type { ArticleTeaser } from '../../src/contracts/content.ts';

export type TeaserLists = Record<string, ArticleTeaser[]>;

/** A page's teaser lists: a promise on the server (it streams), plain data after browser navigation. */
export const TeaserListsContext = createContext<Promise<TeaserLists> | TeaserLists | null>(null);

const derived = new WeakMap<Promise<TeaserLists>, Map<string, Promise<ArticleTeaser[]>>>();

/** One list of the page's teaser lists: a (stable) promise, the list itself, or null while hydrating (the
 * value then comes from the streamed hand-over script, views/components/Streamed.tsx). */
export function useTeaserList(key: string): Promise<ArticleTeaser[]> | ArticleTeaser[] | null {
  const lists = useContext(TeaserListsContext);
  if (!lists) return null;
  if (!(lists instanceof Promise)) return lists[key] ?? [];
  let byKey = derived.get(lists);
  if (!byKey) derived.set(lists, (byKey = new Map()));
  let one = byKey.get(key);
  if (!one) byKey.set(key, (one = lists.then((l) => l[key] ?? [])));
  return one;
}
