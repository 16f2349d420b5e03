// The limit-order form of a product (spec 2, 3, 5): the product with its live buy price per piece, then
// target unit price, quantity and expiry. Signed-in customers only (the account guard sends guests to
// login and back here). After it is given, the page says so with its number and a link to it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoaderData } from 'react-router';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import { pathFor } from '../../../src/screens.ts';
import { createLimitOrder } from '../../state/shop-api.ts';
import { useHydrated, usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { StatusMessage } from '../../components/forms/Fields.tsx';
import { pricesOfType } from '../../components/prices/format.ts';
import { LimitOrderForm } from '../../components/account-area/LimitOrderForm.tsx';
import { useShop } from '../../lib/context.tsx';
import type { ProductLimitOrderData } from './loader.ts';
import { ADDRESS_SECTION_ID, AddressCheck, type AddressState } from './AddressCheck.tsx';

export default function ProductLimitOrderPage() {
  const { product } = useLoaderData() as ProductLimitOrderData;
  const shop = useShop();
  const { t, lang } = shop;
  const [given, setGiven] = useState<LimitOrder | null>(null);
  const [address, setAddress] = useState<AddressState>('checking');
  const onAddressState = useCallback((s: AddressState) => setAddress(s), []);
  const currency = usePriceCurrency();
  const { prices } = useProductPrices([product.sku]);
  const tiers = pricesOfType(prices?.[product.sku], 'buy');
  // the price per piece of the tier a quantity reaches, in the store's currency (the limit's currency)
  const unitPrice = (quantity: number) => (currency !== shop.currency ? null : tiers.filter((p) => p.minQuantity <= quantity).pop()?.centAmount ?? null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (given) doneRef.current?.focus();
  }, [given]);
  return (
    <>
      <Breadcrumb />
      <section className="container page-section limit-order-page">
        <h1 className="page-title">{t('limitOrders.createTitle')}</h1>
        <div className="limit-order-layout">
          <ProductSummary product={product} />
          <div className="limit-order-main">
            {given ? (
              <div ref={doneRef} tabIndex={-1} data-testid="limit-order-given">
                <StatusMessage>
                  <p>{t('limitOrders.given', { number: given.number })}</p>
                  <p><Link to={pathFor('accountLimitOrder', lang, { slug: given.id })}>{t('limitOrders.showGiven')}</Link></p>
                </StatusMessage>
              </div>
            ) : (
              <>
                <p className="lead">{t('limitOrders.createIntro')}</p>
                <AddressCheck returnTo={pathFor('productLimitOrder', lang, { slug: product.localizedSlug })} onState={onAddressState} />
                <LimitOrderForm
                  formId="limit-order"
                  currency={shop.currency}
                  submitLabel={t('limitOrders.submit')}
                  currentUnitPrice={unitPrice}
                  draftKey={`limit-order-draft:${product.sku}`}
                  check={() => {
                    if (address !== 'missing') return null;
                    requestAnimationFrame(() => document.getElementById(ADDRESS_SECTION_ID)?.scrollIntoView({ block: 'nearest' }));
                    return { code: 'no_default_address', status: 409, message: t('form.error.no_default_address') };
                  }}
                  onSubmit={async (input) => {
                    const r = await createLimitOrder({ sku: product.sku, ...input });
                    if (!r.error) setGiven(r.data.limitOrder);
                    return r;
                  }}
                />
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

function ProductSummary({ product }: { product: ProductLimitOrderData['product'] }) {
  const shop = useShop();
  const { t, lang } = shop;
  const currency = usePriceCurrency();
  const hydrated = useHydrated();
  const { prices } = useProductPrices([product.sku]);
  const buy = pricesOfType(prices?.[product.sku], 'buy')[0];
  return (
    <aside className="limit-order-product account-panel" aria-labelledby="lo-product">
      {product.images[0] ? <img src={product.images[0].url} alt="" width={120} height={120} /> : null}
      <h2 id="lo-product"><Link to={pathFor('product', lang, { slug: product.localizedSlug })}>{product.localizedName}</Link></h2>
      <p className="limit-order-current">
        <span>{t('limitOrders.currentPrice')}</span>{' '}
        <strong data-testid="limit-order-current-price" aria-live="polite">
          {!hydrated || prices === undefined ? <span className="price-placeholder" aria-hidden="true">···</span> : buy ? shop.money(buy.centAmount, currency) : t('prices.unavailable')}
        </strong>
      </p>
      <p className="field-hint">{t('limitOrders.currentHint')}</p>
    </aside>
  );
}
