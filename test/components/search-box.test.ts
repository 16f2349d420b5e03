// The header search with suggestions (ARIA combobox with a listbox popup): suggestions appear once typing
// pauses (one request for a burst of keys), the arrow keys move through them with aria-activedescendant
// while focus stays in the input, Enter opens the chosen product or searches for the words, Escape closes
// the list and then clears the input, and a polite status says how many suggestions there are. Time
// comes from a fake clock.
import 'global-jsdom/register';
import t, { type Test } from 'tap';
import { createElement } from 'react';
import { act, cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { SearchBox, DEBOUNCE_MS } from '../../views/components/SearchBox.tsx';
import type { SearchSuggestion } from '../../src/contracts/shop-api.ts';
import { installFakeClock, location, renderInShop } from './render.ts';

const krugerrands: SearchSuggestion[] = [
  { sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', path: '/produkt/kruegerrand-1-unze-gold', image: '/images/products/au-krug-1oz.svg', details: '1 Unze · South African Mint' },
  { sku: 'AU-KRUG-1-2OZ', name: 'Krügerrand 1/2 Unze Gold', path: '/produkt/kruegerrand-1-2-unze-gold', image: null, details: '1/2 Unze' },
  { sku: 'AG-KRUG-1OZ', name: 'Krügerrand 1 Unze Silber', path: '/produkt/kruegerrand-1-unze-silber', image: null, details: '' },
];

function setup(t: Test) {
  const clock = installFakeClock(['setTimeout', 'clearTimeout']);
  t.teardown(() => {
    cleanup();
    clock.uninstall();
  });
  const asked: string[] = [];
  const suggest = async (q: string) => {
    asked.push(q);
    return { suggestions: q.startsWith('xyz') ? [] : krugerrands, total: q.startsWith('xyz') ? 0 : 6 };
  };
  // no delays between keys: the test moves the clock itself
  const user = userEvent.setup({ delay: null });
  const view = renderInShop(createElement(SearchBox, { suggest }), { path: '/' });
  const input = screen.getByRole('combobox', { name: 'Produkte suchen' }) as HTMLInputElement;
  /** lets the debounce run out and the answer arrive */
  const settle = () => act(async () => {
    await clock.tickAsync(DEBOUNCE_MS);
  });
  return { clock, asked, user, input, settle, ...view };
}

t.test('the input is a combobox that controls a listbox, closed at first', async (t) => {
  const { input } = setup(t);
  t.equal(input.getAttribute('aria-expanded'), 'false');
  t.equal(input.getAttribute('aria-autocomplete'), 'list');
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  t.equal(list.getAttribute('role'), 'listbox');
  t.ok(list.hidden, 'the list is hidden');
  t.equal(input.closest('form')!.getAttribute('action'), '/suche', 'without JavaScript a GET form to the search page');
  t.equal(input.getAttribute('name'), 'q');
});

t.test('suggestions come once typing pauses, one request for a burst of keys, two characters at least', async (t) => {
  const { user, input, asked, settle } = setup(t);
  await user.type(input, 'k');
  await settle();
  t.same(asked, [], 'one character asks nothing');
  await user.type(input, 'rüg');
  await settle();
  t.same(asked, ['krüg'], 'one request for the burst');
  t.equal(input.getAttribute('aria-expanded'), 'true');
  const options = within(screen.getByRole('listbox', { name: 'Vorschläge' })).getAllByRole('option');
  t.same(options.map((o) => o.textContent), [
    'Krügerrand 1 Unze Gold1 Unze · South African Mint', 'Krügerrand 1/2 Unze Gold1/2 Unze', 'Krügerrand 1 Unze Silber', 'Alle Ergebnisse für „krüg“ anzeigen (6)',
  ]);
  t.equal(screen.getByRole('status').textContent, '3 Vorschläge, mit Pfeiltasten auswählen', 'a screen reader hears how many');
});

t.test('arrow keys move the active option (focus stays in the input), Enter opens the product', async (t) => {
  const { user, input, settle, router } = setup(t);
  await user.type(input, 'krüg');
  await settle();
  await user.keyboard('{ArrowDown}');
  const first = screen.getAllByRole('option')[0];
  t.equal(input.getAttribute('aria-activedescendant'), first.id);
  t.equal(first.getAttribute('aria-selected'), 'true');
  t.equal(document.activeElement, input, 'focus stays in the input');
  await user.keyboard('{ArrowUp}');
  t.equal(input.getAttribute('aria-activedescendant'), screen.getAllByRole('option')[3].id, 'up from the first wraps to the last');
  await user.keyboard('{ArrowDown}{ArrowDown}');
  t.equal(input.getAttribute('aria-activedescendant'), screen.getAllByRole('option')[1].id);
  await user.keyboard('{Enter}');
  t.equal(location(router), '/produkt/kruegerrand-1-2-unze-gold');
  t.equal(input.getAttribute('aria-expanded'), 'false', 'the list closes');
});

t.test('Enter without a chosen option searches for the words; the last option does too', async (t) => {
  const { user, input, settle, router } = setup(t);
  await user.type(input, 'krüg');
  await settle();
  await user.keyboard('{Enter}');
  t.equal(decodeURIComponent(location(router)), '/suche?q=krüg');
  await user.click(input);
  await user.keyboard('{ArrowUp}{Enter}');
  t.equal(decodeURIComponent(location(router)), '/suche?q=krüg', '"all results" goes to the search page');
});

t.test('a click on a suggestion opens it', async (t) => {
  const { user, input, settle, router } = setup(t);
  await user.type(input, 'krüg');
  await settle();
  await user.click(screen.getByRole('option', { name: /Krügerrand 1 Unze Silber/ }));
  t.equal(location(router), '/produkt/kruegerrand-1-unze-silber');
});

t.test('Escape closes the list, a second Escape clears the input', async (t) => {
  const { user, input, settle } = setup(t);
  await user.type(input, 'krüg');
  await settle();
  await user.keyboard('{ArrowDown}{Escape}');
  t.equal(input.getAttribute('aria-expanded'), 'false');
  t.equal(input.getAttribute('aria-activedescendant'), null);
  t.equal(input.value, 'krüg', 'the words stay');
  await user.keyboard('{Escape}');
  t.equal(input.value, '');
});

t.test('no matches: no list, and the status says so', async (t) => {
  const { user, input, settle } = setup(t);
  await user.type(input, 'xyzzy');
  await settle();
  t.equal(input.getAttribute('aria-expanded'), 'false');
  t.equal(screen.getByRole('status').textContent, 'Keine Vorschläge');
});
