// Plugs the price widgets into the layouts and the CMS: the header's live metal prices (slot
// 'metal-prices') and the CMS block 'metal_price_chart'. Imported once by the server
// (src/storefront/app.ts) and once by the browser (client/entry.tsx) so both render the same.
import { createElement } from 'react';
import { registerSlot } from '../slots.tsx';
import { registerBlock } from '../../blocks/Blocks.tsx';
import type { MetalName, SnapshotRange } from '../../../src/contracts/prices.ts';
import { MetalPricesBar } from './MetalPricesBar.tsx';
import { PriceChart, chartRanges } from './PriceChart.tsx';
import { metalOrder } from './format.ts';

registerSlot('metal-prices', MetalPricesBar);

registerBlock('metal_price_chart', ({ block }) => {
  const metal = metalOrder.includes(block.metal as MetalName) ? (block.metal as MetalName) : undefined;
  const range = chartRanges.includes(block.range as SnapshotRange) ? (block.range as SnapshotRange) : undefined;
  const title = typeof block.headline === 'string' ? block.headline : typeof block.title === 'string' ? block.title : undefined;
  return createElement('div', { className: 'block container' }, createElement(PriceChart, { metal, range, title }));
});
