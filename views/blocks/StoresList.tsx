// The store finder (CMS block stores_list): the stores of stories/filialen, the current shop's first, each
// with its address, whether it is open now and a link to its page (/filialen/{slug}, /en/stores/{slug});
// with show_map a map beside the list, behind Targeting consent. "Show on map" centres the map on a store.
import { useId, useState } from 'react';
import type { Block, StoreSummary } from '../../src/contracts/content.ts';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { Link } from '../components/ShopLink.tsx';
import { OpenStatus } from '../components/OpenStatus.tsx';
import { StoreMap, type MapFocus } from '../components/StoreMap.tsx';
import { Address } from './ContactData.tsx';
import { telHref } from '../../src/contracts/display.ts';
import { useConsentFor } from '../hooks/useConsent.ts';

/** The current shop's stores first, then the others in the CMS's order. */
export function storesFor(shopKey: string, stores: StoreSummary[]): StoreSummary[] {
  return [...stores.filter((s) => s.storeKey === shopKey), ...stores.filter((s) => s.storeKey !== shopKey)];
}

export function StoresList({ block }: { block: Extract<Block, { type: 'stores_list' }> }) {
  const shop = useShop();
  const { t, lang } = shop;
  const id = useId();
  const mapAllowed = useConsentFor('targeting');
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const stores = storesFor(shop.store, block.stores);
  const map = block.map;
  return (
    <section className="block container store-finder" aria-labelledby={id}>
      {block.headline ? <h2 id={id}>{block.headline}</h2> : null}
      <div className={map ? 'store-finder-grid' : undefined}>
        <ul className="store-list">
          {stores.map((s) => (
            <li key={s.slug} className="store-card">
              <h3 className="store-card-name">
                <Link to={pathFor('storeDetail', lang, { slug: s.slug })}>{s.name}</Link>
              </h3>
              <Address c={{ ...s, name: undefined }} />
              <p className="store-card-phone"><a href={telHref(s.phone)}>{s.phone}</a></p>
              <OpenStatus store={s} />
              {map && mapAllowed ? (
                <button type="button" className="link-button" onClick={() => setFocus({ lat: s.lat, lng: s.lng, zoom: 15, marker: true })} aria-controls={`${id}-map`}>
                  {t('stores.showOnMap', { name: s.name })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {map ? (
          <div className="store-finder-map" id={`${id}-map`}>
            <StoreMap focus={focus ?? { lat: map.lat, lng: map.lng, zoom: map.zoom }} title={t('stores.mapTitle')} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
