// The company facts block (spec 2): the company's details, legal and bank lines as the CMS asks.
import type { Block } from '../../src/contracts/content.ts';
import { CompanyDetails } from '../components/CompanyDetails.tsx';

export function CompanyFactsBlock({ block }: { block: Extract<Block, { type: 'company_facts' }> }) {
  return <CompanyDetails headline={block.headline} showLegal={block.showLegal} showBank={block.showBank} />;
}
