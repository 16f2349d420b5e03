// Our physical stores as the order side needs them: where a customer picks up an order, has it sent to,
// or brings items to sell, with the address and opening hours the confirmation mail names. The CMS story
// stores/filialen describes the same stores for the store pages (a test keeps both in step).
import type { PickupStore } from '../../contracts/order.ts';
import { stores, type StoreKey } from '../../stores.ts';

export interface PickupStoreDef {
  slug: string;
  storeKey: StoreKey;
  name: { de: string; en: string };
  streetAddress: string;
  postalCode: string;
  city: { de: string; en: string };
  country: string;
  openingHours: { dayFrom: string; dayTo: string; hourFrom: string; hourTo: string }[];
}

const weekdays = (hourFrom: string, hourTo: string) => ({ dayFrom: 'Monday', dayTo: 'Friday', hourFrom, hourTo });
const saturday = (hourFrom: string, hourTo: string) => ({ dayFrom: 'Saturday', dayTo: 'Saturday', hourFrom, hourTo });

export const pickupStores: PickupStoreDef[] = [
  {
    slug: 'zuerich', storeKey: 'ch', name: { de: 'Aurum Zürich', en: 'Aurum Zurich' }, streetAddress: 'Barrengasse 7', postalCode: '8001',
    city: { de: 'Zürich', en: 'Zurich' }, country: 'CH', openingHours: [weekdays('09:00', '18:00'), saturday('10:00', '16:00')],
  },
  {
    slug: 'wien', storeKey: 'at', name: { de: 'Aurum Wien', en: 'Aurum Vienna' }, streetAddress: 'Dukatenplatz 3', postalCode: '1010',
    city: { de: 'Wien', en: 'Vienna' }, country: 'AT', openingHours: [weekdays('09:00', '18:00'), saturday('09:30', '13:00')],
  },
  {
    slug: 'muenchen', storeKey: 'de', name: { de: 'Aurum München', en: 'Aurum Munich' }, streetAddress: 'Feingoldstraße 14', postalCode: '80331',
    city: { de: 'München', en: 'Munich' }, country: 'DE', openingHours: [weekdays('09:30', '18:30'), saturday('10:00', '14:00')],
  },
  {
    slug: 'vaduz', storeKey: 'li', name: { de: 'Aurum Vaduz', en: 'Aurum Vaduz' }, streetAddress: 'Vreneliweg 9', postalCode: '9490',
    city: { de: 'Vaduz', en: 'Vaduz' }, country: 'LI', openingHours: [weekdays('09:00', '12:00'), weekdays('13:30', '17:30')],
  },
  {
    slug: 'new-york', storeKey: 'us', name: { de: 'Aurum New York', en: 'Aurum New York' }, streetAddress: '36 West 47th Street, Suite 804',
    postalCode: '10036', city: { de: 'New York', en: 'New York' }, country: 'US', openingHours: [weekdays('09:00', '17:00')],
  },
];

/**
 * Decision: a store's customers can use the stores in its shipping countries (spec 5: the shipping country
 * must be within the allowed country): Switzerland and Liechtenstein share theirs, Austria and Germany theirs.
 */
export function pickupStoresFor(storeKey: StoreKey): PickupStoreDef[] {
  const countries: string[] = stores[storeKey].shippingCountries;
  // the store's own country first
  return pickupStores
    .filter((s) => countries.includes(s.country))
    .sort((a, b) => Number(b.storeKey === storeKey) - Number(a.storeKey === storeKey));
}

export function findPickupStore(storeKey: StoreKey, slug: string): PickupStoreDef | null {
  return pickupStoresFor(storeKey).find((s) => s.slug === slug) ?? null;
}

export function toPickupStore(s: PickupStoreDef, lang: 'de' | 'en'): PickupStore {
  return {
    slug: s.slug, name: s.name[lang], streetAddress: s.streetAddress, postalCode: s.postalCode, city: s.city[lang], country: s.country,
    openingHours: s.openingHours.map((h) => ({ ...h })),
  };
}
