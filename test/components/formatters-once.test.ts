// Issue 27 (pages rendered per request): the footer on every page names the hotline's weekdays, and the
// price chart's table its dates. Their Intl formatters are built once per locale, not on every render: a
// profile of the shop listing found ~2 ms of each render spent building them. The words stay the same.
import t from 'tap';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TrustBar } from '../../views/components/CompanyFacts.tsx';
import { makeShop, ShopContext } from '../../views/lib/context.tsx';
import { companyFactsView } from '../../src/contracts/company-facts.ts';
import type { StoreKey } from '../../src/stores.ts';
import { companyFactsOf } from '../company-facts.ts';

/** Counts the Intl.DateTimeFormat built while f runs. */
function countFormatters(f: () => void): number {
  const Real = Intl.DateTimeFormat;
  let built = 0;
  const Counting = function (this: unknown, ...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    built++;
    return new Real(...args);
  } as unknown as typeof Intl.DateTimeFormat;
  Object.assign(Counting, Real);
  Intl.DateTimeFormat = Counting;
  try {
    f();
  } finally {
    Intl.DateTimeFormat = Real;
  }
  return built;
}

async function footer(store: StoreKey, lang: 'de' | 'en') {
  const facts = await companyFactsOf(store);
  const shop = makeShop({ store, buildId: 'test', canonicalOrigin: `http://${store}.localhost`, session: { level: 'guest' }, storeOrigins: {} as never, company: companyFactsView(facts, facts) }, lang);
  return () => renderToString(createElement(ShopContext.Provider, { value: shop }, createElement(TrustBar)));
}

t.test('the footer names the hotline days in the page language and builds no date formatter after the first page', async (t) => {
  const de = await footer('ch', 'de');
  const en = await footer('us', 'en');
  let first = '';
  countFormatters(() => {
    first = de();
    en();
  });
  t.match(first, /Mo\.?\s*–\s*Fr\.?/, 'German short day names from Intl');
  t.match(en(), /Mon\s*–\s*Fri/, 'English short day names');
  let again = '';
  const built = countFormatters(() => {
    for (let i = 0; i < 20; i++) again = de();
  });
  t.equal(built, 0, 'twenty more footers, no formatter built');
  t.equal(again, first, 'the same words as the first page');
});
