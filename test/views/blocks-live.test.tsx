// Component tests of the CMS blocks that live in the browser: products with live prices and tracking, the
// price chart, the old-metal calculator (the sell form: estimates from the live bid prices) and the article lists that
// stream in after the page's shell.
import 'global-jsdom/register';
import t from 'tap';
import { act, cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ArticleTeaser, Block, ProductTeaser } from '../../src/contracts/content.ts';
import { scrapEstimateCents } from '../../src/contracts/scrap.ts';
import { Blocks } from '../../views/blocks/Blocks.tsx';
import { metal, renderView, servePrices, takeDataLayer } from './helpers.tsx';

// jsdom measures nothing; the chart only needs the observer to exist
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
  observe() {}
  disconnect() {}
};

t.afterEach(() => cleanup());

const products: ProductTeaser[] = [
  { sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', slug: 'kruegerrand-1-unze-gold', image: { src: '/images/products/krug.svg', alt: 'Krügerrand' }, metal: 'gold', weightLabel: '1 Unze', availability: 'available', badges: ['topseller'] },
  { sku: 'AG-MAPLE-1OZ', name: 'Maple Leaf 1 Unze Silber', slug: 'maple-leaf-1-unze-silber', metal: 'silver', weightLabel: '1 Unze', availability: 'soldOut', badges: [] },
];
const productBlock = (type: 'product_carousel' | 'product_cards'): Block => ({ type, id: 'p', headline: 'Topseller', trackingName: 'home-topsellers', source: { limit: 8, badge: 'topseller' }, products });

for (const type of ['product_carousel', 'product_cards'] as const) {
  t.test(`${type}: the products in order with live prices, sold out marked, tracked as a list and on selection`, async (t) => {
    const stop = servePrices({ products: [{ sku: 'AU-KRUG-1OZ', prices: [{ type: 'buy', centAmount: 345333, minQuantity: 1 }, { type: 'sell', centAmount: 330000, minQuantity: 1 }] }] });
    t.teardown(stop);
    takeDataLayer();
    const navigated: string[] = [];
    renderView(<Blocks blocks={[productBlock(type)]} />, { navigated });
    const region = screen.getByRole('region', { name: 'Topseller' });
    const names = within(region).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    t.same(names, ['Krügerrand 1 Unze Gold', 'Maple Leaf 1 Unze Silber']);
    t.ok(within(region).getByText('Ausverkauft'));
    t.ok(within(region).getByText('Topseller', { selector: '.badge' }));
    t.equal((await within(region).findByText("CHF 3'453.33")).closest('li')?.querySelector('h3')?.textContent, 'Krügerrand 1 Unze Gold', 'the price arrives in the browser');
    const list = takeDataLayer();
    t.match(list, [{ event: 'view_item_list', ecommerce: { item_list_id: 'home-topsellers', item_list_name: 'Topseller', items: [{ item_id: 'AU-KRUG-1OZ', index: 0 }, { item_id: 'AG-MAPLE-1OZ', index: 1 }] } }]);
    await userEvent.click(within(region).getByRole('link', { name: 'Krügerrand 1 Unze Gold' }));
    t.same(navigated, ['/produkt/kruegerrand-1-unze-gold']);
    t.match(takeDataLayer(), [{ event: 'select_item', ecommerce: { item_list_id: 'home-topsellers', items: [{ item_id: 'AU-KRUG-1OZ' }] } }]);
    if (type === 'product_carousel') {
      t.ok(within(region).getByRole('button', { name: 'Weiterblättern' }));
      t.ok(within(region).getByRole('button', { name: 'Zurückblättern' }));
    }
  });
}

t.test('a product block whose products are all gone renders nothing', async (t) => {
  const { container } = renderView(<Blocks blocks={[{ ...productBlock('product_cards'), products: [] } as Block]} />);
  t.equal(container.innerHTML, '');
  t.same(takeDataLayer(), [], 'and tracks no empty list');
});

t.test('metal price chart: the editor\'s headline, metal and period, which the visitor can switch', async (t) => {
  const stop = servePrices({});
  t.teardown(stop);
  renderView(<Blocks blocks={[{ type: 'metal_price_chart', id: 'c', headline: 'Silber im Verlauf', metal: 'silver', range: '1y' }]} />);
  t.ok(screen.getByRole('heading', { name: /Silber im Verlauf/ }));
  const metals = screen.getByRole('group', { name: 'Metall' });
  t.equal(within(metals).getByRole('button', { name: 'Silber' }).getAttribute('aria-pressed'), 'true');
  t.equal(within(screen.getByRole('group', { name: 'Zeitraum' })).getByRole('button', { name: '1 Jahr' }).getAttribute('aria-pressed'), 'true');
  await userEvent.click(within(metals).getByRole('button', { name: 'Gold' }));
  t.equal(within(metals).getByRole('button', { name: 'Gold' }).getAttribute('aria-pressed'), 'true');
});

t.test('old-metal calculator (issue 17: the one scrap form): an estimate from the current bid price, the same as the shared calculation, and it adds to the sell cart', async (t) => {
  const goldBid = 10_500_000; // CHF 105'000.00 per troy ounce: easy to check by hand
  const stop = servePrices({ metals: [metal('gold', 10_600_000, goldBid), metal('silver', 4_600, 4_500)] });
  t.teardown(stop);
  renderView(<Blocks blocks={[{ type: 'old_metal_calculator', id: 'o', headline: 'Wert schätzen', defaultMetal: 'gold' }]} />);
  const estimate = screen.getByTestId('scrap-estimate');
  t.equal(estimate.textContent, '–', 'no estimate without a weight');
  t.equal((screen.getByRole('radio', { name: 'Gold' }) as HTMLInputElement).checked, true, "the editor's metal is chosen");
  await userEvent.selectOptions(screen.getByLabelText('Feingehalt'), '585');
  await userEvent.type(screen.getByLabelText('Gewicht'), '31,1034768');
  const expected = scrapEstimateCents({ metal: 'gold', fineness: 585, weightGrams: 31.1034768 }, goldBid);
  t.equal(expected, 5_835_375, 'one troy ounce of 585 gold: 58.5 % of the bid, less the 5 % refining deduction');
  await screen.findByText("CHF 58'353.75");
  t.ok(screen.getByText(/Der endgültige Preis folgt der Prüfung Ihrer Ware/), 'it always says the final price follows the assay');
  t.ok(screen.getByRole('button', { name: 'In den Verkaufskorb' }), 'the estimate goes into the sell cart');
});

t.test('old-metal calculator: a weight that is no number is explained, not estimated', async (t) => {
  const stop = servePrices({ metals: [metal('silver', 4_600, 4_500)] });
  t.teardown(stop);
  renderView(<Blocks blocks={[{ type: 'old_metal_calculator', id: 'o', headline: 'Wert schätzen', defaultMetal: 'silver' }]} />, { lang: 'en' });
  const input = screen.getByLabelText('Weight');
  await userEvent.type(input, 'zwölf');
  await userEvent.click(screen.getByRole('button', { name: 'Add to sell cart' }));
  t.equal(input.getAttribute('aria-invalid'), 'true');
  t.equal(screen.getByTestId('scrap-estimate').textContent, 'Enter the weight', 'nothing estimated: it asks for a weight');
});

const teaser = (n: number, folder: ArticleTeaser['folder']): ArticleTeaser => ({
  id: `a${n}`, slug: `artikel-${n}`, folder, title: `Artikel ${n}`, teaser: `Worum es in Artikel ${n} geht.`, publishedAt: '2026-11-05T08:00:00.000Z',
  date: '2026-11-05 08:00', category: 'markt', readingMinutes: 4, tags: [],
});

t.test('news: the newest news with date, category and reading time, linking to their pages and to all news', async (t) => {
  const block: Block = { type: 'news', id: 'n', headline: 'Neuigkeiten', query: { key: 'news|3|', folder: 'news', count: 3 } };
  renderView(<Blocks blocks={[block]} lists={{ 'news|3|': [teaser(1, 'news'), teaser(2, 'news')] }} />);
  const region = screen.getByRole('region', { name: 'Neuigkeiten' });
  t.equal(within(region).getByRole('link', { name: 'Artikel 1' }).getAttribute('href'), '/news/artikel-1');
  t.equal(within(region).getByRole('link', { name: 'Alle Neuigkeiten' }).getAttribute('href'), '/news');
  t.ok(within(region).getAllByText('05/11/2026')[0]);
  t.ok(within(region).getAllByText('Markt')[0]);
  t.ok(within(region).getAllByText('4 Min. Lesezeit')[0]);
});

t.test('articles: the newest knowledge articles under their English paths; a list that streams shows a busy placeholder first', async (t) => {
  const block: Block = { type: 'articles', id: 'a', headline: 'Knowledge', query: { key: 'wissen|2|', folder: 'wissen', count: 2 } };
  let resolve!: (v: Record<string, ArticleTeaser[]>) => void;
  const lists = new Promise<Record<string, ArticleTeaser[]>>((r) => (resolve = r));
  // a component that suspends while it mounts renders inside an async act (React flushes the retry there)
  let container!: HTMLElement;
  await act(async () => void ({ container } = renderView(<Blocks blocks={[block]} lists={lists} />, { lang: 'en', store: 'us' })));
  t.equal(container.querySelector('[aria-busy="true"]')?.children.length, 2, 'a placeholder per expected article');
  await act(async () => resolve({ 'wissen|2|': [teaser(1, 'wissen')] }));
  const link = await screen.findByRole('link', { name: 'Artikel 1' });
  t.equal(link.getAttribute('href'), '/en/knowledge-hub/artikel-1');
  t.equal(screen.getByRole('link', { name: 'Knowledge hub' }).getAttribute('href'), '/en/knowledge-hub/encyclopedia');
});

t.test('an articles block without articles renders nothing', async (t) => {
  const { container } = renderView(<Blocks blocks={[{ type: 'articles', id: 'a', headline: 'Blog', query: { key: 'blog|3|Steuern', folder: 'blog', count: 3, tag: 'Steuern' } }]} lists={{}} />);
  // nothing but the island's own element (views/blocks/block-islands.ts), empty and laid out as its content
  t.equal(container.innerHTML, '<div class="island" data-island="block-articles"></div>');
});
