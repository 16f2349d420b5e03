// The price sets commerce holds (tables price_sets, price_set_lists, current_price_set): stored by the
// hand-over in one transaction, read by carts and orders. Each list is stored compact (one array per price
// instead of an object with its keys: about a third of the bytes, which is most of what storing costs on
// PGlite, and the price service's announcement waits for it) with all 15 lists in one statement. A stored set never changes, so its lists are
// cached in memory by set id (per database): several instances on one PostgreSQL server agree because the
// current set's id is read from the database on every pricing, only the immutable content is cached.
import type { CompactPriceList, HandOverPrice, PriceSetHandOver, PriceSetMetal } from '../../contracts/price-set.ts';
import { PriceType } from '../../contracts/prices.ts';
import type { Currency } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';

export interface CurrentPriceSet {
  id: string;
  lastRecalculatedAt: Date;
  validUntil: Date;
  receivedAt: Date;
  eurRates: Record<Currency, number>;
  metals: PriceSetMetal[];
}

/** sku -> prices of one country and currency */
export type PriceList = Record<string, HandOverPrice[]>;

/**
 * Decision: orders are accepted on a set until 30 s after its validity ends. The next set normally arrives
 * a moment after validUntil (the price service schedules the next cycle one interval after the last one
 * ended); 30 s is the price service's own cycle timeout. Past that the price service is failing and
 * commerce refuses orders (503 prices_unavailable) rather than sell metal at prices nobody sees any more.
 */
export const PRICE_GRACE_S = 30;

/** Decision: superseded sets are kept an hour (enough to diagnose a complaint about a price), then deleted. */
export const PRICE_SET_RETENTION_S = 3600;

// One lock id for every hand-over: "prices" in hex.
const HANDOVER_LOCK = 0x707269636573;

/**
 * Stores a set and makes it current when it is later than the current one. Idempotent: the same set again
 * changes nothing. One transaction, so instances never see a half-stored set.
 */
export async function savePriceSet(db: Db, set: PriceSetHandOver, now: Date): Promise<{ current: boolean }> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [HANDOVER_LOCK]);
    const cur = await tx.query<{ set_id: string; last_recalculated_at: Date }>(
      `select c.set_id, s.last_recalculated_at from current_price_set c join price_sets s on s.id = c.set_id`,
    );
    const current = cur[0];
    if (current && current.set_id === set.id) return { current: true };
    if (current && current.last_recalculated_at.getTime() >= Date.parse(set.lastRecalculatedAt)) return { current: false };
    const known = await tx.query('select 1 from price_sets where id = $1', [set.id]);
    if (known.length === 0) {
      await tx.query(
        `insert into price_sets (id, last_recalculated_at, valid_until, received_at, eur_rates, metals) values ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
        [set.id, new Date(set.lastRecalculatedAt), new Date(set.validUntil), now, JSON.stringify(set.eurRates), JSON.stringify(set.metals)],
      );
      await tx.query(
        `insert into price_set_lists (set_id, country, currency, prices)
         select $1, l.country, l.currency, l.prices::json from unnest($2::text[], $3::text[], $4::text[]) as l (country, currency, prices)
         on conflict (set_id, country, currency) do update set prices = excluded.prices`,
        [set.id, set.lists.map((l) => l.country), set.lists.map((l) => l.currency), set.lists.map(storedList)],
      );
    }
    await tx.query(
      `insert into current_price_set (singleton, set_id) values (true, $1) on conflict (singleton) do update set set_id = excluded.set_id`,
      [set.id],
    );
    await tx.query(
      `delete from price_sets where id <> $1 and received_at < $2 and id not in (select set_id from current_price_set)`,
      [set.id, addSeconds(now, -PRICE_SET_RETENTION_S)],
    );
    return { current: true };
  });
}

export async function currentPriceSet(db: Db): Promise<CurrentPriceSet | null> {
  const rows = await db.query<{ id: string; last_recalculated_at: Date; valid_until: Date; received_at: Date; eur_rates: Record<Currency, number>; metals: PriceSetMetal[] }>(
    `select s.id, s.last_recalculated_at, s.valid_until, s.received_at, s.eur_rates, s.metals
     from current_price_set c join price_sets s on s.id = c.set_id`,
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, lastRecalculatedAt: r.last_recalculated_at, validUntil: r.valid_until, receivedAt: r.received_at, eurRates: r.eur_rates, metals: r.metals };
}

/** True while orders may be placed on the set (validity plus PRICE_GRACE_S). */
export function orderable(set: CurrentPriceSet | null, now: Date): set is CurrentPriceSet {
  return set !== null && now.getTime() <= set.validUntil.getTime() + PRICE_GRACE_S * 1000;
}

/** A stored list: { v: 2, p: { sku: [[type, centAmount, minQuantity, taxCentAmount | null], ...] } }
 * (CompactPriceList, the form the price service hands over). Sets stored before (one object per price,
 * keyed by sku) are read as they are. */
type CompactList = CompactPriceList;

const priceTypes = new Set<unknown>(PriceType.anyOf.map((t) => t.const));

/** Where a handed-over compact price does not have its values in their places (the schema checks the
 * values, this their order): e.g. "lists/0/prices/p/GOLD-1OZ/2", or null when every price is well-formed. */
export function compactPriceError(set: PriceSetHandOver): string | null {
  for (const [i, list] of set.lists.entries()) {
    if (!('prices' in list)) continue;
    for (const [sku, prices] of Object.entries(list.prices.p)) {
      for (const [j, [type, centAmount, minQuantity, tax]] of prices.entries()) {
        if (!priceTypes.has(type) || !Number.isInteger(centAmount) || !Number.isInteger(minQuantity) || minQuantity < 1 || !(tax === null || Number.isInteger(tax))) {
          return `lists/${i}/prices/p/${sku}/${j}`;
        }
      }
    }
  }
  return null;
}

/** The JSON stored for a handed-over list: a compact list as it came, a long one made compact. */
function storedList(list: PriceSetHandOver['lists'][number]): string {
  return JSON.stringify('prices' in list ? list.prices : compactList(list.products));
}

export function compactList(products: { sku: string; prices: HandOverPrice[] }[]): CompactList {
  const p: CompactList['p'] = {};
  for (const product of products) p[product.sku] = product.prices.map((x) => [x.type, x.centAmount, x.minQuantity, x.taxCentAmount ?? null]);
  return { v: 2, p };
}

export function expandList(stored: CompactList | PriceList): PriceList {
  if ((stored as CompactList).v !== 2) return stored as PriceList;
  const out: PriceList = {};
  for (const [sku, prices] of Object.entries((stored as CompactList).p)) {
    out[sku] = prices.map(([type, centAmount, minQuantity, tax]) => (tax === null ? { type, centAmount, minQuantity } : { type, centAmount, minQuantity, taxCentAmount: tax }));
  }
  return out;
}

const LIST_CACHE_SIZE = 32;
const listCaches = new WeakMap<Db, Map<string, PriceList | null>>();

/** The prices of one country and currency in a set (null when the set has no such list). */
export async function priceList(db: Db, setId: string, country: string, currency: string): Promise<PriceList | null> {
  let cache = listCaches.get(db);
  if (!cache) {
    cache = new Map();
    listCaches.set(db, cache);
  }
  const key = `${setId}\u0000${country}\u0000${currency}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const rows = await db.query<{ prices: CompactList | PriceList }>(
    'select prices from price_set_lists where set_id = $1 and country = $2 and currency = $3',
    [setId, country, currency],
  );
  const list = rows[0] ? expandList(rows[0].prices) : null;
  // only found lists are cached: a set is stored in one transaction, so a missing list stays missing, but
  // a set deleted and re-sent must not stay invisible
  if (list) {
    cache.set(key, list);
    if (cache.size > LIST_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return list;
}

/** Spot price per troy ounce of a metal in a currency (cents), or null. */
export function spotCents(set: Pick<CurrentPriceSet, 'metals'>, metal: string, currency: string, type: 'bid' | 'ask'): number | null {
  const m = set.metals.find((x) => x.name === metal);
  return m?.prices.find((p) => p.currency === currency && p.type === type)?.centAmount ?? null;
}
