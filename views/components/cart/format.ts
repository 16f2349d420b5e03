// Small formatting helpers of the cart screens (one place for "1 item" / "3 items" and money of a Money).
import type { Money } from '../../../src/contracts/cart.ts';
import type { Shop } from '../../lib/context.tsx';

/** What itemsLabel may say (shop.uses: counts come in the browser). */
export const itemsKeys = ['cart.itemsOne', 'cart.itemsMany'] as const;

export function itemsLabel(t: Shop['t'], n: number): string {
  return n === 1 ? t('cart.itemsOne') : t('cart.itemsMany', { count: n });
}

/** A Money in the shop's one money formatter; '–' for none. */
export function moneyOf(shop: Pick<Shop, 'money'>, m: Money | null | undefined): string {
  return m ? shop.money(m.centAmount, m.currencyCode) : '–';
}
