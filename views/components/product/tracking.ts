// Tracking of products (spec 7: view_item, view_item_list, select_item) in GA4's shape through the data
// layer (client/state/data-layer.ts, through the port's track). Browser only: the port's track does nothing on the server, and these are called
// from effects and click handlers.
import { toMajor, type TrackedItem, type TrackEvent } from '../../lib/browser-types.ts';

/** the port's track (views/lib/browser-port.ts): the caller's useBrowser().track */
type Track = (e: TrackEvent) => void;
import type { CardProduct } from '../../models/listing-data.ts';

export interface ListRef {
  id: string;
  name: string;
}

/** The brand tracking sees: the manufacturer, else nothing. */
export function trackedItem(p: Pick<CardProduct, 'sku' | 'name' | 'manufacturer' | 'category' | 'weightLabel'>, index: number | undefined, priceCents: number | undefined, list?: ListRef): TrackedItem {
  return {
    item_id: p.sku,
    item_name: p.name,
    ...(p.manufacturer ? { item_brand: p.manufacturer } : {}),
    ...(p.category ? { item_category: p.category } : {}),
    ...(p.weightLabel ? { item_variant: p.weightLabel } : {}),
    ...(priceCents !== undefined ? { price: toMajor(priceCents) } : {}),
    ...(index !== undefined ? { index } : {}),
    ...(list ? { item_list_id: list.id, item_list_name: list.name } : {}),
  };
}

export function trackViewItemList(track: Track, list: ListRef, items: TrackedItem[]): void {
  if (items.length === 0) return;
  track({ event: 'view_item_list', ecommerce: { item_list_id: list.id, item_list_name: list.name, items } });
}

export function trackSelectItem(track: Track, list: ListRef, item: TrackedItem, currency: string): void {
  track({ event: 'select_item', ecommerce: { item_list_id: list.id, item_list_name: list.name, currency, items: [item] } });
}

export function trackViewItem(track: Track, item: TrackedItem, currency: string): void {
  track({ event: 'view_item', ecommerce: { currency, ...(item.price !== undefined ? { value: item.price } : {}), items: [item] } });
}
