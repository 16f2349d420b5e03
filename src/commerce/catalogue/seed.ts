// Seed catalogue (skeleton; the products follow).
import type { Db } from './db-type.ts';

/** Upserts the seed catalogue by sku; running it twice changes nothing. */
export async function seedCatalogue(_db: Db): Promise<void> {
  // products follow
}
