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
import { errorBoundaryPart } from './error-part.ts';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';
import { noticePart, noticeTextPart } from './components/cart/CartNotices.tsx';
import { Notice, NoticeText } from './components/cart/Notice.tsx';
import { alertLinkPart, availabilityAlertPart } from './pages/product/parts.ts';
import { AlertLinkNotice } from './pages/product/AlertLinkNotice.tsx';
import { breakdownIsland, detailsIsland, returnsIsland, shippingIsland, similarIsland, tiersIsland } from './pages/product/islands.ts';
import { ProductTiers } from './pages/product/TierTable.tsx';
import { LivePriceBreakdown } from './pages/product/PriceBreakdown.tsx';
import { ReturnsNote, ShippingTable, TechnicalDetails } from './pages/product/ProductDetails.tsx';
import { ProductGrid } from './components/listing/ProductGrid.tsx';
import { AvailabilityAlertForm } from './pages/product/AvailabilityAlert.tsx';
import { footerNewsletterPart, footerPart, searchBoxPart } from './components/layout-islands.ts';
import { SearchBox } from './components/SearchBox.tsx';
import { Footer } from './components/Footer.tsx';
import { priceChartPart } from './components/prices/chart-part.ts';
import { blockIslands } from './blocks/block-islands.ts';
import { ProductCards, ProductCarousel } from './blocks/Products.tsx';
import { ArticlesBlock, NewsBlock } from './blocks/Articles.tsx';
import { HowToSell } from './blocks/HowToSell.tsx';
import { Video } from './blocks/Video.tsx';
import { StoresList } from './blocks/StoresList.tsx';
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
  registerDeferredPart(errorBoundaryPart, RootErrorBoundary);
  registerDeferredPart(alertLinkPart, AlertLinkNotice);
  registerDeferredPart(noticePart, Notice);
  registerDeferredPart(noticeTextPart, NoticeText);
  registerDeferredPart(footerNewsletterPart, NewsletterForm);
  registerDeferredPart(footerPart, Footer);
  registerDeferredPart(searchBoxPart, SearchBox);
  registerDeferredPart(priceChartPart, PriceChart);
  registerDeferredPart(tiersIsland, ProductTiers);
  registerDeferredPart(breakdownIsland, LivePriceBreakdown);
  registerDeferredPart(detailsIsland, TechnicalDetails);
  registerDeferredPart(shippingIsland, ShippingTable);
  registerDeferredPart(returnsIsland, ReturnsNote);
  registerDeferredPart(similarIsland, ProductGrid);
  registerDeferredPart(blockIslands.product_carousel, ProductCarousel);
  registerDeferredPart(blockIslands.product_cards, ProductCards);
  registerDeferredPart(blockIslands.news, NewsBlock);
  registerDeferredPart(blockIslands.articles, ArticlesBlock);
  registerDeferredPart(blockIslands.how_to_sell, HowToSell);
  registerDeferredPart(blockIslands.video, Video);
  registerDeferredPart(blockIslands.stores_list, StoresList);
}
