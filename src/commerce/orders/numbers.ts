// Readable order numbers: store, B (buy) or S (sell), year, and a six-digit running number from one
// PostgreSQL sequence (CH-B-2026-000042). The sequence never hands out a number twice, also to several
// instances on one server; the unique index on orders.order_number guards it anyway. A creation that
// rolls back leaves a gap (sequences are not transactional), which is harmless.
import type { TransactionType } from '../../contracts/cart.ts';
import type { StoreKey } from '../../stores.ts';
import type { Db } from '../db/index.ts';
import { nextOrderSequence } from './repository.ts';

export async function nextOrderNumber(tx: Db, storeKey: StoreKey, type: TransactionType, now: Date): Promise<string> {
  const n = await nextOrderSequence(tx);
  return `${storeKey.toUpperCase()}-${type === 'buy' ? 'B' : 'S'}-${now.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}
