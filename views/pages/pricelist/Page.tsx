// The price list (spec 2: with a toggle to show selling prices; also duty-free). Products come from the
// loader, prices live from the price hub (batched, refetched after every recalculation, cleared while one
// runs). A semantic table per metal with a caption, sortable columns (buttons in the headers, aria-sort),
// and below 768 px each row becomes a card that keeps its labels.
import { useMemo, useState } from 'react';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import type { MetalName, PriceType, ProductPrices } from '../../../src/contracts/prices.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Island } from '../../components/Island.tsx';
import { priceChartPart } from '../../components/prices/chart-part.ts';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { PriceNotice } from '../../components/prices/PriceNotice.tsx';
import { metalOrder, pricesOfType } from '../../components/prices/format.ts';
import { useShop } from '../../lib/context.tsx';
import { formatNumber, localizeDecimals } from '../../../src/i18n.ts';
import { pathFor } from '../../../src/screens.ts';
import { useHydrated, usePriceCurrency, useProductPrices } from '../../hooks/usePrices.ts';
import type { PricelistData, PricelistRow } from './loader.ts';
import { pricelistIds, pricelistPath, type PricelistId } from '../../models/pricelist-slugs.ts';
import { AddToCartButton } from '../../components/cart/AddToCartButton.tsx';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';

type SortKey = 'default' | 'name' | 'weight' | 'buy' | 'sell';
interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

export default function PricelistPage() {
  const data = useLoaderData() as PricelistData;
  const shop = useShop();
  const { t } = shop;
  const [showSell, setShowSell] = useState(false);
  const [sort, setSort] = useState<Sort>({ key: 'default', dir: 'asc' });
  const dutyFree = data.list === 'dutyFree';
  const buyType: PriceType = dutyFree ? 'buy-dutyfree' : 'buy';
  const skus = useMemo(() => data.rows.map((r) => r.sku), [data.rows]);
  const { prices, refreshing } = useProductPrices(skus);
  const title = t(`prices.list.titles.${data.list ?? 'all'}`);

  const groups = useMemo(() => {
    const metals: MetalName[] = data.list && data.list !== 'dutyFree' ? [data.list] : metalOrder;
    return metals.map((metal) => ({ metal, rows: data.rows.filter((r) => r.metal === metal) })).filter((g) => g.rows.length > 0);
  }, [data.list, data.rows]);

  return (
    <>
      <Breadcrumb current={title} />
      <section className="container page-section pricelist">
        <h1 className="page-title">{title}</h1>
        <p className="lead">{t(dutyFree ? 'prices.list.introDutyFree' : 'prices.list.intro')}</p>
        <nav className="pricelist-tabs" aria-label={t('prices.list.tabs')}>
          <ul>
            {([null, ...pricelistIds] as (PricelistId | null)[]).map((id) => (
              <li key={id ?? 'all'}>
                <Link to={pricelistPath(shop.lang, id)} aria-current={id === data.list ? 'page' : undefined}>
                  {t(`prices.list.tab.${id ?? 'all'}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pricelist-toolbar">
          <button type="button" className="toggle" aria-pressed={showSell} onClick={() => setShowSell((v) => !v)}>
            <span className="toggle-track" aria-hidden="true">
              <span className="toggle-thumb" />
            </span>
            {t('prices.list.showSell')}
          </button>
          <PriceCountdown />
        </div>
        {showSell ? <p className="pricelist-hint">{dutyFree ? t('prices.list.sellViaSupport') : t('prices.list.sellHint')}</p> : null}
        <PriceNotice />
        {data.unavailable ? (
          <p className="notice notice-warning">{t('prices.list.unavailable')}</p>
        ) : groups.length === 0 ? (
          <p className="notice">{t('prices.list.empty')}</p>
        ) : (
          groups.map((g) => (
            <PriceTable
              key={g.metal}
              metal={g.metal}
              rows={g.rows}
              heading={groups.length > 1}
              prices={prices}
              refreshing={refreshing}
              showSell={showSell}
              buyType={buyType}
              sort={sort}
              onSort={setSort}
              listName={title}
            />
          ))
        )}
        {!dutyFree && !data.unavailable ? (
          <div className="pricelist-chart">
            <Island part={priceChartPart} props={{ metal: data.list && data.list !== 'dutyFree' ? data.list : 'gold', range: '6m' }} />
          </div>
        ) : null}
      </section>
    </>
  );
}

interface TableProps {
  metal: MetalName;
  rows: PricelistRow[];
  heading: boolean;
  prices: Record<string, ProductPrices | null> | undefined;
  refreshing: boolean;
  showSell: boolean;
  buyType: PriceType;
  sort: Sort;
  onSort(s: Sort): void;
  listName: string;
}

function amountOf(p: ProductPrices | null | undefined, type: PriceType): number | null {
  return pricesOfType(p, type)[0]?.centAmount ?? null;
}

function sortRows(rows: PricelistRow[], sort: Sort, prices: TableProps['prices'], buyType: PriceType, locale: string): PricelistRow[] {
  if (sort.key === 'default') return rows;
  const dir = sort.dir === 'asc' ? 1 : -1;
  const value = (r: PricelistRow): number | string | null => {
    switch (sort.key) {
      case 'name':
        return r.name;
      case 'weight':
        return r.fineWeightGrams;
      case 'buy':
        return amountOf(prices?.[r.sku], buyType);
      case 'sell':
        return amountOf(prices?.[r.sku], 'sell');
      default:
        return null;
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    // products without a price go last, whatever the direction
    if (va === null || vb === null) return va === vb ? 0 : va === null ? 1 : -1;
    if (typeof va === 'string' && typeof vb === 'string') return va.localeCompare(vb, locale) * dir;
    return ((va as number) - (vb as number)) * dir;
  });
}

function PriceTable(props: TableProps) {
  const shop = useShop();
  const { t } = shop;
  const currency = usePriceCurrency();
  const rows = sortRows(props.rows, props.sort, props.prices, props.buyType, shop.locale);
  const headingId = `pricelist-${props.metal}`;
  const loading = props.refreshing || props.prices === undefined;
  const hydrated = useHydrated();
  const buyLabel = props.buyType === 'buy-dutyfree' ? t('prices.list.buyDutyFree') : t('prices.list.buy');

  const SortHeader = ({ k, label, className }: { k: SortKey; label: string; className?: string }) => {
    const active = props.sort.key === k;
    const next: Sort = { key: k, dir: active && props.sort.dir === 'asc' ? 'desc' : 'asc' };
    return (
      <th scope="col" className={className} aria-sort={active ? (props.sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
        <button type="button" className="sort-button" onClick={() => props.onSort(next)}>
          {label}
          <span className="sort-mark" aria-hidden="true">{active ? (props.sort.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
        </button>
      </th>
    );
  };

  const money = (cents: number | null) => (cents === null ? <span className="price-missing">{t('prices.unavailable')}</span> : shop.money(cents, currency));
  const placeholder = <span className="price-placeholder" aria-hidden="true">···</span>;

  // a section only with its metal's heading (the list of one metal has none: a plain div, issue 28)
  const Group = props.heading ? 'section' : 'div';
  return (
    <Group className="pricelist-group" aria-labelledby={props.heading ? headingId : undefined}>
      {props.heading ? <h2 id={headingId}>{t(`prices.metal.${props.metal}`)}</h2> : null}
      <ScrollRegion label={t('prices.list.caption', { list: props.heading ? `${props.listName} – ${t(`prices.metal.${props.metal}`)}` : props.listName, currency })}>
        <table className="data-table pricelist-table" aria-busy={hydrated && loading ? true : undefined} data-show-sell={props.showSell ? 'true' : undefined}>
          <caption>{t('prices.list.caption', { list: props.heading ? `${props.listName} – ${t(`prices.metal.${props.metal}`)}` : props.listName, currency })}</caption>
          <thead>
            <tr>
              <SortHeader k="name" label={t('prices.list.product')} />
              <SortHeader k="weight" label={t('prices.list.fineWeight')} className="num" />
              <SortHeader k="buy" label={buyLabel} className="num" />
              <th scope="col" className="tiers">{t('prices.list.tiers')}</th>
              {props.showSell ? <SortHeader k="sell" label={t('prices.list.sell')} className="num" /> : null}
              <th scope="col" className="pricelist-actions"><span className="visually-hidden">{t('cart.add.column')}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const p = props.prices?.[r.sku];
              const buys = pricesOfType(p, props.buyType);
              const tiers = buys.filter((x) => x.minQuantity > 1);
              return (
                <tr key={r.sku} data-sku={r.sku}>
                  <th scope="row">
                    <Link to={pathFor('product', shop.lang, { slug: r.slug })}>{r.name}</Link>
                    {r.availability === 'soldOut' ? <span className="badge badge-muted">{t('prices.list.soldOut')}</span> : null}
                  </th>
                  <td className="num" data-label={t('prices.list.fineWeight')}>
                    {r.weightLabel === null ? `${formatNumber(r.fineWeightGrams, shop.locale, 3)} g` : localizeDecimals(r.weightLabel, shop.locale)}
                  </td>
                  <td className="num price-cell" data-label={buyLabel} data-testid="pricelist-buy">
                    {loading ? placeholder : money(buys[0]?.centAmount ?? null)}
                  </td>
                  <td className="tiers" data-label={t('prices.list.tiers')}>
                    {loading ? placeholder : tiers.length === 0 ? <span className="muted">{t('prices.list.noTiers')}</span> : (
                      <ul className="tier-list">
                        {tiers.map((x) => (
                          <li key={x.minQuantity}>
                            <span className="tier-qty">{t('prices.list.fromPieces', { n: x.minQuantity })}</span> {shop.money(x.centAmount, currency)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  {props.showSell ? (
                    <td className="num price-cell" data-label={t('prices.list.sell')}>
                      {loading ? placeholder : money(amountOf(p, 'sell'))}
                    </td>
                  ) : null}
                  <td className="pricelist-actions">
                    {/* spec 6: duty-free products are sold only via customer support */}
                    {!r.dutyFree && r.availability !== 'soldOut' ? <AddToCartButton sku={r.sku} transactionType="buy" productName={r.name} compact /> : null}
                    {!r.dutyFree && props.showSell ? <AddToCartButton sku={r.sku} transactionType="sell" productName={r.name} compact /> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </Group>
  );
}
