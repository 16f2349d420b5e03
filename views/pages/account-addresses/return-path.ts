// Issue 17: the limit-order form sends a customer without a default address here with ?return=<its path>;
// once a default shipping and billing address is set, the page goes back there (the form kept its values).
// Only a limit-order form of this language is a place to return to: never another site, never any path.
import { pathFor } from '../../../src/screens.ts';
import type { Language } from '../../../src/stores.ts';

export function returnPathOf(search: string, lang: Language): string | null {
  const value = new URLSearchParams(search).get('return');
  if (!value) return null;
  const [before, after] = pathFor('productLimitOrder', lang, { slug: '__slug__' }).split('__slug__');
  if (!value.startsWith(before) || !value.endsWith(after)) return null;
  const slug = value.slice(before.length, value.length - after.length);
  return /^[a-z0-9][a-z0-9-]{0,150}$/.test(slug) ? value : null;
}
