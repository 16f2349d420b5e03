// Live prices in the browser (issue 4): the countdown runs, a recalculation forced on the price service
// reaches the page over the WebSocket and the shown prices change without a reload; the price list
// and the chart are usable by keyboard and pass axe.
import { test, expect, url, PORT, CLOCK, scrollToIsland } from './fixtures.ts';

const PRICES = `http://127.0.0.1:${PORT + 2}`;

test('the countdown runs in the header and counts down each second', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const countdown = page.getByTestId('price-countdown').first();
  await expect(countdown).toHaveText(/^[0-3]:[0-5]\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(countdown).toHaveText(/^[0-3]:[0-5]\d$/);
  // four metals per troy ounce in francs, with their change in words for screen readers
  for (const metal of ['gold', 'silver', 'platinum', 'palladium']) {
    await expect(page.getByTestId(`metal-price-${metal}`)).toHaveText(/^CHF\s[\d']+\.\d\d$/);
  }
  await expect(page.locator('.metal-price-change .visually-hidden').first()).toHaveText(/(gestiegen|gefallen|unverändert).*24 Stunden/);
  await axe();
});

test('a forced recalculation changes the shown prices without a reload', { tag: CLOCK }, async ({ page, request }) => {
  test.setTimeout(150_000);
  await page.goto(url('ch.localhost', '/preisliste/gold'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const gold = page.getByTestId('metal-price-gold');
  const firstBuy = page.getByTestId('pricelist-buy').first();
  await expect(gold).toHaveText(/^CHF/);
  await expect(firstBuy).toHaveText(/^CHF/);
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 42));

  // The simulated feed moves once a minute: a recalculation in the same minute as the shown one would
  // show the same prices. The prices are read first and the current set asked for after them, so what is
  // read is never newer than that set; while that set is of this minute (other browser tests force
  // recalculations too, one of them seen landing in this minute after an earlier check), wait for the next
  // minute and read again.
  let goldBefore: string | null;
  let buyBefore: string | null;
  for (;;) {
    goldBefore = await gold.textContent();
    buyBefore = await firstBuy.textContent();
    const metals = await page.evaluate(() => fetch('/api/prices/metals').then((r) => r.json() as Promise<{ lastRecalculatedAt: string }>));
    const shownMinute = Math.floor(Date.parse(metals.lastRecalculatedAt) / 60_000);
    if (Math.floor(Date.now() / 60_000) !== shownMinute) break;
    await page.waitForTimeout((shownMinute + 1) * 60_000 - Date.now() + 500);
  }

  const res = await request.post(`${PRICES}/admin/recalculate`);
  expect(res.status()).toBe(200);

  await expect(gold).not.toHaveText(goldBefore ?? '', { timeout: 15_000 });
  await expect(gold).toHaveText(/^CHF/);
  await expect(firstBuy).not.toHaveText(buyBefore ?? '', { timeout: 15_000 });
  await expect(firstBuy).toHaveText(/^CHF/);
  // a fresh 180 s
  await expect(page.getByTestId('price-countdown').first()).toHaveText(/^(3:00|2:5\d)$/);
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 'no reload').toBe(42);
});

test('the price list shows selling prices on request, sorts by price and passes axe', async ({ page, axe }) => {
  await page.goto(url('de.localhost', '/preisliste'));
  await expect(page.locator('h1')).toHaveText('Preisliste: alle Metalle');
  const goldTable = page.locator('table', { has: page.locator('caption', { hasText: 'Gold' }) }).first();
  await expect(goldTable.getByTestId('pricelist-buy').first()).toHaveText(/€/);
  // product, fine weight, buy price, tiers, and the add-to-cart column
  await expect(goldTable.locator('thead th')).toHaveCount(5);
  const toggle = page.getByRole('button', { name: 'Ankaufspreise anzeigen' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(goldTable.locator('thead th')).toHaveCount(6);
  await expect(goldTable.getByRole('columnheader', { name: /Wir kaufen/ })).toBeVisible();

  // sort by buy price, descending: the most expensive gold product first
  const buyHeader = goldTable.getByRole('columnheader', { name: /Sie kaufen/ });
  await buyHeader.getByRole('button').click();
  await expect(buyHeader).toHaveAttribute('aria-sort', 'ascending');
  await buyHeader.getByRole('button').click();
  await expect(buyHeader).toHaveAttribute('aria-sort', 'descending');
  const cents = async () =>
    (await goldTable.getByTestId('pricelist-buy').allTextContents()).slice(0, 5).map((s) => Number(s.replace(/[^\d,]/g, '').replace(',', '.')));
  const top = await cents();
  expect(top).toEqual([...top].sort((a, b) => b - a));
  await axe();

  // the duty-free list in English
  await page.getByRole('navigation', { name: 'Preislisten' }).getByRole('link', { name: 'Zollfrei' }).click();
  await expect(page).toHaveURL(url('de.localhost', '/preisliste/zollfrei'));
  await expect(page.locator('h1')).toHaveText('Preisliste Zollfreilager');
  await expect(page.getByRole('columnheader', { name: /Sie kaufen \(ohne MwSt\.\)/ }).first()).toBeVisible();
  await axe();
});

test('the chart switches metal and period with real buttons and offers its figures as a table', async ({ page, axe }) => {
  await page.goto(url('us.localhost', '/en/pricelist/silver'));
  const chart = page.locator('.price-chart');
  await expect(chart.getByRole('heading', { level: 2 })).toContainText('Silver price per troy ounce');
  // the series and d3 load when the chart comes near the screen
  await scrollToIsland(chart);
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart.locator('svg path.chart-line')).toHaveCount(1);
  await expect(chart.locator('figcaption')).toContainText(/From .* to .*: lowest \$[\d,.]+, highest/);

  const year = chart.getByRole('button', { name: '1 year' });
  await year.focus();
  await page.keyboard.press('Enter');
  await expect(year).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.getByRole('button', { name: '6 months' })).toHaveAttribute('aria-pressed', 'false');
  await chart.getByRole('button', { name: 'Gold' }).click();
  await expect(chart.getByRole('heading', { level: 2 })).toContainText('Gold price per troy ounce');
  await expect(chart).toHaveAttribute('data-state', 'ready');

  await chart.getByText('Show the prices as a table').click();
  const table = chart.getByRole('table', { name: /Gold price per troy ounce in USD, 1 year/ });
  await expect(table).toBeVisible();
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(40);
  await axe();
});

test('browsers get price data only from the shop, never from the price service', async ({ page }) => {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).host));
  page.on('websocket', (ws) => hosts.add(new URL(ws.url()).host));
  await page.goto(url('ch.localhost', '/preisliste/silber'));
  await expect(page.getByTestId('pricelist-buy').first()).toHaveText(/CHF/);
  expect([...hosts]).toEqual([`ch.localhost:${PORT}`]);
});
