// The products of a listing as cards, in a grid or a list, with their live buy prices (one batched price
// request for the whole list) and view_item_list once per list shown (spec 7).
import { useEffect, useMemo, useRef } from 'react';
import { usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';
import { ProductCard } from '../product/ProductCard.tsx';
import { trackedItem, trackViewItemList, type ListRef } from '../product/tracking.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import type { CardProduct } from '../../models/listing-data.ts';

export interface ProductGridProps {
  products: CardProduct[];
  list: ListRef;
  view?: 'grid' | 'list';
  headingLevel?: 2 | 3;
  /** index of the card whose link takes focus once it is there ("load more" moves focus to the first new one) */
  focusIndex?: number | null;
  onFocused?: () => void;
  className?: string;
}

export function ProductGrid({ products, list, view = 'grid', headingLevel = 3, focusIndex = null, onFocused, className }: ProductGridProps) {
  const { track } = useBrowser();
  const skus = useMemo(() => products.map((p) => p.sku), [products]);
  const { prices } = useProductPrices(skus);
  const currency = usePriceCurrency();
  const ref = useRef<HTMLUListElement>(null);

  // One view_item_list per list and set of products (a new filter or page is a new list view).
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const key = `${list.id}|${skus.join(',')}`;
    if (seen.current === key || products.length === 0) return;
    seen.current = key;
    trackViewItemList(track, list, products.map((p, i) => trackedItem(p, i, undefined, list)));
  }, [list, skus, products, track]);

  useEffect(() => {
    if (focusIndex === null || focusIndex >= products.length) return;
    const link = ref.current?.querySelectorAll<HTMLAnchorElement>('.product-card-link')[focusIndex];
    if (link) {
      link.focus();
      onFocused?.();
    }
  }, [focusIndex, products.length, onFocused]);

  return (
    <ul ref={ref} className={`product-grid product-grid-${view}${className ? ` ${className}` : ''}`}>
      {products.map((p, i) => (
        <li key={p.sku}>
          <ProductCard product={p} prices={prices ? (prices[p.sku] ?? null) : undefined} currency={currency} list={list} index={i} view={view} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
