// The listing's filter form: a fieldset per filter with a labelled checkbox per choice and its count; a
// change applies at once through the router (the URL holds the state, page back to 1, sort and view kept);
// without JavaScript it is a GET form with a submit button.
import 'global-jsdom/register';
import t from 'tap';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { act, cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FilterForm } from '../../views/components/listing/FilterForm.tsx';
import { parseListing } from '../../views/models/listing-url.ts';
import type { FilterGroup } from '../../views/models/listing-data.ts';
import { makeShop, ShopContext } from '../../views/lib/context.tsx';
import { location, renderInShop } from './render.ts';

t.afterEach(() => cleanup());

const filters: FilterGroup[] = [
  { name: 'metal', options: [{ value: 'gold', label: 'Gold', count: 52, selected: false }, { value: 'silver', label: 'Silber', count: 25, selected: false }] },
  { name: 'type', options: [{ value: 'coin', label: 'Münzen', count: 48, selected: false }, { value: 'bar', label: 'Barren', count: 34, selected: false }] },
  { name: 'manufacturer', options: [] },
  { name: 'weight', options: [{ value: '1oz', label: '1 Unze', count: 41, selected: false }] },
  { name: 'country', options: [{ value: 'CH', label: 'Schweiz', count: 21, selected: false }] },
  { name: 'availability', options: [{ value: 'soldOut', label: 'Ausverkauft', count: 8, selected: false }] },
];

function form(query: string, props: Partial<Parameters<typeof FilterForm>[0]> = {}) {
  const state = parseListing(new URLSearchParams(query), { search: query.includes('q=') });
  return createElement(FilterForm, { path: '/shop', state, filters, showDeals: true, dealCount: 8, ...props });
}

t.test('each filter is a group named by its legend, each choice a checkbox named with its count', async (t) => {
  renderInShop(form(''));
  for (const name of ['Edelmetall', 'Produktart', 'Feingewicht', 'Herkunftsland', 'Verfügbarkeit', 'Angebote']) t.ok(screen.getByRole('group', { name }), name);
  t.equal(screen.queryByRole('group', { name: 'Hersteller' }), null, 'a filter without choices is left out');
  t.ok(screen.getByRole('checkbox', { name: 'Gold (52)' }));
  t.ok(screen.getByRole('checkbox', { name: 'Nur Angebote (8)' }));
  t.equal(screen.getByRole('form', { name: 'Filter' }).getAttribute('method'), 'get');
});

t.test('checking a box applies it at once: the URL gets the filter, sort and view stay, paging starts over', async (t) => {
  const user = userEvent.setup();
  const { router } = renderInShop(form('sort=price-asc&view=list&page=3'), { path: '/shop?sort=price-asc&view=list&page=3' });
  await user.click(screen.getByRole('checkbox', { name: 'Gold (52)' }));
  t.equal(location(router), '/shop?metal=gold&sort=price-asc&view=list');
  await user.click(screen.getByRole('checkbox', { name: 'Silber (25)' }));
  t.equal(location(router), '/shop?metal=gold&metal=silver&sort=price-asc&view=list', 'a second metal adds to the first');
  await user.click(screen.getByRole('checkbox', { name: 'Nur Angebote (8)' }));
  t.equal(location(router), '/shop?metal=gold&metal=silver&deals=1&sort=price-asc&view=list');
});

t.test('the keyboard works: Tab to a box, Space toggles it, focus stays on it', async (t) => {
  const user = userEvent.setup();
  const { router } = renderInShop(form('metal=gold'), { path: '/shop?metal=gold' });
  const gold = screen.getByRole('checkbox', { name: 'Gold (52)' });
  t.equal((gold as HTMLInputElement).checked, true, 'the URL\'s choice is checked');
  gold.focus();
  await user.keyboard(' ');
  t.equal(location(router), '/shop', 'unchecking removes the filter');
  t.equal(document.activeElement, gold, 'focus stays where it was');
  await user.tab();
  t.equal(document.activeElement, screen.getByRole('checkbox', { name: 'Silber (25)' }));
});

t.test('the boxes follow the URL when it changes by other means (back, a removed chip)', async (t) => {
  const { rerender } = renderInShop(form('metal=gold&type=coin'));
  t.equal((screen.getByRole('checkbox', { name: 'Münzen (48)' }) as HTMLInputElement).checked, true);
  const shop = makeShop({ store: 'ch', buildId: 'test', canonicalOrigin: '', session: { level: 'guest' }, storeOrigins: {} as never }, 'de');
  const router = createMemoryRouter([{ path: '*', element: createElement(ShopContext.Provider, { value: shop }, form('metal=gold')) }], { initialEntries: ['/shop'] });
  await act(async () => rerender(createElement(RouterProvider, { router })));
  t.equal((screen.getByRole('checkbox', { name: 'Münzen (48)' }) as HTMLInputElement).checked, false);
  t.equal((screen.getByRole('checkbox', { name: 'Gold (52)' }) as HTMLInputElement).checked, true);
});

t.test('without JavaScript it is a plain GET form: hidden fields carry sort, view and search words, a button submits', async (t) => {
  const shop = makeShop({ store: 'ch', buildId: 'test', canonicalOrigin: '', session: { level: 'guest' }, storeOrigins: {} as never }, 'de');
  const router = createMemoryRouter([{ path: '*', element: createElement(ShopContext.Provider, { value: shop }, form('q=gold&sort=name-asc&view=list', { path: '/suche' })) }], { initialEntries: ['/suche'] });
  const html = renderToString(createElement(RouterProvider, { router }));
  t.match(html, /action="\/suche" method="get"/);
  t.match(html, /<input type="hidden" name="q" value="gold"\/>/);
  t.match(html, /<input type="hidden" name="sort" value="name-asc"\/>/);
  t.match(html, /<input type="hidden" name="view" value="list"\/>/);
  t.match(html, /<button type="submit" class="button button-primary filter-apply">Filter anwenden<\/button>/);
  renderInShop(form(''));
  t.equal(screen.queryByRole('button', { name: 'Filter anwenden' }), null, 'with JavaScript the button is not needed');
});
