// A pickup store's address and opening hours: the checkout's delivery and review steps and the confirmation.
import type { PickupStore } from '../../../src/contracts/order.ts';
import { useShop } from '../../lib/context.tsx';
import { placeLine } from '../../../src/contracts/address-format.ts';
import { weekdayName as localWeekday } from '../../../src/i18n.ts';
import type { LocaleTag } from '../../../src/stores.ts';

const englishWeekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The stores' opening days come as English weekday names (the CMS store list's words): in the page's language. */
export function weekdayName(day: string, locale: LocaleTag): string {
  const i = englishWeekdays.indexOf(day);
  return i < 0 ? day : localWeekday(i, locale);
}

export function StoreAddress({ store }: { store: PickupStore }) {
  const { t, locale } = useShop();
  const day = (d: string) => weekdayName(d, locale);
  return (
    <div className="store-address" data-testid="store-address">
      <address>
        <strong>{store.name}</strong>
        <span>{store.streetAddress}</span>
        <span>{placeLine({ zipCode: store.postalCode, city: store.city, country: store.country })}</span>
      </address>
      {store.openingHours.length > 0 ? (
        <>
          <p className="store-hours-title">{t('checkout.delivery.openingHours')}</p>
          <ul className="store-hours">
            {store.openingHours.map((h, i) => (
              <li key={i}>{h.dayFrom === h.dayTo ? day(h.dayFrom) : `${day(h.dayFrom)}–${day(h.dayTo)}`} {h.hourFrom}–{h.hourTo}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
