// The listing's filters (spec 2: metal, product type, manufacturer, fine weight, country of origin,
// availability, deals) as one GET form: without JavaScript it submits like any form and the URL holds the
// result; with JavaScript every change applies at once (the submit button goes away) and the router loads
// the new URL without a reload. Counts say how many products each choice leaves.
import { useEffect, useRef } from 'react';
import { useShop } from '../../lib/context.tsx';
import { useHydrated } from '../../hooks/usePrices.ts';
import { listingSearch, parseListing, type ListingState } from '../../models/listing-url.ts';
import type { FilterGroup } from '../../models/listing-data.ts';
import { formQuery, useListingNavigate } from './navigate.ts';

export interface FilterFormProps {
  path: string;
  state: ListingState;
  filters: FilterGroup[];
  /** the deals switch: hidden on the deals list itself */
  showDeals: boolean;
  dealCount: number;
  /** when given, called instead of navigating (tests) */
  onApply?: (href: string) => void;
}

export function FilterForm({ path, state, filters, showDeals, dealCount, onApply }: FilterFormProps) {
  const { t } = useShop();
  const hydrated = useHydrated();
  const navigate = useListingNavigate();
  const apply = (form: HTMLFormElement) => {
    const href = path + listingSearch(parseListing(formQuery(form), { search: state.q !== '' }));
    (onApply ?? navigate)(href);
  };
  const groups = filters.filter((g) => g.options.length > 0);
  // The boxes are the browser's own (a click shows at once, focus stays where it is while the new
  // results load); when the URL changes otherwise (back, a removed filter chip) they follow it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox]') ?? []) {
      box.checked = box.name === 'deals' ? state.deals : (state[box.name as keyof ListingState] as string[] | undefined)?.includes(box.value) ?? false;
    }
  }, [state]);
  return (
    <form ref={form} className="filter-form" method="get" action={path} aria-label={t('listing.filter.title')} onChange={(e) => apply(e.currentTarget)} onSubmit={(e) => {
      e.preventDefault();
      apply(e.currentTarget);
    }}>
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort !== (state.q ? 'relevance' : 'default') ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {state.view !== 'grid' ? <input type="hidden" name="view" value={state.view} /> : null}
      {groups.map((g) => (
        <fieldset key={g.name} className={`filter-group filter-group-${g.name}${g.options.length > 8 ? ' filter-group-long' : ''}`}>
          <legend>{t(`listing.filter.${g.name}`)}</legend>
          <ul>
            {g.options.map((o) => {
              const id = `filter-${g.name}-${o.value.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
              return (
                <li key={o.value}>
                  <input type="checkbox" id={id} name={g.name} value={o.value} defaultChecked={o.selected} />
                  <label htmlFor={id}>
                    {o.label} <span className="filter-count">({o.count})</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
      {showDeals ? (
        <fieldset className="filter-group filter-group-deals">
          <legend>{t('listing.filter.deals')}</legend>
          <ul>
            <li>
              <input type="checkbox" id="filter-deals" name="deals" value="1" defaultChecked={state.deals} />
              <label htmlFor="filter-deals">
                {t('listing.filter.dealsOnly')} <span className="filter-count">({dealCount})</span>
              </label>
            </li>
          </ul>
        </fieldset>
      ) : null}
      {hydrated ? null : (
        <button type="submit" className="button button-primary filter-apply">{t('listing.filter.apply')}</button>
      )}
    </form>
  );
}
