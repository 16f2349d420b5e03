// The price chart's series (GET /api/prices/snapshots), through the browser port: client/hooks/
// usePriceChart.ts fetches it in the browser and again with each recalculation; the server renders none.
import type { MetalName, SnapshotRange } from '../../src/contracts/prices.ts';
import { useBrowser } from '../lib/browser-port.ts';
import type { PriceChartView } from '../lib/browser-types.ts';

export function usePriceChart(metal: MetalName, range: SnapshotRange, width: number): PriceChartView {
  return useBrowser().prices.useChart(metal, range, width);
}
