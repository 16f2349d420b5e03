// What a depot statement says (issue 25), read from the depot as it stood at the end of a period: the holdings
// per product and the lots with what each held then, its cost and its holding-period end (the store's rule, as
// the depot page shows it), the valuation at the buy-back prices of the price set current when the statement is
// issued, and the parts of lots the depot's sales took in the period with their FIFO gains. The documents
// feature lays it out and stores it; amounts in integer cents of the depot's currency.
import type { HoldingPeriodRule } from '../../contracts/deposit.ts';
import type { Currency } from '../../stores.ts';
import type { Lang } from '../lib/lang.ts';
import { pick, productsBySkus } from '../catalogue/index.ts';
import type { Db } from '../db/index.ts';
import { currentPriceSet, priceList, tierPrice } from '../prices/index.ts';
import { stores } from '../../stores.ts';
import { holdingPeriodRules, lotTaxInfo } from './model.ts';
import { lotsAsOf, salePartsBetween, type DepositRow } from './repository.ts';

export interface StatementHolding { sku: string; name: string; quantity: number; costCents: number; unitValueCents: number | null; valueCents: number | null }
export interface StatementLot {
  sku: string; name: string; orderNumber: string; acquiredAt: Date; quantity: number; unitCostCents: number; costCents: number;
  /** the first tax-free day (YYYY-MM-DD) under the store's rule, or null where the store has none */
  taxFreeFrom: string | null;
}
export interface StatementSale {
  orderNumber: string; soldAt: Date; sku: string; name: string; quantity: number; lotOrderNumber: string; acquiredAt: Date;
  unitCostCents: number; unitPriceCents: number; costCents: number; proceedsCents: number; currency: Currency;
  /** proceeds less cost; null when the sale was paid in another currency than the depot's (no gain without a rate) */
  gainCents: number | null;
  /** held longer than the rule's period at the sale (null where the store has no rule) */
  taxFree: boolean | null;
}

export interface DepotStatementFacts {
  depositNumber: string; currency: Currency; rule: HoldingPeriodRule | null;
  /** the price set the holdings are valued at (the one current at issue), null when there is none */
  priceSet: { id: string; at: Date } | null;
  holdings: StatementHolding[]; lots: StatementLot[]; sales: StatementSale[];
  totals: { costCents: number; valueCents: number | null; proceedsCents: number; gainCents: number; taxableGainCents: number | null };
}

/** The depot's facts for a statement of [from, to) (moments), valued at the price set current now. */
export async function depotStatementFacts(db: Db, deposit: DepositRow, from: Date, to: Date, lang: Lang): Promise<DepotStatementFacts> {
  const lots = await lotsAsOf(db, deposit.id, to);
  const parts = await salePartsBetween(db, deposit.id, from, to);
  const skus = [...new Set([...lots.map((l) => l.sku), ...parts.map((p) => p.sku)])];
  const products = new Map((await productsBySkus(db, skus)).map((p) => [p.sku, p]));
  const name = (sku: string) => pick(products.get(sku)?.name, lang) ?? sku;
  const set = await currentPriceSet(db);
  const list = set ? await priceList(db, set.id, stores[deposit.store_key].country, deposit.currency) : null;
  const rule = holdingPeriodRules[deposit.store_key];

  const statementLots: StatementLot[] = lots.map((l) => ({
    sku: l.sku, name: name(l.sku), orderNumber: l.order_number, acquiredAt: l.acquired_at, quantity: l.held, unitCostCents: Number(l.unit_cost_cents),
    costCents: Number(l.unit_cost_cents) * l.held, taxFreeFrom: lotTaxInfo(l.acquired_at, deposit.store_key, to)?.taxFreeFrom ?? null,
  }));
  const holdings: StatementHolding[] = [...new Set(statementLots.map((l) => l.sku))].map((sku) => {
    const mine = statementLots.filter((l) => l.sku === sku);
    const quantity = mine.reduce((n, l) => n + l.quantity, 0);
    // the buy-back price a sale of the whole holding would fetch (the depot page's valuation)
    const unit = tierPrice(list?.[sku], 'sell', quantity)?.centAmount ?? null;
    return { sku, name: name(sku), quantity, costCents: mine.reduce((s, l) => s + l.costCents, 0), unitValueCents: unit, valueCents: unit === null ? null : unit * quantity };
  });
  const sales: StatementSale[] = parts.map((p) => {
    const cost = Number(p.unit_cost_cents) * p.quantity;
    const proceeds = Number(p.unit_price_cents) * p.quantity;
    return {
      orderNumber: p.order_number, soldAt: p.taken_at, sku: p.sku, name: name(p.sku), quantity: p.quantity, lotOrderNumber: p.lot_order_number, acquiredAt: p.acquired_at,
      unitCostCents: Number(p.unit_cost_cents), unitPriceCents: Number(p.unit_price_cents), costCents: cost, proceedsCents: proceeds, currency: p.currency,
      gainCents: p.currency === p.cost_currency ? proceeds - cost : null,
      taxFree: lotTaxInfo(p.acquired_at, deposit.store_key, p.taken_at)?.taxFree ?? null,
    };
  });
  const own = sales.filter((s) => s.gainCents !== null);
  return {
    depositNumber: deposit.number, currency: deposit.currency, rule: rule ? { country: rule.country, source: rule.source, url: rule.url, holdingPeriodYears: rule.holdingPeriodYears } : null,
    priceSet: set ? { id: set.id, at: set.lastRecalculatedAt } : null,
    holdings, lots: statementLots, sales,
    totals: {
      costCents: holdings.reduce((s, h) => s + h.costCents, 0),
      // a holding without a buy-back price leaves the value unknown rather than wrong (as the depot page)
      valueCents: holdings.every((h) => h.valueCents !== null) ? holdings.reduce((s, h) => s + (h.valueCents ?? 0), 0) : null,
      proceedsCents: own.reduce((s, x) => s + x.proceedsCents, 0),
      gainCents: own.reduce((s, x) => s + (x.gainCents ?? 0), 0),
      taxableGainCents: rule ? own.filter((x) => !x.taxFree).reduce((s, x) => s + (x.gainCents ?? 0), 0) : null,
    },
  };
}
