// Product blocks (product_carousel, product_cards): the products the loader resolved through the
// catalogue, in the CMS's order; live prices load in the browser (usePrices: the server never renders a
// price). A block without products renders nothing. Tracking (spec 7): view_item_list once the list is
// shown, select_item when a product is chosen, with the block's tracking name as item_list_id and its
// headline as item_list_name.
import { useEffect, useId, useRef } from 'react';
import type { Block, ProductTeaser } from '../../src/contracts/content.ts';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { localizeDecimals } from '../../src/i18n.ts';
import { Link } from '../components/ShopLink.tsx';
import { useProductPrices, usePriceCurrency } from '../hooks/usePrices.ts';
import { pricesOfType } from '../components/prices/format.ts';
import { useBrowser } from '../lib/browser-port.ts';
import type { TrackedItem } from '../lib/browser-types.ts';

type ProductBlock = Extract<Block, { type: 'product_carousel' | 'product_cards' }>;

function trackedItems(block: ProductBlock): TrackedItem[] {
  return block.products.map((p, index) => ({
    item_id: p.sku,
    item_name: p.name,
    ...(p.metal ? { item_category: p.metal } : {}),
    ...(p.weightLabel ? { item_variant: p.weightLabel } : {}),
    index,
    item_list_id: block.trackingName,
    item_list_name: block.headline,
  }));
}

function ProductTile({ product, block, index, price }: { product: ProductTeaser; block: ProductBlock; index: number; price: string | null }) {
  const { track } = useBrowser();
  const { t, lang, locale } = useShop();
  const soldOut = product.availability === 'soldOut';
  const onSelect = () =>
    track({ event: 'select_item', ecommerce: { item_list_id: block.trackingName, item_list_name: block.headline, items: [trackedItems(block)[index]] } });
  return (
    <li className="product-tile">
      <div className="product-tile-image">
        {product.image ? <img src={product.image.src} alt="" width={160} height={160} loading="lazy" /> : null}
      </div>
      {product.badges.length || soldOut ? (
        <p className="product-badges">
          {soldOut ? <span className="badge badge-muted">{t('blocks.product.soldOut')}</span> : null}
          {product.badges.map((b) => (
            <span key={b} className={`badge badge-${b}`}>{t(`blocks.product.badge.${b}`)}</span>
          ))}
        </p>
      ) : null}
      <h3 className="product-tile-name">
        <Link to={pathFor('product', lang, { slug: product.slug })} className="product-tile-link" onClick={onSelect}>{product.name}</Link>
      </h3>
      {product.weightLabel ? <p className="product-tile-weight">{localizeDecimals(product.weightLabel, locale)}</p> : null}
      <p className="product-tile-price" data-testid="product-tile-price">
        {soldOut ? null : price ?? <span className="price-placeholder">{t('prices.loading')}</span>}
      </p>
    </li>
  );
}

function useListView(block: ProductBlock) {
  const { track } = useBrowser();
  useEffect(() => {
    if (block.products.length === 0) return;
    track({ event: 'view_item_list', ecommerce: { item_list_id: block.trackingName, item_list_name: block.headline, items: trackedItems(block) } });
  }, [block, track]);
}

function usePriceLabels(products: ProductTeaser[]): Record<string, string | null> {
  const shop = useShop();
  const currency = usePriceCurrency();
  const { prices } = useProductPrices(products.map((p) => p.sku));
  const out: Record<string, string | null> = {};
  for (const p of products) {
    const buy = prices ? pricesOfType(prices[p.sku], 'buy')[0] : undefined;
    out[p.sku] = buy ? shop.money(buy.centAmount, currency) : prices && prices[p.sku] === null ? shop.t('prices.unavailable') : null;
  }
  return out;
}

function ProductList({ block, className, listId }: { block: ProductBlock; className: string; listId?: string }) {
  const prices = usePriceLabels(block.products);
  return (
    <ul className={className} id={listId}>
      {block.products.map((p, i) => (
        <ProductTile key={p.sku} product={p} block={block} index={i} price={prices[p.sku]} />
      ))}
    </ul>
  );
}

export function ProductCards({ block }: { block: ProductBlock }) {
  useListView(block);
  const headingId = useId();
  if (block.products.length === 0) return null;
  return (
    <section className="block container product-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{block.headline}</h2>
      <ProductList block={block} className="product-grid" />
    </section>
  );
}

export function ProductCarousel({ block }: { block: ProductBlock }) {
  const { t } = useShop();
  useListView(block);
  const headingId = useId();
  const listId = useId();
  const rowRef = useRef<HTMLDivElement>(null);
  if (block.products.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = rowRef.current;
    if (!el) return;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduced ? 'auto' : 'smooth' });
  };
  return (
    <section className="block container product-block product-carousel" aria-labelledby={headingId}>
      <div className="product-carousel-head">
        <h2 id={headingId}>{block.headline}</h2>
        <div className="product-carousel-buttons">
          <button type="button" className="slider-button" aria-controls={listId} onClick={() => scroll(-1)}>
            <span aria-hidden="true">‹</span> <span className="visually-hidden">{t('blocks.carousel.previous')}</span>
          </button>
          <button type="button" className="slider-button" aria-controls={listId} onClick={() => scroll(1)}>
            <span className="visually-hidden">{t('blocks.carousel.next')}</span> <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <div className="product-carousel-track" ref={rowRef}>
        <ProductList block={block} className="product-row" listId={listId} />
      </div>
    </section>
  );
}
