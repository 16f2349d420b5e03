// The listing's sort control: a labelled select with the ten sort orders; a choice applies at once
// (filters and view kept, paging starts over); without JavaScript a small GET form carries the rest of
// the state and a button sends it.
import 'global-jsdom/register';
import t from 'tap';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SortControl } from '../../views/components/listing/SortControl.tsx';
import { parseListing } from '../../views/models/listing-url.ts';
import { makeShop, ShopContext } from '../../views/lib/context.tsx';
import { location, renderInShop } from './render.ts';

t.afterEach(() => cleanup());

const control = (query: string, path = '/shop') =>
  createElement(SortControl, { path, state: parseListing(new URLSearchParams(query), { search: path === '/suche' }) });

t.test('a labelled select offers the ten sort orders, the current one chosen', async (t) => {
  renderInShop(control('sort=metal-desc'));
  const select = screen.getByRole('combobox', { name: 'Sortieren nach' }) as HTMLSelectElement;
  const options = within(select).getAllByRole('option').map((o) => o.textContent);
  t.same(options, [
    'Empfehlung', 'Name A–Z', 'Name Z–A', 'Relevanz', 'Preis aufsteigend', 'Preis absteigend',
    'Übereinstimmung aufsteigend', 'Beste Übereinstimmung zuerst', 'Edelmetall: Gold bis Palladium', 'Edelmetall: Palladium bis Gold',
  ]);
  t.equal(select.value, 'metal-desc');
});

t.test('choosing an order applies it at once, keeping filters and view, starting at page 1', async (t) => {
  const user = userEvent.setup();
  const { router } = renderInShop(control('metal=gold&type=bar&view=list&page=2'), { path: '/shop?metal=gold&type=bar&view=list&page=2' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortieren nach' }), 'Preis aufsteigend');
  t.equal(location(router), '/shop?metal=gold&type=bar&sort=price-asc&view=list');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortieren nach' }), 'Empfehlung');
  t.equal(location(router), '/shop?metal=gold&type=bar&view=list', 'the default order is not written into the URL');
});

t.test('on the search page relevance is the default and the search words stay', async (t) => {
  const user = userEvent.setup();
  const { router } = renderInShop(control('q=krügerrand', '/suche'), { path: '/suche?q=kr%C3%BCgerrand' });
  t.equal((screen.getByRole('combobox', { name: 'Sortieren nach' }) as HTMLSelectElement).value, 'relevance');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortieren nach' }), 'Name Z–A');
  t.equal(decodeURIComponent(location(router)), '/suche?q=krügerrand&sort=name-desc');
});

t.test('the keyboard changes the order too', async (t) => {
  const user = userEvent.setup();
  const { router } = renderInShop(control(''));
  const select = screen.getByRole('combobox', { name: 'Sortieren nach' });
  await user.tab();
  t.equal(document.activeElement, select, 'Tab reaches the select');
  await user.selectOptions(select, 'name-asc');
  t.equal(location(router), '/shop?sort=name-asc');
});

t.test('without JavaScript a GET form carries the filters and a button sends the choice', async (t) => {
  const shop = makeShop({ store: 'ch', buildId: 'test', canonicalOrigin: '', session: { level: 'guest' }, storeOrigins: {} as never }, 'en');
  const router = createMemoryRouter([{ path: '*', element: createElement(ShopContext.Provider, { value: shop }, control('metal=gold&metal=silver&deals=1&view=list')) }], { initialEntries: ['/shop'] });
  const html = renderToString(createElement(RouterProvider, { router }));
  t.match(html, /<form class="sort-control" action="\/shop" method="get">/);
  for (const hidden of ['name="metal" value="gold"', 'name="metal" value="silver"', 'name="deals" value="1"', 'name="view" value="list"']) t.match(html, `<input type="hidden" ${hidden}/>`);
  t.match(html, /<button type="submit" class="button button-quiet">Sort<\/button>/);
  t.match(html, /<label for="listing-sort">Sort by<\/label>/);
});
