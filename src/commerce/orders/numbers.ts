// Readable order numbers: store, B (buy) or S (sell), year, and a six-digit running number counted per
// store, type and year (CH-B-2026-000042: the Swiss store's 42nd buy order of 2026). Issue 28: one
// shop-wide sequence told a customer with two orders how many the whole shop took in between; a per-store
// counter tells only what the store's own invoices would. The counter is a row locked in the order's
// transaction (migration 0038), so the numbers are gapless and never handed out twice, also to several
// instances on one server; the unique index on orders.order_number guards it anyway. The format stays:
// camt matching (src/commerce/lifecycle/camt.ts) finds these numbers in payment references.
import type { TransactionType } from '../../contracts/cart.ts';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import { nextOrderSequence } from './repository.ts';

export async function nextOrderNumber(tx: Db, storeKey: StoreKey, type: TransactionType, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const n = await nextOrderSequence(tx, storeKey, type, year);
  return `${storeKey.toUpperCase()}-${type === 'buy' ? 'B' : 'S'}-${year}-${String(n).padStart(6, '0')}`;
}
