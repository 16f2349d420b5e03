// The smaller parts of a listing: category navigation, grid/list switch, the active filters as removable
// links, and "load more". All are plain links (they work without JavaScript); with JavaScript the router
// follows them without a reload.
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { activeFilterCount, listingHref, listingViews, multiFilters, type ListingState } from '../../models/listing-url.ts';
import type { CategoryLink, FilterGroup } from '../../models/listing-data.ts';
import { useFollow } from './navigate.ts';

export function CategoryNav({ categories }: { categories: CategoryLink[] }) {
  const { t } = useShop();
  if (categories.length === 0) return null;
  return (
    <nav className="category-nav" aria-label={t('listing.categories')}>
      <ul>
        {categories.map((c) => (
          <li key={c.id} className={c.child ? 'category-nav-child' : undefined}>
            <Link to={c.href} aria-current={c.current ? 'page' : undefined}>
              {c.name}
              {c.count !== null ? <span className="category-count"> ({c.count})</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ViewSwitch({ path, state }: { path: string; state: ListingState }) {
  const { t } = useShop();
  const follow = useFollow();
  return (
    <nav className="view-switch segmented" aria-label={t('listing.view.label')}>
      {listingViews.map((v) => {
        const href = listingHref(path, state, { view: v });
        return (
          <a key={v} href={href} className="segmented-button" aria-current={state.view === v ? 'true' : undefined} onClick={follow(href)}>
            {t(`listing.view.${v}`)}
          </a>
        );
      })}
    </nav>
  );
}

/** The chosen filters, each a link that removes it, and one that removes them all. */
export function ActiveFilters({ path, state, filters }: { path: string; state: ListingState; filters: FilterGroup[] }) {
  const { t } = useShop();
  const follow = useFollow();
  if (activeFilterCount(state) === 0) return null;
  const label = (name: string, value: string) => filters.find((g) => g.name === name)?.options.find((o) => o.value === value)?.label ?? value;
  const chips = multiFilters.flatMap((name) =>
    state[name].map((value) => ({ key: `${name}-${value}`, text: label(name, value), href: listingHref(path, state, { [name]: state[name].filter((v) => v !== value) }) })),
  );
  if (state.deals) chips.push({ key: 'deals', text: t('listing.filter.dealsOnly'), href: listingHref(path, state, { deals: false }) });
  const none = listingHref(path, state, { metal: [], type: [], manufacturer: [], weight: [], country: [], availability: [], deals: false });
  return (
    <div className="active-filters">
      <p className="visually-hidden" id="active-filters-title">{t('listing.filter.active')}</p>
      <ul aria-labelledby="active-filters-title">
        {chips.map((c) => (
          <li key={c.key}>
            <a href={c.href} className="filter-chip" aria-label={t('listing.filter.remove', { filter: c.text })} onClick={follow(c.href)}>
              {c.text}
              {/* an icon, not the character ×: a visible "×" would not be part of the link's name (WCAG 2.5.3) */}
              <svg className="filter-chip-x" aria-hidden="true" focusable="false" viewBox="0 0 10 10" width="10" height="10"><path d="M1 1l8 8M9 1l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" /></svg>
            </a>
          </li>
        ))}
      </ul>
      <a href={none} className="filter-reset" onClick={follow(none)}>{t('listing.filter.reset')}</a>
    </div>
  );
}

export interface LoadMoreProps {
  path: string;
  state: ListingState;
  shown: number;
  total: number;
  /** before the router follows the link: remember where the new cards start */
  onMore?: () => void;
}

/** spec 2 "load more": a link to ?page=n+1, which shows pages 1..n+1; with JavaScript it appends. */
export function LoadMore({ path, state, shown, total, onMore }: LoadMoreProps) {
  const { t } = useShop();
  const follow = useFollow();
  const more = shown < total;
  const href = listingHref(path, state, { page: state.page + 1 });
  return (
    <div className="load-more">
      <p className="load-more-progress">{t('listing.shownOf', { shown, total })}</p>
      {more ? (
        <a href={href} className="button button-quiet load-more-button" rel="next" onClick={follow(href, onMore)}>
          {t('listing.loadMore')}
        </a>
      ) : null}
    </div>
  );
}
