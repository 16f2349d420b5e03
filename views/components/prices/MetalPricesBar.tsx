// The header's live metal prices (slot 'metal-prices'): gold, silver, platinum and palladium per troy
// ounce in the store's currency (ask: what a customer pays on the spot market), with the change over 24 h
// in text and arrow, not colour alone, and the countdown to the next update. Server and first browser
// render show the same placeholders (no prices on the server), so hydration matches.
import { Link } from '../ShopLink.tsx';
import type { MetalName, MetalPrices } from '../../../src/contracts/prices.ts';
import { useShop } from '../../lib/context.tsx';
import { useMetalPrices, usePriceCurrency } from '../../hooks/usePrices.ts';
import { pricelistPath } from '../../models/pricelist-slugs.ts';
import { changeKeys, changeWords, formatChange, metalOrder, spot } from './format.ts';
import { PriceCountdown } from './PriceCountdown.tsx';
import { PriceNotice } from './PriceNotice.tsx';

export function MetalPricesBar() {
  const shop = useShop();
  const { data } = useMetalPrices();
  shop.uses(changeKeys);
  return (
    <section className="metal-prices" aria-label={shop.t('prices.live')}>
      <div className="container metal-prices-inner">
        <p className="metal-prices-title" aria-hidden="true">{shop.t('prices.spotPerOunce')}</p>
        <ul className="metal-prices-list">
          {metalOrder.map((name) => (
            <MetalPriceItem key={name} name={name} metal={data?.metals.find((m) => m.name === name)} />
          ))}
        </ul>
        <PriceCountdown announce compact />
      </div>
      <PriceNotice />
    </section>
  );
}

function MetalPriceItem({ name, metal }: { name: MetalName; metal: MetalPrices | undefined }) {
  const shop = useShop();
  const currency = usePriceCurrency();
  const ask = spot(metal, currency);
  const bp = metal?.change?.[currency];
  const direction = bp === undefined ? 'none' : bp > 0 ? 'up' : bp < 0 ? 'down' : 'flat';
  return (
    <li className="metal-price" data-metal={name}>
      <Link to={pricelistPath(shop.lang, name)} className="metal-price-link">
        <span className="metal-price-name">{shop.t(`prices.metal.${name}`)}</span>
        <span className="visually-hidden">, {shop.t('prices.spotPerOunce')}: </span>
        <span className="metal-price-amount" data-testid={`metal-price-${name}`}>
          {ask === null ? <span className="price-placeholder">{shop.t('prices.loading')}</span> : shop.money(ask, currency)}
        </span>
        {bp !== undefined && ask !== null ? (
          <span className={`metal-price-change metal-price-change-${direction}`}>
            <span aria-hidden="true">
              {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '■'} {formatChange(bp, shop.locale)}
            </span>
            <span className="visually-hidden">, {changeWords(bp, shop.locale, shop.t)}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}
