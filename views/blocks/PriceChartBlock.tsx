// The metal price chart block (spec 2): one metal and range as the CMS names them, else the chart's own.
import type { Block } from '../../src/contracts/content.ts';
import type { MetalName, SnapshotRange } from '../../src/contracts/prices.ts';
import { Island } from '../components/Island.tsx';
import { chartRanges, priceChartPart } from '../components/prices/chart-part.ts';
import { metalOrder } from '../components/prices/format.ts';

export function MetalPriceChart({ block }: { block: Extract<Block, { type: 'metal_price_chart' }> }) {
  const metal = metalOrder.includes(block.metal as MetalName) ? (block.metal as MetalName) : undefined;
  const range = chartRanges.includes(block.range as SnapshotRange) ? (block.range as SnapshotRange) : undefined;
  return (
    <div className="block container">
      <Island part={priceChartPart} props={{ metal, range, title: block.headline }} />
    </div>
  );
}
