// Shipping methods (spec 3 keys and their mapping onto delivery methods, spec 9 delivery methods), the rules
// of spec 5 that rule a method out for a cart, and the shipping cost table: ONE definition, used to price
// carts and served to the product page (GET /orders/shipping-costs).
import type { ShippingMethodKey, TransactionType } from '../../contracts/cart.ts';
import type { Currency } from '../../stores.ts';
import { stableUuid } from '../catalogue/index.ts';
import type { CommerceOrderErrorCode } from '../http/errors.ts';

/** spec 9 delivery methods, by the words of the shop */
export type DeliveryMethod = 'standard-shipping' | 'insured-shipping' | 'pickup' | 'send-to-store' | 'leave-in-store' | 'deposit' | 'scrap-metal-box';

export interface ShippingMethodDef {
  key: ShippingMethodKey;
  transactionType: TransactionType;
  /** spec 3: buy/sell shipping maps onto delivery methods; shippingSell maps to none */
  deliveryMethod: DeliveryMethod | null;
  requiresPickupStore: boolean;
  name: { de: string; en: string };
  description: { de: string; en: string };
}

/**
 * The methods a cart can choose, buy first. `shippingBuy` (spec 3) is accepted as another name of
 * `shipping` (standard shipping): spec 3 says that without a key an order's method is shipping for buy and
 * leave-in-store for sell.
 */
export const shippingMethodDefs: ShippingMethodDef[] = [
  {
    key: 'shipping', transactionType: 'buy', deliveryMethod: 'standard-shipping', requiresPickupStore: false,
    name: { de: 'Versand', en: 'Shipping' },
    description: { de: 'Versicherter Paketversand, Lieferung in 3–5 Werktagen.', en: 'Insured parcel, delivered in 3–5 working days.' },
  },
  {
    key: 'insured-shipping', transactionType: 'buy', deliveryMethod: 'insured-shipping', requiresPickupStore: false,
    name: { de: 'Werttransport', en: 'Insured value transport' },
    description: { de: 'Versicherter Werttransport zum vollen Warenwert, kostenpflichtig.', en: 'Value transport insured for the full value of the goods, chargeable.' },
  },
  {
    key: 'pickup', transactionType: 'buy', deliveryMethod: 'pickup', requiresPickupStore: true,
    name: { de: 'Abholung in der Filiale', en: 'Pick up in store' },
    description: { de: 'Holen Sie Ihre Bestellung in einer unserer Filialen ab.', en: 'Collect your order at one of our stores.' },
  },
  {
    key: 'send-to-store', transactionType: 'buy', deliveryMethod: 'send-to-store', requiresPickupStore: true,
    name: { de: 'Lieferung in eine Filiale', en: 'Send to a store' },
    description: { de: 'Wir liefern in die Filiale Ihrer Wahl; Sie holen dort ab.', en: 'We deliver to the store of your choice; you collect it there.' },
  },
  {
    key: 'deposit', transactionType: 'buy', deliveryMethod: 'deposit', requiresPickupStore: false,
    name: { de: 'Depot', en: 'Deposit' },
    description: { de: 'Einlagerung in Ihrem Online-Depot.', en: 'Stored in your online deposit.' },
  },
  {
    key: 'shippingSell', transactionType: 'sell', deliveryMethod: null, requiresPickupStore: false,
    name: { de: 'Selbst versenden', en: 'Send it yourself' },
    description: { de: 'Sie senden uns die Ware auf eigenes Risiko.', en: 'You send us the items at your own risk.' },
  },
  {
    key: 'leave-in-store', transactionType: 'sell', deliveryMethod: 'leave-in-store', requiresPickupStore: true,
    name: { de: 'In der Filiale abgeben', en: 'Leave in store' },
    description: { de: 'Sie bringen die Ware in eine unserer Filialen.', en: 'You bring the items to one of our stores.' },
  },
  {
    key: 'scrapMetalBox', transactionType: 'sell', deliveryMethod: 'scrap-metal-box', requiresPickupStore: false,
    name: { de: 'Altgold-Box', en: 'Scrap Metal Box' },
    description: { de: 'Wir senden Ihnen eine versicherte Versandbox für Altgold bis 5.000 EUR.', en: 'We send you an insured box for scrap metal up to 5,000 EUR.' },
  },
  {
    // issue 10: the metal leaves the deposit, oldest lots first (deposits/model.ts takeDepositSale)
    key: 'depositSell', transactionType: 'sell', deliveryMethod: 'deposit', requiresPickupStore: false,
    name: { de: 'Aus meinem Depot verkaufen', en: 'Sell from my deposit' },
    description: {
      de: 'Wir entnehmen die Stücke Ihrem Online-Depot, die ältesten zuerst. Sie müssen nichts versenden.',
      en: 'We take the pieces from your online deposit, the oldest first. There is nothing to send.',
    },
  },
];

export function shippingMethodId(key: ShippingMethodKey): string {
  return stableUuid('shipping-method', key);
}

/** A method by id or key (shippingBuy is shipping); null when unknown. */
export function findShippingMethod(idOrKey: string): ShippingMethodDef | null {
  const key = idOrKey === 'shippingBuy' ? 'shipping' : idOrKey;
  return shippingMethodDefs.find((m) => m.key === key || shippingMethodId(m.key) === idOrKey) ?? null;
}

/** spec 3: an order without a key is shipping (buy) or leave-in-store (sell). */
export function defaultShippingMethod(t: TransactionType): ShippingMethodDef {
  return findShippingMethod(t === 'buy' ? 'shipping' : 'leave-in-store') as ShippingMethodDef;
}

// ---------------------------------------------------------------- costs

export interface ShippingCostRule {
  /** ascending; the first band whose upper end (inclusive) the goods value reaches not is the fee */
  bands: { upToCentAmount: number | null; centAmount: number }[];
  /** a share of the goods value in basis points, at least minCentAmount (insured value transport) */
  rateBp: number | null;
  minCentAmount: number | null;
}

const free: ShippingCostRule = { bands: [{ upToCentAmount: null, centAmount: 0 }], rateBp: null, minCentAmount: null };

/**
 * Decision, a realistic table: standard shipping is an insured parcel priced by goods value (the carrier's
 * insurance grows with it) and free from 10,000 on; the value transport (armoured courier, full value
 * insured) costs 0.25 % of the goods, at least 39 (EUR, CHF) or 45 USD; pickup, delivery to a store and the
 * deposit cost nothing; selling costs nothing (the Scrap Metal Box comes with a prepaid insured label, a
 * parcel sent by the customer is at the customer's cost). AT and DE share the EUR table, CH and LI the CHF
 * table, the US store the USD table; a European cart switched to USD uses the USD table.
 */
export const shippingCostTable: Record<Currency, Record<ShippingMethodDef['key'], ShippingCostRule>> = {
  EUR: table({ parcel: [[50_000, 990], [250_000, 1490], [1_000_000, 1990]], minInsured: 3900 }),
  CHF: table({ parcel: [[50_000, 990], [250_000, 1490], [1_000_000, 1990]], minInsured: 3900 }),
  USD: table({ parcel: [[50_000, 1200], [250_000, 1800], [1_000_000, 2500]], minInsured: 4500 }),
};

function table(t: { parcel: [number, number][]; minInsured: number }): Record<ShippingMethodDef['key'], ShippingCostRule> {
  return {
    shipping: { bands: [...t.parcel.map(([upTo, cents]) => ({ upToCentAmount: upTo, centAmount: cents })), { upToCentAmount: null, centAmount: 0 }], rateBp: null, minCentAmount: null },
    shippingBuy: free,
    'insured-shipping': { bands: [], rateBp: 25, minCentAmount: t.minInsured },
    pickup: free,
    'send-to-store': free,
    deposit: free,
    shippingSell: free,
    'leave-in-store': free,
    scrapMetalBox: free,
    depositSell: free,
  };
}

/** The fee of a method for a goods value (cents of the currency). */
export function shippingCost(key: ShippingMethodKey, currency: Currency, goodsCents: number): number {
  const rule = shippingCostTable[currency][key === 'shippingBuy' ? 'shipping' : key];
  if (rule.rateBp !== null) return Math.max(rule.minCentAmount ?? 0, Math.round((goodsCents * rule.rateBp) / 10_000));
  return rule.bands.find((b) => b.upToCentAmount === null || goodsCents <= b.upToCentAmount)?.centAmount ?? 0;
}

// ---------------------------------------------------------------- rules of spec 5

/** spec 5 / 9: Scrap Metal Box only up to 5000 EUR */
import { SCRAP_BOX_CAP_EUR_CENTS } from '../../contracts/cart-limits.ts';
export { SCRAP_BOX_CAP_EUR_CENTS };

export interface RuleLine {
  kind: 'product' | 'scrap';
  sku: string | null;
  quantity: number;
  metal: string | null;
  depositable: boolean;
  dutyFree: boolean;
}

/**
 * Why a method cannot carry this cart, or null. spec 5: Deposit not for silver that is not duty-free nor
 * for items that are not depot-eligible; the Scrap Metal Box only for carts of scrap alone worth at most
 * 5,000 EUR (converted at the price set's rate for a cart in CHF or USD). Ours: a sale from the deposit only
 * for products, and only as many pieces of each as the customer's deposit holds (`depot`: pieces by sku).
 */
export function methodRuleViolation(
  method: ShippingMethodDef,
  cart: { transactionType: TransactionType; currency: Currency },
  lines: RuleLine[],
  goodsCents: number | null,
  eurRate: number | null,
  depot: ReadonlyMap<string, number> | null = null,
): CommerceOrderErrorCode | null {
  if (method.transactionType !== cart.transactionType) return 'shipping_method_not_found';
  if (method.key === 'deposit') {
    const products = lines.filter((l) => l.kind === 'product');
    if (products.some((l) => l.metal === 'silver' && !l.dutyFree)) return 'deposit_silver_not_duty_free';
    if (lines.some((l) => l.kind !== 'product' || !l.depositable)) return 'deposit_invalid_items';
  }
  if (method.key === 'scrapMetalBox') {
    if (lines.some((l) => l.kind !== 'scrap')) return 'scrap_box_non_scrap_items';
    if (goodsCents !== null && eurRate !== null && goodsCents > Math.round(SCRAP_BOX_CAP_EUR_CENTS * eurRate)) return 'scrap_box_value_exceeded';
  }
  if (method.key === 'depositSell') {
    if (lines.some((l) => l.kind !== 'product' || !l.sku)) return 'deposit_sell_invalid_items';
    const wanted = piecesBySku(lines);
    if ([...wanted].some(([sku, n]) => n > (depot?.get(sku) ?? 0))) return 'deposit_sell_quantity_exceeded';
  }
  return null;
}

/** Pieces per product of a cart's product lines (a sku may in principle sit on two lines). */
function piecesBySku(lines: Pick<RuleLine, 'kind' | 'sku' | 'quantity'>[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) if (l.kind === 'product' && l.sku) out.set(l.sku, (out.get(l.sku) ?? 0) + l.quantity);
  return out;
}

/** Methods whose rule needs the customer's deposit holdings (the caller reads them once). */
export const needsDepotHoldings = (key: ShippingMethodKey | undefined) => key === 'depositSell';
