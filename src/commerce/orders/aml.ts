// Linked cash transactions (src/contracts/aml.ts): the earlier cash orders of the same customer in the store
// within the store's window count together with a new cash order, for the identification threshold (buys
// and sales alike: cash paid in or paid out) and for the cash payout cap (sales only). Read in the placing
// transaction under a per-customer lock, so two cash orders placed at once are counted one after the other.
import { convertCents, linkedSince, normalisedEmail, sameCustomer, type CustomerKey } from '../../contracts/aml.ts';
import type { Currency, StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import { cashOrdersSince, lockCashCustomer, type CashOrderRow } from './repository.ts';

export interface LinkedCash {
  /** every linked cash order (buy or sale), in the new order's currency */
  cents: number;
  orderNumbers: string[];
  /** the linked cash sales only (the payout cap), in the new order's currency */
  saleCents: number;
  withinHours: number;
}

/** What an earlier order moved in cash: a sale's accepted payout once assayed, else its total. */
function cashCents(r: CashOrderRow): number {
  return r.type === 'sell' && r.final_cents !== null ? Number(r.final_cents) : Number(r.total_gross_cents);
}

export async function linkedCash(
  tx: Db, a: { storeKey: StoreKey; customer: CustomerKey; currency: Currency; eurRates: Record<Currency, number>; now: Date; withinHours: number },
): Promise<LinkedCash> {
  const email = normalisedEmail(a.customer.email);
  await lockCashCustomer(tx, a.storeKey, email || a.customer.customerId);
  const rows = await cashOrdersSince(tx, a.storeKey, linkedSince(a.storeKey, a.now), a.customer.customerId, email);
  const linked = rows.filter((r) => sameCustomer(a.customer, { customerId: r.customer_id, email: r.email, name: { firstName: r.first_name, lastName: r.last_name } }));
  const inCurrency = (r: CashOrderRow) => convertCents(cashCents(r), r.currency as Currency, a.currency, a.eurRates);
  return {
    cents: linked.reduce((s, r) => s + inCurrency(r), 0),
    saleCents: linked.filter((r) => r.type === 'sell').reduce((s, r) => s + inCurrency(r), 0),
    orderNumbers: linked.map((r) => r.order_number),
    withinHours: a.withinHours,
  };
}
