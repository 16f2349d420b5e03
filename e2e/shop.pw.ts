// The shop in the browser (issue 8, part 1), in both languages: find a product by the header search's
// suggestions and by filters, open it, see its live prices, the price breakdown and the chart; filters,
// sorting and "load more" without a reload; the same without JavaScript; structured tracking events; axe
// on every new page type (listing, category, search, empty search, product, 404). The fixture fails on any
// console error or hydration warning.
import { test, expect, url, ignoreExpected404, fitsViewport, scrollToIsland } from './fixtures.ts';

type Layer = Record<string, unknown>[];
const events = (page: import('@playwright/test').Page) => page.evaluate(() => ((window as unknown as { dataLayer?: Layer }).dataLayer ?? []).filter((e) => e && typeof e.event === 'string').map((e) => e.event as string));

const money = /^CHF\s[\d']+\.\d\d$/;

test('German: find a Krügerrand by the header search, open it by keyboard, see its prices, breakdown and chart', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const search = page.getByRole('combobox', { name: 'Produkte suchen' });
  await search.fill('Kruegerrand');
  const list = page.getByRole('listbox', { name: 'Vorschläge' });
  await expect(list.getByRole('option').first()).toContainText('Krügerrand 1 Unze Gold');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await axe();
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  await search.press('Enter');
  await expect(page).toHaveURL(url('ch.localhost', '/produkt/kruegerrand-1-unze-gold'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Krügerrand 1 Unze Gold');

  const buy = page.getByTestId('product-buy-price');
  await expect(buy).toHaveText(money);
  await expect(page.getByTestId('product-sell-price')).toHaveText(money);
  await expect(page.getByRole('table', { name: /Staffelpreise/ }).getByRole('row')).toHaveCount(5);
  const breakdown = page.getByRole('region', { name: 'Woraus sich der Preis zusammensetzt' });
  await expect(breakdown.getByTestId('breakdown-total')).toHaveText((await buy.textContent()) ?? '');
  await expect(breakdown.getByTestId('breakdown-metal')).toHaveText(money);
  await expect(breakdown.getByTestId('breakdown-vat')).toHaveText('CHF 0.00');
  await expect(breakdown).toContainText('keine: Anlagegold ist steuerfrei');
  await expect(breakdown.getByTestId('breakdown-spread')).toHaveText(/^\d+\.\d\d\s?%$/);
  const chart = page.locator('.price-chart');
  // the series and d3 load when the chart comes near the screen
  await scrollToIsland(chart);
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('svg path.chart-line')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Ähnliche Produkte' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Versandkosten/ })).toBeVisible();
  await axe();
  expect(await events(page)).toContain('view_item');
});

test('German: narrow the shop by filters, sort it, load more without a reload, open a product', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/shop'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Produkte' })).toHaveText('99 Produkte');
  await expect(page.getByTestId('card-price').first()).toHaveText(money);
  await axe();
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 1));

  await page.getByRole('checkbox', { name: /^Gold \(\d+\)$/ }).check();
  await expect(page).toHaveURL(/\/shop\?metal=gold$/);
  await page.getByRole('group', { name: 'Produktart' }).getByRole('checkbox', { name: /^Barren/ }).check();
  await expect(page).toHaveURL(/\/shop\?metal=gold&type=bar$/);
  const cards = page.locator('.product-card');
  await expect(page.locator('.listing-count')).toHaveText(/^\d+ Produkte$/);
  // the URL changes first, the results when they arrive: wait until every card is a gold one
  await expect.poll(async () => (await cards.locator('.product-card-title').allTextContents()).filter((n) => !/Gold|gold/.test(n))).toEqual([]);
  // and every card a bar: the gold filter alone already showed gold cards, and the sort builds its address
  // from the rendered results' filters (the filter's render may still be under way on a loaded machine)
  await expect.poll(async () => (await cards.locator('.product-card-title').allTextContents()).filter((n) => !/barren|CombiBar/i.test(n))).toEqual([]);
  await page.getByRole('combobox', { name: 'Sortieren nach' }).selectOption('price-desc');
  await expect(page).toHaveURL(/\/shop\?metal=gold&type=bar&sort=price-desc$/);
  await expect(cards.first().locator('.product-card-title')).toContainText(/1 kg/);
  await page.getByRole('link', { name: 'Filter Barren entfernen' }).click();
  await expect(page).toHaveURL(/\/shop\?metal=gold&sort=price-desc$/);

  // load more appends the next page and moves focus to the first new card
  await expect(cards).toHaveCount(24);
  await page.getByRole('link', { name: 'Weitere Produkte laden' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards).toHaveCount(48);
  await expect(cards.nth(24).locator('.product-card-link')).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 'no reload').toBe(1);

  await page.getByRole('navigation', { name: 'Ansicht' }).getByRole('link', { name: 'Liste', exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(page.locator('.product-grid-list')).toBeVisible();
  await axe();

  await cards.first().locator('.product-card-link').click();
  await expect(page).toHaveURL(/\/produkt\//);
  await expect(page.getByTestId('product-buy-price')).toHaveText(money);
  const seen = await events(page);
  expect(seen).toContain('view_item_list');
  expect(seen).toContain('select_item');
});

test('a category and the deals list open by their slugs and pass axe', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/shop/goldmuenzen'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Goldmünzen');
  await expect(page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: /Goldmünzen/ })).toHaveAttribute('aria-current', 'page');
  await axe();
  await page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: 'Angebote' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/shop/angebote'));
  await expect(page.locator('.product-badge-sale').first()).toBeVisible();
});

test('English: search for silver bars, filter the results, open one in US dollars', async ({ page, axe }) => {
  await page.goto(url('us.localhost', '/en/search?q=silver%20bar'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “silver bar”');
  await expect(page.locator('.product-card')).not.toHaveCount(0);
  await axe();
  await page.getByRole('group', { name: 'Manufacturer' }).getByRole('checkbox', { name: /^Heraeus/ }).check();
  await expect(page).toHaveURL(/\/en\/search\?q=silver\+bar&manufacturer=heraeus$/);
  // the URL changes first, the results when they arrive: wait until every card is a Heraeus silver bar
  await expect.poll(async () => {
    const names = await page.locator('.product-card-title').allTextContents();
    return names.length > 0 && names.every((n) => /Silver bar .*Heraeus/.test(n));
  }).toBe(true);
  await page.locator('.product-card-link').first().click();
  await expect(page).toHaveURL(/\/en\/product\/silver-bar-/);
  await expect(page.getByTestId('product-buy-price')).toHaveText(/^\$[\d,]+\.\d\d$/);
  const breakdown = page.getByRole('region', { name: 'What the price is made of' });
  await expect(breakdown.getByTestId('breakdown-total')).toHaveText(/^\$/);
  await expect(breakdown.getByTestId('breakdown-buyback')).toHaveText(/^\$/);
  await expect(breakdown).toContainText('VAT (none in the US store)');
  await scrollToIsland(page.locator('.price-chart'));
  await expect(page.locator('.price-chart')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('href', /^\/produkt\/silberbarren-/);
  await axe();
});

test('English: an empty search is helpful and passes axe', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/en/search?q=unobtainium'));
  await expect(page.getByRole('heading', { level: 2, name: 'No results for “unobtainium”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gold coins' }).or(page.getByRole('link', { name: 'Gold' })).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular with our customers' })).toBeVisible();
  await axe();
});

test('an unknown product answers 404 with links home and to the shop', async ({ page, axe, consoleErrors }) => {
  const res = await page.goto(url('ch.localhost', '/produkt/goldene-gans'));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');
  await axe();
  ignoreExpected404(consoleErrors);
});

test('mobile: the filters open behind a switch, the product page stacks', async ({ page, axe }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(url('ch.localhost', '/shop'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('group', { name: 'Edelmetall' })).toBeHidden();
  await page.getByText('Filter anzeigen').click();
  await expect(page.getByRole('group', { name: 'Edelmetall' })).toBeVisible();
  await axe();
  await fitsViewport(page);
  await page.goto(url('ch.localhost', '/produkt/silberbarren-1-kg-heraeus-gegossen'));
  await expect(page.getByTestId('product-buy-price')).toHaveText(money);
  await axe();
  await fitsViewport(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('filters, sorting and load more work as a GET form and links', async ({ page }) => {
    await page.goto(url('ch.localhost', '/shop'));
    await page.getByRole('checkbox', { name: /^Silber \(\d+\)$/ }).check();
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page).toHaveURL(/\/shop\?metal=silver$/);
    await page.getByRole('combobox', { name: 'Sortieren nach' }).selectOption('name-asc');
    await page.getByRole('button', { name: 'Sortieren', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?metal=silver&sort=name-asc$/);
    await page.getByRole('link', { name: 'Weitere Produkte laden' }).click();
    await expect(page).toHaveURL(/\/shop\?metal=silver&sort=name-asc&page=2$/);
    await expect(page.locator('.product-card')).toHaveCount(25);
    await page.getByRole('combobox', { name: 'Produkte suchen' }).fill('Krügerrand');
    await page.getByRole('combobox', { name: 'Produkte suchen' }).press('Enter');
    await expect(page).toHaveURL(/\/suche\?q=Kr%C3%BCgerrand$/);
    await expect(page.locator('.product-card').first()).toContainText('Krügerrand');
  });
});
