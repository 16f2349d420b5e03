// A cart's totals from its priced lines: pure, no database. Used for every cart answer, the shipping-method
// rules and order creation, so the three never disagree.
//
// - goods (totalPrice): the sum of the lines; null while a line has no price (order reason co005).
// - shipping: the chosen method's fee for the goods value (shipping/methods.ts), less a shipping discount.
// - totalGrossPrice: buy: goods - goods discount + shipping; sell: the payout, goods - shipping.
// - totalTaxPrice: the VAT in totalGrossPrice. Decision: shipping costs and discounts carry the VAT share
//   of the goods (an ancillary cost follows the supply it belongs to: shipping investment gold carries
//   no VAT), so the tax is the goods' tax scaled to the total. null while a buy line's price came without
//   its VAT (order reason co004). A private seller's payout carries none.
import type { CatalogueProduct } from '../catalogue/index.ts';
import { type DiscountCode, discountAmounts } from '../discounts/index.ts';
import { findShippingMethod, shippingCost, type RuleLine, type ShippingMethodDef } from '../shipping/index.ts';
import type { CartRow } from './model.ts';

export { CART_MAX_CENTS, CART_MIN_CENTS } from '../../contracts/cart-limits.ts';

export interface CartTotals {
  goods: number | null;
  goodsTax: number | null;
  /** spec 3: scrap lines count as one item each */
  itemCount: number;
  method: ShippingMethodDef | null;
  /** the method's fee (0 without a method) */
  shippingFee: number;
  shippingDiscount: number;
  goodsDiscount: number;
  discountApplies: boolean;
  totalGross: number | null;
  totalTax: number | null;
  ruleLines: RuleLine[];
}

export function cartTotals(cart: CartRow, products: Map<string, CatalogueProduct>, discount: DiscountCode | null): CartTotals {
  let goods: number | null = 0;
  let goodsTax: number | null = 0;
  let itemCount = 0;
  const ruleLines: RuleLine[] = [];
  for (const line of cart.line_items) {
    itemCount += line.kind === 'scrap' ? 1 : line.quantity;
    const product = line.sku ? products.get(line.sku) : undefined;
    ruleLines.push({
      kind: line.kind,
      sku: line.sku,
      quantity: line.quantity,
      metal: line.kind === 'scrap' ? line.scrap?.metal ?? null : product?.metal ?? null,
      depositable: product?.depositable ?? false,
      dutyFree: product?.dutyFree ?? false,
    });
    if (!line.price) {
      goods = null;
      continue;
    }
    const qty = line.kind === 'scrap' ? 1 : line.quantity;
    if (goods !== null) goods += line.price.centAmount * qty;
    if (goodsTax !== null) goodsTax = line.price.taxCentAmount === null ? null : goodsTax + line.price.taxCentAmount * qty;
  }
  if (goods === null) goodsTax = null;

  const method = cart.shipping_method ? findShippingMethod(cart.shipping_method) : null;
  const shippingFee = method && goods !== null ? shippingCost(method.key, cart.currency, goods) : 0;
  const d = discount && goods !== null ? discountAmounts(discount, cart.currency, goods, shippingFee) : { goods: 0, shipping: 0, applies: discount !== null };

  let totalGross: number | null = null;
  let totalTax: number | null = null;
  if (goods !== null) {
    if (cart.transaction_type === 'buy') {
      totalGross = goods - d.goods + shippingFee - d.shipping;
      totalTax = goodsTax === null ? null : goods === 0 ? 0 : Math.round((totalGross * goodsTax) / goods);
    } else {
      totalGross = Math.max(0, goods - shippingFee);
      totalTax = 0;
    }
  }
  return {
    goods, goodsTax, itemCount, method, shippingFee, shippingDiscount: d.shipping, goodsDiscount: d.goods, discountApplies: d.applies,
    totalGross, totalTax, ruleLines,
  };
}
