// What the account area's loaders share: reading through the AccountAreaReader port, and what a failed
// read means for the page. Not signed in (after all): login, back here afterwards. A session that could
// not be renewed: home, where the page says so (spec 4, 8). Another customer's (or an unknown) order,
// limit order or deposit: the shop's 404 page with status 404. Anything else: the calm 503 screen.
import { data, redirect } from 'react-router';
import type { AccountAreaReader } from '../../src/contracts/loader-ports.ts';
import type { Result } from '../../src/contracts/result.ts';
import { pathFor } from '../../src/screens.ts';
import type { LoaderContext } from '../lib/context.tsx';
import { notFound } from '../lib/not-found.ts';

export const PER_PAGE = 10;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function areaOf(ctx: LoaderContext): AccountAreaReader {
  if (!ctx.accountArea) throw data(null, { status: 503 });
  return ctx.accountArea;
}

export async function areaRead<T>(ctx: LoaderContext, request: Request, r: Result<T>): Promise<T> {
  if (!r.error) return r.data;
  const url = new URL(request.url);
  if (r.error.code === 'session_expired') throw redirect(pathFor('home', ctx.lang));
  if (r.error.status === 401 || r.error.status === 403) {
    throw redirect(`${pathFor('login', ctx.lang)}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (r.error.status === 404) return notFound(ctx, url.pathname);
  throw data(null, { status: 503 });
}

/** ?page=n (1 when absent or not a positive number) */
export function pageOf(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : 1;
}
