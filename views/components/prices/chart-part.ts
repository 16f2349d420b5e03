// The metal price chart as an island (views/components/Island.tsx, issue 27): its code (the chart component
// and its series hook; d3 is a chunk of its own already) loads when the chart comes within 300 px of the
// screen or is used, not with the page: on a phone the product page's and the home page's charts are below
// the first screen. The server renders it in place (views/parts-in-place.ts).
import type { IslandPart } from '../Island.tsx';
import type { PriceChartProps } from './PriceChart.tsx';

export { chartRanges } from './format.ts';

export const priceChartPart: IslandPart<PriceChartProps> = {
  name: 'price-chart',
  near: true,
  load: () => import('./PriceChart.tsx').then((m) => m.PriceChart),
};
