import type { ShopAddress, ShopCustomer } from '../../src/contracts/shop-api.ts';
import type { Translate } from '../../src/i18n.ts';
import { addressLines as postalLines } from '../../src/contracts/address-format.ts';

export function fullName(c: Pick<ShopCustomer, 'firstName' | 'lastName'> & { title?: string | null }): string {
  return [c.title, c.firstName, c.lastName].filter(Boolean).join(' ');
}

/** An address as lines, the way it goes on an envelope in the address's country. */
export function addressLines(a: Omit<ShopAddress, 'id' | 'defaultShipping' | 'defaultBilling'> & Partial<ShopAddress>, t: Translate): string[] {
  return postalLines(a, (code) => t(`account.country.${code}`));
}
