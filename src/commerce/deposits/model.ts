// The deposit: booking purchases into it as tax lots, valuing it at the current sell prices, the one-year
// holding period of the German and Austrian stores, and the FIFO choice of lots a sale takes.
import type { Deposit, DepositLot, HoldingPeriodRule, LotTaxInfo, SellPreview } from '../../contracts/deposit.ts';
import { stores, type Currency, type StoreKey } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { type CatalogueProduct, lineImageUrl, pick, productsBySkus } from '../catalogue/index.ts';
import type { MergeArgs } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { orderError } from '../http/errors.ts';
import { updateOrderData, type DepositPartDoc, type OrderRow } from '../orders/index.ts';
import { tierPrice, currentPriceSet, priceList, type CurrentPriceSet } from '../prices/index.ts';
import {
  deleteDeposit, deleteLotsOfOrder, deleteWithdrawal, depositOfCustomer, depositOfStore, depositPurchasesAwaitingPayment, eurRatesOfPriceSet, holdingsBySku,
  insertDepositIfNone, insertLot, insertWithdrawal, joinDeposits, lotsOf, lotsOfOrderForUpdate, returnToLot, setDepositOwner, takeFromLot, withdrawalsOfOrderForUpdate,
  type DepositRow, type LotRow,
} from './repository.ts';

export type { DepositRow, LotRow } from './repository.ts';

/**
 * Issue 10: a private sale of physical gold held longer than one year is tax-free in Germany and Austria.
 * Germany: § 23 Abs. 1 Satz 1 Nr. 2 EStG (private sale within one year of acquisition is taxable); Austria:
 * § 31 Abs. 1 EStG 1988 (Spekulationsgeschäft: sale within one year of acquisition). Both read "more than one
 * year between acquisition and sale", so the first tax-free day is the day after the anniversary. These
 * readings must be confirmed by a tax adviser before going live (like the AML thresholds of orders/aml.ts).
 */
export const holdingPeriodRules: Partial<Record<StoreKey, HoldingPeriodRule & { timeZone: string }>> = {
  de: {
    country: 'DE', source: '§ 23 Abs. 1 Satz 1 Nr. 2 EStG', url: 'https://www.gesetze-im-internet.de/estg/__23.html', holdingPeriodYears: 1,
    timeZone: 'Europe/Berlin',
  },
  at: {
    country: 'AT', source: '§ 31 Abs. 1 EStG 1988', url: 'https://www.ris.bka.gv.at/NormDokument.wxe?Abfrage=Bundesnormen&Gesetzesnummer=10004570&Paragraf=31',
    holdingPeriodYears: 1, timeZone: 'Europe/Vienna',
  },
};

/** The calendar date (YYYY-MM-DD) of a moment in a time zone. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/**
 * The lot's one-year facts on a store with the rule, else null. The anniversary of 29 February is the last
 * day of February (the period ends with the month: BGB § 188 Abs. 3).
 */
export function lotTaxInfo(acquiredAt: Date, storeKey: StoreKey, now: Date): LotTaxInfo | null {
  const rule = holdingPeriodRules[storeKey];
  if (!rule) return null;
  const [y, m, d] = localDate(acquiredAt, rule.timeZone).split('-').map(Number);
  const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  const from = new Date(Date.UTC(y + 1, m - 1, Math.min(d, lastDay) + 1)).toISOString().slice(0, 10);
  const days = Math.max(0, dayNumber(from) - dayNumber(localDate(now, rule.timeZone)));
  return { taxFreeFrom: from, daysUntilTaxFree: days, taxFree: days === 0 };
}

/** The part of each lot a sale of `quantity` takes: oldest first (lots must come sorted oldest first). */
export function fifoTake<L extends Pick<LotRow, 'remaining'>>(lots: L[], quantity: number): { lot: L; take: number }[] {
  const out: { lot: L; take: number }[] = [];
  let left = quantity;
  for (const lot of lots) {
    if (left <= 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) out.push({ lot, take });
    left -= take;
  }
  return out;
}

/**
 * The orders-hook of a purchase shipped with the Deposit method: it opens the customer's deposit (the first
 * such purchase does; its open date is that order's) but books nothing yet. Issue 15: the metal enters the
 * deposit only when the order is paid (bookDepositPurchase, called by the lifecycle's payment step); until
 * then the deposit lists it under awaitingPayment, and no sale can take it.
 */
export async function openDepositFor(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.type !== 'buy' || order.data.shippingMethod !== 'deposit' || !order.customer_id) return;
  await insertDepositIfNone(tx, { customerId: order.customer_id, storeKey: order.store_key, currency: stores[order.store_key].currency, openedAt: now });
}

/**
 * A paid deposit purchase becomes one lot per product line, acquired at `acquiredAt` (the payment's time: the
 * tax clock starts when the metal is bought and paid). Cost per piece is the price paid, converted at the
 * order's price set when the cart was in another currency than the store's. Answers the deposit's number.
 */
export async function bookDepositPurchase(tx: Db, order: OrderRow, acquiredAt: Date): Promise<string | null> {
  if (order.type !== 'buy' || order.data.shippingMethod !== 'deposit' || !order.customer_id) return null;
  await openDepositFor(tx, order, acquiredAt);
  const deposit = (await depositOfCustomer(tx, order.customer_id, { forUpdate: true }))!;
  let rate = 1;
  if (order.currency !== deposit.currency) {
    const eurRates = await eurRatesOfPriceSet(tx, order.price_set_id);
    rate = eurRates[deposit.currency] / eurRates[order.currency];
  }
  for (const line of order.data.lines) {
    if (line.kind !== 'product' || !line.sku) continue;
    await insertLot(tx, {
      depositId: deposit.id, orderId: order.id, orderNumber: order.order_number, orderLineId: line.id, sku: line.sku, quantity: line.quantity,
      unitCostCents: Math.round(line.price.centAmount * rate), acquiredAt,
    });
  }
  return deposit.number;
}

/**
 * A depot purchase whose payment the bank took back (issue 23): its lots leave the depot again, all or
 * none. Decision: when any piece of them was sold already, nothing is removed (sold: true; the lifecycle
 * leaves the order to finance).
 */
export async function removeDepositPurchase(tx: Db, order: OrderRow): Promise<{ removed: number; sold: boolean }> {
  if (order.type !== 'buy' || order.data.shippingMethod !== 'deposit') return { removed: 0, sold: false };
  const lots = await lotsOfOrderForUpdate(tx, order.id);
  if (lots.some((l) => l.remaining < l.quantity)) return { removed: 0, sold: true };
  await deleteLotsOfOrder(tx, order.id);
  return { removed: lots.reduce((n, l) => n + l.quantity, 0), sold: false };
}

/** A cancelled sale from the deposit puts the pieces it took back into the lots they came from. */
export async function restoreDepositSale(tx: Db, order: OrderRow): Promise<number> {
  if (order.type !== 'sell' || order.data.shippingMethod !== 'depositSell') return 0;
  const taken = await withdrawalsOfOrderForUpdate(tx, order.id);
  for (const w of taken) {
    await returnToLot(tx, w.lot_id, w.quantity);
    await deleteWithdrawal(tx, w.id);
  }
  return taken.reduce((n, w) => n + w.quantity, 0);
}

/**
 * Pieces per product the customer's deposit on this store holds now: the facts the depositSell method's
 * rule reads (shipping/methods.ts) when it lists methods and when it checks an order.
 */
export async function depotHoldings(db: Db, customerId: string | null, storeKey: StoreKey): Promise<Map<string, number>> {
  if (!customerId) return new Map();
  const rows = await holdingsBySku(db, customerId, storeKey);
  return new Map(rows.map((r) => [r.sku, r.n]));
}

/**
 * The orders-hook of a sale from the deposit (method depositSell): each product line takes its pieces from
 * the lots of its product, the oldest first (fifoTake), and each part taken is recorded with its cost and
 * the price paid (deposit_withdrawals). It runs in the order's transaction with the deposit row locked, so
 * two sales of the same pieces at once queue: the second finds the lots emptied and is refused with
 * deposit_sell_quantity_exceeded, and its whole order is rolled back. The order's rules (orders/create.ts)
 * refuse such a cart before it gets here; this is the guard for the race between them.
 */
export async function takeDepositSale(tx: Db, order: OrderRow, now: Date): Promise<void> {
  if (order.type !== 'sell' || order.data.shippingMethod !== 'depositSell') return;
  const refuse = (sku: string | null, available: number) =>
    orderError('deposit_sell_quantity_exceeded', { reasons: ['deposit_sell_quantity_exceeded'], sku, available });
  const deposit = order.customer_id ? await depositOfStore(tx, order.customer_id, order.store_key, { forUpdate: true }) : undefined;
  if (!deposit) throw refuse(null, 0);
  const parts: DepositPartDoc[] = [];
  for (const line of order.data.lines) {
    if (line.kind !== 'product' || !line.sku) throw orderError('deposit_sell_invalid_items', { reasons: ['deposit_sell_invalid_items'] });
    const lots = await lotsOf(tx, deposit.id, line.sku, { forUpdate: true });
    const available = lots.reduce((n, l) => n + l.remaining, 0);
    if (line.quantity > available) throw refuse(line.sku, available);
    for (const { lot, take } of fifoTake(lots, line.quantity)) {
      await takeFromLot(tx, lot.id, take);
      await insertWithdrawal(tx, {
        lotId: lot.id, orderId: order.id, orderNumber: order.order_number, orderLineId: line.id, quantity: take, unitCostCents: lot.unit_cost_cents,
        costCurrency: deposit.currency, unitPriceCents: line.price.centAmount, currency: order.currency, takenAt: now,
      });
      parts.push({
        sku: line.sku, lotId: lot.id, lotOrderNumber: lot.order_number, acquiredAt: lot.acquired_at.toISOString(), quantity: take,
        unitCostCents: Number(lot.unit_cost_cents), costCurrency: deposit.currency, unitPriceCents: line.price.centAmount,
      });
    }
  }
  // the order shows which lots it took (order detail, confirmation mail): the row is the one the caller answers
  order.data.depositParts = parts;
  await updateOrderData(tx, order.id, order.data);
}

/** At sign-in a guest's deposit moves into the account (its lots join the account's deposit if it has one). */
export async function mergeDeposits(tx: Db, args: MergeArgs): Promise<void> {
  const guest = await depositOfCustomer(tx, args.anonymousId);
  if (!guest) return;
  const own = await depositOfCustomer(tx, args.customerId);
  if (!own) {
    await setDepositOwner(tx, guest.id, args.customerId);
    return;
  }
  await joinDeposits(tx, guest, own);
  await deleteDeposit(tx, guest.id);
}

interface Pricing {
  set: CurrentPriceSet | null;
  /** the shop's buy-back price per piece for a holding of that many pieces (cents), or null */
  unitSell(sku: string, quantity: number): number | null;
}

/** The current sell prices of the deposit's store country and currency (spec: current value at current sell prices). */
async function pricing(db: Db, deposit: DepositRow): Promise<Pricing> {
  const set = await currentPriceSet(db);
  const list = set ? await priceList(db, set.id, stores[deposit.store_key].country, deposit.currency) : null;
  return { set, unitSell: (sku, quantity) => tierPrice(list?.[sku], 'sell', quantity)?.centAmount ?? null };
}

const heldTotals = (lots: LotRow[]) => {
  const bySku = new Map<string, number>();
  for (const l of lots) bySku.set(l.sku, (bySku.get(l.sku) ?? 0) + l.remaining);
  return bySku;
};

export async function depositView(db: Db, deposit: DepositRow, lang: Lang, now: Date): Promise<Deposit> {
  const lots = await lotsOf(db, deposit.id);
  const held = heldTotals(lots);
  const products = new Map((await productsBySkus(db, [...held.keys()])).map((p) => [p.sku, p]));
  const prices = await pricing(db, deposit);
  const money = (centAmount: number) => ({ centAmount, currencyCode: deposit.currency });
  const maybe = (cents: number | null) => (cents === null ? null : money(cents));
  const unit = (sku: string) => prices.unitSell(sku, held.get(sku) ?? 0);
  const name = (sku: string, p = products.get(sku)) => pick(p?.name, lang) ?? sku;

  const lotViews: DepositLot[] = lots.map((l) => {
    const cost = l.unit_cost_cents * l.remaining;
    const u = unit(l.sku);
    const value = u === null ? null : u * l.remaining;
    return {
      id: l.id, sku: l.sku, name: name(l.sku), acquiredAt: l.acquired_at.toISOString(), orderNumber: l.order_number, quantity: l.quantity,
      remainingQuantity: l.remaining, unitCost: money(l.unit_cost_cents), cost: money(cost), currentValue: maybe(value),
      gain: maybe(value === null ? null : value - cost), heldDays: Math.floor((now.getTime() - l.acquired_at.getTime()) / DAY_MS),
      tax: lotTaxInfo(l.acquired_at, deposit.store_key, now),
    };
  });
  const holdings = [...held.entries()].map(([sku, quantity]) => {
    const p: CatalogueProduct | undefined = products.get(sku);
    const cost = lots.filter((l) => l.sku === sku).reduce((s, l) => s + l.unit_cost_cents * l.remaining, 0);
    const u = unit(sku);
    const value = u === null ? null : u * quantity;
    return {
      sku, productId: p?.productId ?? null, name: name(sku, p), slug: p ? pick(p.slug, lang) : null, imageUrl: lineImageUrl(p, lang),
      metal: p?.metal ?? null, quantity, cost: money(cost), unitSellPrice: maybe(u), currentValue: maybe(value),
      difference: maybe(value === null ? null : value - cost),
    };
  });
  const opening = holdings.reduce((s, x) => s + x.cost.centAmount, 0);
  // a holding without a sell price leaves the current value unknown rather than wrong
  const current = holdings.every((x) => x.currentValue) ? holdings.reduce((s, x) => s + (x.currentValue?.centAmount ?? 0), 0) : null;
  const rule = holdingPeriodRules[deposit.store_key];
  return {
    id: deposit.id, number: deposit.number, openedAt: deposit.opened_at.toISOString(), currency: deposit.currency, openingValue: money(opening),
    currentValue: maybe(current), difference: maybe(current === null ? null : current - opening), priceSetId: prices.set?.id ?? null,
    pricesValidUntil: prices.set?.validUntil.toISOString() ?? null, holdings, lots: lotViews, awaitingPayment: await awaitingPayment(db, deposit, prices, lang),
    holdingPeriodRule: rule ? { country: rule.country, source: rule.source, url: rule.url, holdingPeriodYears: rule.holdingPeriodYears } : null,
  };
}

/**
 * Issue 15: deposit purchases not paid yet (Open, payment Pending): shown apart from the holdings, at today's
 * sell price, without lot or tax clock; a cancelled or paid order leaves the list.
 */
async function awaitingPayment(db: Db, deposit: DepositRow, prices: Pricing, lang: Lang): Promise<Deposit['awaitingPayment']> {
  const orders = await depositPurchasesAwaitingPayment(db, deposit.customer_id, deposit.store_key);
  const out: Deposit['awaitingPayment'] = [];
  for (const o of orders) {
    for (const l of o.data.lines) {
      if (l.kind !== 'product' || !l.sku) continue;
      const u = prices.unitSell(l.sku, l.quantity);
      out.push({
        orderId: o.id, orderNumber: o.order_number, orderedAt: o.created_at.toISOString(), paymentDueBy: o.due, sku: l.sku, name: l.name[lang],
        slug: l.slug?.[lang] ?? null, imageUrl: l.imageUrl, quantity: l.quantity, cost: { centAmount: l.price.centAmount * l.quantity, currencyCode: o.currency },
        currentValue: u === null ? null : { centAmount: u * l.quantity, currencyCode: deposit.currency },
      });
    }
  }
  return out;
}

/** Which lots a sale of quantity pieces of sku would take, oldest first, with cost, proceeds and gain. */
export async function sellPreview(db: Db, deposit: DepositRow, sku: string, quantity: number, now: Date): Promise<SellPreview | { available: number }> {
  const lots = await lotsOf(db, deposit.id, sku);
  const available = lots.reduce((s, l) => s + l.remaining, 0);
  if (quantity > available) return { available };
  const prices = await pricing(db, deposit);
  // the price a sale of this many pieces fetches
  const u = prices.unitSell(sku, quantity);
  const money = (centAmount: number) => ({ centAmount, currencyCode: deposit.currency });
  const taken = fifoTake(lots, quantity).map(({ lot, take }) => {
    const cost = lot.unit_cost_cents * take;
    const proceeds = u === null ? null : u * take;
    return {
      lotId: lot.id, acquiredAt: lot.acquired_at.toISOString(), orderNumber: lot.order_number, quantity: take, cost: money(cost),
      proceeds: proceeds === null ? null : money(proceeds), gain: proceeds === null ? null : money(proceeds - cost),
      tax: lotTaxInfo(lot.acquired_at, deposit.store_key, now),
    };
  });
  const cost = taken.reduce((s, l) => s + l.cost.centAmount, 0);
  const proceeds = u === null ? null : u * quantity;
  return {
    sku, quantity, available, unitSellPrice: u === null ? null : money(u), lots: taken, cost: money(cost),
    proceeds: proceeds === null ? null : money(proceeds), gain: proceeds === null ? null : money(proceeds - cost),
    taxFreeQuantity: holdingPeriodRules[deposit.store_key] ? taken.filter((l) => l.tax?.taxFree).reduce((s, l) => s + l.quantity, 0) : null,
  };
}
