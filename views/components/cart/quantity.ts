// A quantity typed by the customer (product page, cart page): the cart API takes whole pieces from 1 to
// 10,000 per line (spec 9, src/commerce/README.md). Anything else (empty, 0, negative, 1.5, 1e3, 100000) is
// refused in the field with a message naming the range; nothing is sent and nothing is rounded into range
// (issue 17: a 0 used to add 1 silently).
import { LINE_MAX_PIECES } from '../../../src/contracts/cart-limits.ts';
import { formatNumber } from '../../../src/i18n.ts';
import type { Translate } from '../../../src/i18n.ts';
import type { LocaleTag } from '../../../src/stores.ts';

/** spec 9 line-item quantities: 1 to 10,000 pieces */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = LINE_MAX_PIECES;

/** The quantity in a field's text, or null when it is not a whole number from 1 to 10,000. */
export function parseQuantity(raw: string): number | null {
  const s = raw.trim();
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= MIN_QUANTITY && n <= MAX_QUANTITY ? n : null;
}

/** "Please enter a whole number from 1 to 10,000." in the customer's language and locale. */
export function quantityRangeMessage(t: Translate, locale: LocaleTag): string {
  return t('cart.quantityRange', { min: formatNumber(MIN_QUANTITY, locale), max: formatNumber(MAX_QUANTITY, locale) });
}

/**
 * The attributes of a quantity field, shared by the product page and the cart: a number field for whole
 * pieces in the range, marked invalid and pointing to its message (errorId) while one is shown.
 */
export function quantityFieldProps(errorId: string | null) {
  return {
    type: 'number',
    inputMode: 'numeric',
    min: MIN_QUANTITY,
    max: MAX_QUANTITY,
    step: 1,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': errorId ?? undefined,
  } as const;
}
