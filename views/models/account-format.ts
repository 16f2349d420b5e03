import type { ShopAddress, ShopCustomer } from '../../src/contracts/shop-api.ts';
import type { Translate } from '../../src/i18n.ts';

export function fullName(c: Pick<ShopCustomer, 'firstName' | 'lastName'> & { title?: string | null }): string {
  return [c.title, c.firstName, c.lastName].filter(Boolean).join(' ');
}

/** An address as lines, the way it goes on an envelope in the address's country. */
export function addressLines(a: Omit<ShopAddress, 'id' | 'defaultShipping' | 'defaultBilling'> & Partial<ShopAddress>, t: Translate): string[] {
  const street = a.country === 'US' ? `${a.streetNumber} ${a.streetName}` : `${a.streetName} ${a.streetNumber}`;
  const place = a.country === 'US' ? `${a.city}, ${a.state ?? ''} ${a.zipCode}`.replace(/\s+/g, ' ').trim() : `${a.zipCode} ${a.city}`;
  return [fullName(a), a.company, street, a.apartment, place, t(`account.country.${a.country}`)].filter((l): l is string => !!l);
}
