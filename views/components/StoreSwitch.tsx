import { storeKeys, stores } from '../../src/stores.ts';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';

/** The five country stores; each lives on its own host, so switching is a full page load. */
export function StoreSwitch() {
  const shop = useShop();
  return (
    <nav className="store-switch" aria-label={shop.t('nav.store')}>
      <ul>
        {storeKeys.map((key) => (
          <li key={key}>
            <a
              href={`${shop.storeOrigins[key]}${pathFor('home', shop.lang)}`}
              aria-current={key === shop.store ? 'true' : undefined}
              title={stores[key].name[shop.lang]}
              lang={shop.lang}
            >
              {key.toUpperCase()}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
