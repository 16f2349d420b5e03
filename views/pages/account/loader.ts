// The account pages' data: the signed-in customer (GET /customers/me through the session-aware client,
// which refreshes an expired token once). A session that cannot be renewed is over: home, where the
// page says so (spec 4 and 8). Not signed in after all: to login, back here afterwards.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { loaderContext } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import type { ShopCustomer } from '../../../src/contracts/shop-api.ts';
import type { PageMeta } from '../../lib/meta.ts';

export interface AccountData {
  customer: ShopCustomer;
  meta: PageMeta;
}

export async function accountLoader({ request, context }: LoaderFunctionArgs): Promise<AccountData> {
  const ctx = context.get(loaderContext);
  if (!ctx.account) throw data(null, { status: 503 });
  const url = new URL(request.url);
  const toLogin = () => redirect(`${pathFor('login', ctx.lang)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  const me = await ctx.account.me();
  if (me.error) {
    if (me.error.code === 'session_expired') throw redirect(pathFor('home', ctx.lang));
    if (me.error.status === 401 || me.error.status === 403) throw toLogin();
    throw data(null, { status: 503 });
  }
  if (!me.data.customer) throw toLogin();
  // personal pages: never in a search index
  return { customer: me.data.customer, meta: { noindex: true } };
}
