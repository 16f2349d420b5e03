import type { LoaderFunctionArgs } from 'react-router';
import type { DepotStatement } from '../../../src/contracts/depot-statement.ts';
import type { Deposit } from '../../../src/contracts/deposit.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { areaOf, areaRead } from '../../models/account-area.ts';

export interface AccountDepositData {
  /** null: no deposit yet (the page says how one starts) */
  deposit: Deposit | null;
  /** issue 25: the depot statements, newest first; null when they could not be read (the page says so) */
  statements: DepotStatement[] | null;
  meta: PageMeta;
}

/** The customer's deposit in this store with holdings and tax lots, valued at the current sell prices. */
export async function accountDepositLoader({ request, context }: LoaderFunctionArgs): Promise<AccountDepositData> {
  const ctx = context.get(loaderContext);
  const area = areaOf(ctx);
  // both at once; Decision: a failed statements read leaves the deposit page standing (the section says so)
  const [deposit, statements] = await Promise.all([area.deposit(), area.depotStatements()]);
  return { deposit: await areaRead(ctx, request, deposit), statements: statements.error ? null : statements.data, meta: { noindex: true } };
}
