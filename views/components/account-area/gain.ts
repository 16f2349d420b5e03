// A gain or loss as the deposit and the order page show it: signed ("+CHF 12.00") and coloured by its sign.
// Its own module (issue 27): the order page shows a sale's gain, and taking these from DepositParts.tsx
// brought the whole deposit page's parts (lots table, sale preview) into its first load.
import type { Money } from '../../../src/contracts/cart.ts';
import type { Shop } from '../../lib/context.tsx';
import { moneyOf } from '../cart/format.ts';

/** "+CHF 12.00" for a gain, "-CHF 3.00" for a loss, "–" when there is none. */
export function signedMoney(shop: Shop, m: Money | null): string {
  if (!m) return '–';
  return m.centAmount > 0 ? `+${moneyOf(shop, m)}` : moneyOf(shop, m);
}

/** The cell's classes: a number, green for a gain, red for a loss. */
export function gainClass(m: Money | null): string {
  return !m || m.centAmount === 0 ? 'num' : m.centAmount > 0 ? 'num gain' : 'num loss';
}
