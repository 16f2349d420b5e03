import type { LoaderFunctionArgs } from 'react-router';
import type { Deposit } from '../../../src/contracts/deposit.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { areaOf, areaRead } from '../../models/account-area.ts';

export interface AccountDepositData {
  /** null: no deposit yet (the page says how one starts) */
  deposit: Deposit | null;
  meta: PageMeta;
}

/** The customer's deposit in this store with holdings and tax lots, valued at the current sell prices. */
export async function accountDepositLoader({ request, context }: LoaderFunctionArgs): Promise<AccountDepositData> {
  const ctx = context.get(loaderContext);
  const deposit = await areaRead(ctx, request, await areaOf(ctx).deposit());
  return { deposit, meta: { noindex: true } };
}
