// What every back-office request carries (language, CSRF token, session token: session.ts sets them) and the
// small readers of a form's fields and a page's query that every screen uses.
import type { Fmt } from '../format.ts';

declare module 'fastify' {
  interface FastifyRequest {
    bo: { f: Fmt; csrf: string; token: string | null };
  }
}

/** A form's fields: a repeated name gives a list. */
export type Body = Record<string, string | string[]>;

/** A message above a page's content: a refusal (error) or a step done (success). */
export type Notice = { kind: 'error' | 'success'; text: string };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAGE_SIZE = 25;

export const str = (v: string | string[] | undefined): string => (Array.isArray(v) ? v[0] ?? '' : v ?? '').trim();
export const list = (v: string | string[] | undefined): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/** The page's offset from ?offset= (a hand-edited one that is no such number starts at 0). */
export function offsetOf(q: Record<string, string>): number {
  const n = Number(q.offset);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : 0;
}
