// Moving a guest's data into an account (spec 7 POST /customers/merge; login with anonymousId). Carts,
// wishlists and whatever else an anonymous customer owns belong to other plugins: each registers a hook
// with addMergeHook(app, hook). Hooks run in order inside one transaction, before the anonymous customer
// is deleted (its tokens and addresses go with it); a hook that throws rolls the whole merge back.
import type { FastifyInstance } from 'fastify';
import type { MergeArgs, MergeHook } from '../context.ts';
import type { Db } from '../db/index.ts';
import { anonymousForUpdate, deleteCustomer } from './repository.ts';

// the hook's types are the kernel's (context.ts: the kernel names no feature)
export type { MergeArgs, MergeHook };

export function addMergeHook(app: FastifyInstance, hook: MergeHook): void {
  app.commerce.mergeHooks.push(hook);
}

/**
 * Merges when anonymousId names an anonymous customer of this store; false when there is nothing to
 * merge (unknown, already merged, a registered customer, another store): merging is best effort and
 * never blocks a sign-in.
 */
export async function mergeAnonymous(tx: Db, hooks: MergeHook[], args: MergeArgs): Promise<boolean> {
  const guest = await anonymousForUpdate(tx, args.anonymousId, args.storeKey);
  if (!guest || args.anonymousId === args.customerId) return false;
  for (const hook of hooks) await hook(tx, args);
  await deleteCustomer(tx, args.anonymousId);
  return true;
}
