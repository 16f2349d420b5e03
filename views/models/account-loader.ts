// The account pages' data: the signed-in customer (GET /customers/me through the session-aware client,
// which refreshes an expired token once). A session that cannot be renewed is over: home, where the
// page says so (spec 4 and 8). Not signed in after all: to login, back here afterwards.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../lib/context.tsx';
import { pathFor } from '../../src/screens.ts';
import type { ShopCustomer } from '../../src/contracts/shop-api.ts';
import type { PageMeta } from '../lib/meta.ts';
import type { CallError } from '../../src/contracts/result.ts';

export interface AccountData {
  customer: ShopCustomer;
  meta: PageMeta;
}

/** Not signed in after all: to login, back to this page afterwards. */
function toLogin({ request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>): Response {
  const url = new URL(request.url);
  return redirect(`${pathFor('login', context.get(loaderContext).lang)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Throws the account pages' redirect for a call refused because the session is over (home) or is not a
 * signed-in customer's (login); other errors return for the caller to answer. */
export function accountRefusal(args: Pick<LoaderFunctionArgs, 'request' | 'context'>, error: CallError): void {
  if (error.code === 'session_expired') throw redirect(pathFor('home', args.context.get(loaderContext).lang));
  if (error.status === 401 || error.status === 403) throw toLogin(args);
}

export async function accountLoader({ request, context }: LoaderFunctionArgs): Promise<AccountData> {
  const ctx = context.get(loaderContext);
  if (!ctx.account) throw data(null, { status: 503 });
  const me = await ctx.account.me();
  if (me.error) {
    accountRefusal({ request, context }, me.error);
    throw data(null, { status: 503 });
  }
  if (!me.data.customer) throw toLogin({ request, context });
  // personal pages: never in a search index
  return { customer: me.data.customer, meta: { noindex: true } };
}
