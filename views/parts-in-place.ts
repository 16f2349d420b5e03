// Where the code-split parts (views/components/Deferred.tsx) and the layout's islands (views/components/Island.tsx)
// render in place from the first render: the server's render (views/server.tsx) and the component tests. The browser bundle never imports this module
// (test/views/page-weight.test.ts): there the entry loads the parts a page shows before hydrating.
import { registerDeferredPart } from './components/Deferred.tsx';
import { blockParts } from './blocks/block-parts.ts';
import { MetalPriceChart } from './blocks/PriceChartBlock.tsx';
import { OldMetalCalculator } from './blocks/OldMetalCalculator.tsx';
import { ContactData } from './blocks/ContactData.tsx';
import { CompanyFactsBlock } from './blocks/CompanyFactsBlock.tsx';
import { Newsletter, WhistleblowerForm } from './blocks/FormBlocks.tsx';
import { checkoutStepsPart } from './layouts/layout-parts.ts';
import { CheckoutSteps } from './components/CheckoutSteps.tsx';
import { registerIsland } from './components/Island.tsx';
import { availabilityAlertPart } from './pages/product/parts.ts';
import { AvailabilityAlertForm } from './pages/product/AvailabilityAlert.tsx';
import { footerNewsletterPart } from './components/layout-islands.ts';
import { priceChartPart } from './components/prices/chart-part.ts';
import { PriceChart } from './components/prices/PriceChart.tsx';
import { NewsletterForm } from './components/forms/NewsletterForm.tsx';

let done = false;

export function renderPartsInPlace(): void {
  if (done) return;
  done = true;
  registerDeferredPart(blockParts.metal_price_chart, MetalPriceChart);
  registerDeferredPart(blockParts.old_metal_calculator, OldMetalCalculator);
  registerDeferredPart(blockParts.contact_data, ContactData);
  registerDeferredPart(blockParts.company_facts, CompanyFactsBlock);
  registerDeferredPart(blockParts.newsletter, Newsletter);
  registerDeferredPart(blockParts.whistleblower_form, WhistleblowerForm);
  registerDeferredPart(checkoutStepsPart, CheckoutSteps);
  registerDeferredPart(availabilityAlertPart, AvailabilityAlertForm);
  registerIsland(footerNewsletterPart, NewsletterForm);
  registerIsland(priceChartPart, PriceChart);
}
