// The CMS blocks whose code is heavy (forms, the price chart, the scrap calculator, contact data and company
// facts) as code-split parts (views/components/Deferred.tsx): a page loads a block's code only when it shows
// that block, not every block's code with every CMS page (the home page carried the whistleblower form and
// the scrap calculator).
// views/parts-in-place.ts registers their components for the server.
import type { Block, BlockType } from '../../src/contracts/content.ts';
import type { DeferredPart } from '../components/Deferred.tsx';

export type DeferredBlockType = 'metal_price_chart' | 'old_metal_calculator' | 'contact_data' | 'company_facts' | 'newsletter' | 'whistleblower_form';
type PropsOf<T extends BlockType> = { block: Extract<Block, { type: T }> };

export const blockParts: { [T in DeferredBlockType]: DeferredPart<PropsOf<T>> } = {
  metal_price_chart: { name: 'block-price-chart', load: () => import('./PriceChartBlock.tsx').then((m) => m.MetalPriceChart) },
  old_metal_calculator: { name: 'block-scrap-calculator', load: () => import('./OldMetalCalculator.tsx').then((m) => m.OldMetalCalculator) },
  contact_data: { name: 'block-contact-data', load: () => import('./ContactData.tsx').then((m) => m.ContactData) },
  company_facts: { name: 'block-company-facts', load: () => import('./CompanyFactsBlock.tsx').then((m) => m.CompanyFactsBlock) },
  newsletter: { name: 'block-newsletter', load: () => import('./FormBlocks.tsx').then((m) => m.Newsletter) },
  whistleblower_form: { name: 'block-whistleblower', load: () => import('./FormBlocks.tsx').then((m) => m.WhistleblowerForm) },
};
