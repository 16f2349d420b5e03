// The listing's sort order (spec 2: default, name, relevance, buy price up/down, best match up/down,
// precious metal up/down) as a select in a small GET form that carries the rest of the state: without
// JavaScript a button sends it, with JavaScript a choice applies at once.
import { useEffect, useRef } from 'react';
import { useShop } from '../../lib/context.tsx';
import { useHydrated } from '../../hooks/usePrices.ts';
import { listingHref, multiFilters, urlSorts, type ListingState, type UrlSort } from '../../models/listing-url.ts';
import { useListingNavigate } from './navigate.ts';

export interface SortControlProps {
  path: string;
  state: ListingState;
  onApply?: (href: string) => void;
}

export function SortControl({ path, state, onApply }: SortControlProps) {
  const { t } = useShop();
  const hydrated = useHydrated();
  const navigate = useListingNavigate();
  // The browser's own select (a choice shows at once, focus stays); it follows the URL when that changes.
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (select.current) select.current.value = state.sort;
  }, [state.sort]);
  return (
    <form className="sort-control" method="get" action={path} onSubmit={(e) => {
      e.preventDefault();
      const sort = new FormData(e.currentTarget).get('sort') as UrlSort;
      (onApply ?? navigate)(listingHref(path, state, { sort }));
    }}>
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {multiFilters.flatMap((name) => state[name].map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />))}
      {state.deals ? <input type="hidden" name="deals" value="1" /> : null}
      {state.view !== 'grid' ? <input type="hidden" name="view" value={state.view} /> : null}
      <label htmlFor="listing-sort">{t('listing.sort.label')}</label>
      <select ref={select} id="listing-sort" name="sort" defaultValue={state.sort} onChange={(e) => (onApply ?? navigate)(listingHref(path, state, { sort: e.currentTarget.value as UrlSort }))}>
        {urlSorts.map((s) => (
          <option key={s} value={s}>{t(`listing.sort.${s}`)}</option>
        ))}
      </select>
      {hydrated ? null : <button type="submit" className="button button-quiet">{t('listing.sort.apply')}</button>}
    </form>
  );
}
