// A listing page's body (shop, category, deals list, search results): categories, filters beside the
// results (below 768 px behind a "Filter" switch that works without JavaScript), result count, sort,
// grid or list, active filters, the cards and "load more".
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { PriceNotice } from '../prices/PriceNotice.tsx';
import { activeFilterCount, listingHref } from '../../models/listing-url.ts';
import type { ListingData } from '../../models/listing-data.ts';
import { FilterForm } from './FilterForm.tsx';
import { SortControl } from './SortControl.tsx';
import { ActiveFilters, CategoryNav, LoadMore, ViewSwitch } from './ListingParts.tsx';
import { ProductGrid } from './ProductGrid.tsx';

export interface ListingViewProps {
  data: ListingData;
  /** shown instead of the results when there are none (the search page's helpful empty result) */
  empty?: ReactNode;
}

export function ListingView({ data, empty }: ListingViewProps) {
  const { t } = useShop();
  const { state, path } = data;
  const navigation = useNavigation();
  const loading = navigation.state !== 'idle' && navigation.location?.pathname === path;
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // "load more": focus goes to the first new card once it is there
  const onMore = useCallback(() => setFocusIndex(data.products.length), [data.products.length]);
  const onFocused = useCallback(() => setFocusIndex(null), []);
  const filterCount = activeFilterCount(state);
  const hasResults = data.products.length > 0;

  if (data.unavailable) {
    return (
      <>
        <CategoryNav categories={data.categories} />
        <p className="notice notice-warning" role="alert">{t('listing.unavailable')}</p>
      </>
    );
  }

  // Nothing found and nothing to narrow: the helpful empty result alone (it offers the categories itself)
  if (empty && !hasResults && !data.beyondEnd && filterCount === 0) return <>{empty}</>;

  return (
    <>
      <CategoryNav categories={data.categories} />
      <div className="listing-layout">
        <div className="listing-filters">
          <input type="checkbox" id="filters-toggle" className="filters-toggle visually-hidden" />
          <label htmlFor="filters-toggle" className="button button-quiet filters-toggle-label">
            {t('listing.filter.show')}
            {filterCount > 0 ? ` (${filterCount})` : ''}
          </label>
          <div className="filter-panel">
            <h2 className="filter-title">{t('listing.filter.title')}</h2>
            <FilterForm path={path} state={state} filters={data.filters} showDeals={data.kind !== 'deals'} dealCount={data.dealCount} />
          </div>
        </div>
        <div className="listing-main">
          <div className="listing-toolbar">
            <p className="listing-count" role="status">
              {t(data.total === 1 ? 'listing.count.one' : 'listing.count.many', { count: data.total })}
            </p>
            <div className="listing-tools">
              <SortControl path={path} state={state} />
              <ViewSwitch path={path} state={state} />
            </div>
          </div>
          <ActiveFilters path={path} state={state} filters={data.filters} />
          <PriceNotice />
          <div className="listing-results" aria-busy={loading ? true : undefined}>
            {data.beyondEnd ? (
              <div className="notice listing-empty">
                <p>{t('listing.beyondEnd')}</p>
                <p><Link to={listingHref(path, state, { page: data.lastPage })}>{t('listing.toLastPage')}</Link></p>
              </div>
            ) : hasResults ? (
              <>
                <ProductGrid products={data.products} list={data.list} view={state.view} headingLevel={2} focusIndex={focusIndex} onFocused={onFocused} />
                <LoadMore path={path} state={state} shown={data.products.length} total={data.total} onMore={onMore} />
              </>
            ) : (
              empty ?? (
                <div className="notice listing-empty">
                  <p>{t('listing.noResults')}</p>
                  {filterCount > 0 ? (
                    <p><Link to={listingHref(path, state, { metal: [], type: [], manufacturer: [], weight: [], country: [], availability: [], deals: false })}>{t('listing.filter.reset')}</Link></p>
                  ) : null}
                </div>
              )
            )}
          </div>
        </div>
      </div>
    </>
  );
}
