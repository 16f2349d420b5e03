// The product page (spec 2 product detail): both sides of the piece with a zoom (ProductGallery) and, beside it on
// the first screen (issue 17), name, badges, the other weights and the buy box (PricePanel: price and cart
// actions); below, the description, the tier table (TierTable.tsx) beside the all-in price breakdown; every technical field;
// the shipping cost table; the price chart of the product's metal; similar products; the link to the limit
// order page; the cart and wishlist actions (PricePanel, CartActions); for a sold-out product the
// availability notification (AvailabilityAlert.tsx, a part: parts.ts), and the result of its confirmation link. JSON-LD is in the document head
// (views/models/product-loader.ts, product-json-ld.ts).
import { Suspense } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { Streamed } from '../../components/Streamed.tsx';
import { Island } from '../../components/Island.tsx';
import { priceChartPart } from '../../components/prices/chart-part.ts';
import { PriceNotice } from '../../components/prices/PriceNotice.tsx';
import { ProductBadges } from '../../components/product/ProductBadges.tsx';
import { useShop } from '../../lib/context.tsx';
import { formatNumber, localizeDecimals } from '../../../src/i18n.ts';
import type { ShippingCostsResponse } from '../../../src/contracts/order.ts';
import type { CardProduct } from '../../models/listing-data.ts';
import type { ProductData } from '../../models/product-loader.ts';
import { PricePanel } from './PricePanel.tsx';
import { breakdownIsland, detailsIsland, returnsIsland, shippingIsland, similarIsland, tiersIsland } from './islands.ts';
import { alertLinkPart } from './parts.ts';
import { partComponent } from '../../components/Deferred.tsx';
import { ProductGallery } from './ProductGallery.tsx';

/** The alert's confirmation link (?alertToken=): its notice's code loads only on such a page (parts.ts). */
function AlertLink() {
  const [params] = useSearchParams();
  if (!params.get('alertToken')) return null;
  const Notice = partComponent(alertLinkPart);
  return (
    <Suspense fallback={null}>
      <Notice />
    </Suspense>
  );
}

export default function ProductPage() {
  const data = useLoaderData() as ProductData;
  const { t, locale } = useShop();
  const p = data.product;
  const a = p.attributes;
  const subtitle = [a.weightLabel === null ? null : localizeDecimals(a.weightLabel, locale), a.preciousMetal && a.fineness ? `${a.preciousMetal} ${formatNumber(a.fineness, locale, 1)}` : a.preciousMetal, a.manufacturer].filter(Boolean).join(' · ');
  return (
    <>
      <Breadcrumb current={p.localizedName} />
      <article className="container page-section product-page" data-sku={p.sku}>
        <AlertLink />
        <div className="product-top">
          <ProductGallery key={p.sku} images={p.images} name={p.localizedName} />
          <div className="product-summary">
            <ProductBadges badges={p.badges} />
            <h1 className="product-title">{p.localizedName}</h1>
            {subtitle ? <p className="product-subtitle">{subtitle}</p> : null}
            {data.variants.length > 1 ? (
              <nav className="product-variants" aria-label={t('productPage.variants')}>
                <p className="product-variants-label" aria-hidden="true">{t('productPage.variants')}</p>
                <ul>
                  {data.variants.map((v) => (
                    <li key={v.sku}>
                      <Link to={v.href} aria-current={v.current ? 'page' : undefined} className={v.soldOut ? 'variant-sold-out' : undefined}>
                        {v.label}
                        {v.soldOut ? <span className="visually-hidden"> ({t('productPage.availability.soldOut')})</span> : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <PriceNotice />
            <PricePanel product={p} />
          </div>
        </div>
        <p className="product-description">{p.description}</p>
        <div className="product-prices">
          <Island part={tiersIsland} props={{ product: p }} />
          <Island part={breakdownIsland} props={{ product: { sku: p.sku, metal: p.metal, fineWeightGrams: a.fineWeightGrams, vatClass: p.vatClass, dutyFree: p.dutyFree }, country: data.country }} />
        </div>
        <Island part={detailsIsland} props={{ product: p }} />
        <Streamed id="product.shipping" value={data.shipping} fallback={null}>
          {(costs: ShippingCostsResponse | null) => (costs ? <Island part={shippingIsland} props={{ costs }} /> : null)}
        </Streamed>
        <Island part={returnsIsland} props={{ marketPriced: p.metal !== null }} />
        {p.metal ? (
          <div className="product-section product-chart">
            <Island part={priceChartPart} props={{ metal: p.metal, metals: [p.metal], range: '6m' }} />
          </div>
        ) : null}
        <Streamed id="product.similar" value={data.similar} fallback={null}>
          {(similar: CardProduct[] | null) =>
            similar && similar.length > 0 ? (
              <section className="product-section" aria-labelledby="similar-title">
                <h2 id="similar-title">{t('productPage.similar')}</h2>
                <Island part={similarIsland} props={{ products: similar, list: { id: 'similar_products', name: t('productPage.similar') }, headingLevel: 3, className: 'product-grid-compact' }} />
              </section>
            ) : null
          }
        </Streamed>
      </article>
    </>
  );
}
