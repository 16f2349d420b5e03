// SWR hook for the price chart's series (GET /api/prices/snapshots on the storefront, cached there and
// thinned out for the chart's width). A new recalculation adds a point: the series is fetched again then.
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import type { MetalName, SnapshotRange } from '../../src/contracts/prices.ts';
import type { StoreSnapshotsResponse } from '../../src/contracts/price-stream.ts';
import { useShop } from '../../views/lib/context.tsx';
import { PriceFetchError, usePriceCurrency, usePriceState } from './usePrices.ts';

export function usePriceChart(metal: MetalName, range: SnapshotRange, width: number) {
  const shop = useShop();
  const currency = usePriceCurrency();
  const { lastRecalculatedAt } = usePriceState();
  // widths in steps of 100 px: the storefront caches one series per step
  const bucket = width > 0 ? Math.max(100, Math.round(width / 100) * 100) : 0;
  const key = bucket > 0 ? `prices:chart:${metal}:${range}:${currency}:${bucket}` : null;
  const swr = useSWR<StoreSnapshotsResponse>(
    key,
    async () => {
      const cur = currency === shop.currency ? '' : `&currency=${currency}`;
      let res: Response;
      try {
        res = await fetch(`/api/prices/snapshots?metal=${metal}&range=${range}&width=${bucket}${cur}`, { headers: { accept: 'application/json' } });
      } catch {
        // the chart shows its own message; the header's price notice is about prices, not charts
        throw new PriceFetchError(0, 'chart series unavailable');
      }
      if (!res.ok) throw new PriceFetchError(res.status, 'chart series unavailable');
      return (await res.json()) as StoreSnapshotsResponse;
    },
    { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 30_000, keepPreviousData: true, errorRetryCount: 3 },
  );
  const seen = useRef<string | null>(null);
  const { mutate } = swr;
  useEffect(() => {
    if (!lastRecalculatedAt) return;
    if (seen.current !== null && seen.current !== lastRecalculatedAt) void mutate();
    seen.current = lastRecalculatedAt;
  }, [lastRecalculatedAt, mutate]);
  return swr;
}
