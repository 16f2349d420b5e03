// The product page and the list view as a shopper sees them (issue 17). At 1280x800 the buy price and "Add to
// cart" are on the first screen, beside the gallery; at 375x812 a buy bar (price, quantity, add to cart) is
// at the bottom of the first screen, adds to the cart, and the page keeps room for it so the footer's end is
// not hidden under it; the tier table's columns fit (or scroll in their labelled region). The list view
// shows one product per row at both sizes, the grid two per row on a phone. axe on each. Screenshots go to PRODUCT_SHOTS (default
// /tmp/product-shots) for a look by eye.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, url, consentDecided, hydrated, fitsViewport, scrollToIsland } from './fixtures.ts';

const SHOTS = process.env.PRODUCT_SHOTS ?? '/tmp/product-shots';
mkdirSync(SHOTS, { recursive: true });

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };

const products = [
  { store: 'US, English', host: 'us.localhost', path: '/en/product/krugerrand-1-oz-gold', add: /^Add to cart\s*:\s*Krugerrand 1 oz Gold$/, quantity: 'Quantity', tiers: 'Quantity prices per piece in USD', price: /^\$\d{1,3}(,\d{3})*\.\d{2}$/ },
  { store: 'CH, German', host: 'ch.localhost', path: '/produkt/kruegerrand-1-unze-gold', add: /^In den Warenkorb\s*:\s*Krügerrand 1 Unze Gold$/, quantity: 'Menge', tiers: 'Staffelpreise pro Stück in CHF', price: /^CHF\s\d{1,3}('\d{3})*\.\d{2}$/ },
];

async function box(l: Locator) {
  const b = await l.boundingBox();
  expect(b, 'the element is rendered').not.toBeNull();
  return b!;
}

async function openProduct(page: Page, host: string, path: string) {
  await consentDecided(page);
  await page.goto(url(host, path));
  await hydrated(page);
}

for (const p of products) {
  test.describe(`${p.store}`, () => {
    test.describe('1280x800', () => {
      test.use({ viewport: desktop });

      test(`price and "add to cart" on the first screen, beside the gallery (${p.store})`, async ({ page, axe }) => {
        await openProduct(page, p.host, p.path);
        const price = page.getByTestId('product-buy-price');
        await expect(price).toHaveText(p.price);
        const add = page.getByRole('button', { name: p.add });
        const gallery = await box(page.locator('.product-gallery'));
        for (const [what, l] of [['price', price], ['add to cart', add], ['quantity', page.getByRole('spinbutton', { name: p.quantity })]] as const) {
          const b = await box(l);
          expect(b.y + b.height, `${what} ends within the first 800 px`).toBeLessThanOrEqual(800);
          expect(b.x, `${what} is right of the gallery`).toBeGreaterThanOrEqual(gallery.x + gallery.width);
          await expect(l).toBeInViewport();
        }
        // the tier table and the details are below the first screen's buy box
        const tiers = await box(page.getByRole('region', { name: p.tiers }));
        expect(tiers.y).toBeGreaterThan(gallery.y + gallery.height);
        // on a desktop the buy bar is part of the panel: not fixed, and its price copy is not shown
        await expect(page.getByTestId('buy-bar')).toHaveCSS('position', 'static');
        await expect(page.getByTestId('buy-bar').locator('.buy-bar-price')).toBeHidden();
        await axe();
        await page.screenshot({ path: `${SHOTS}/product-${p.host}-1280x800.png` });
      });
    });

    test.describe('375x812', () => {
      test.use({ viewport: phone });

      test(`the buy bar is visible at once, adds the quantity typed in it, and covers nothing for good (${p.store})`, async ({ page, axe }) => {
        await openProduct(page, p.host, p.path);
        const bar = page.getByTestId('buy-bar');
        await expect(bar).toBeInViewport({ ratio: 1 });
        const b = await box(bar);
        expect(b.y + b.height, 'the bar sits at the bottom of the screen').toBeCloseTo(812, 0);
        await expect(bar.locator('.buy-bar-price-amount')).toHaveText(p.price);
        await expect(bar.locator('.buy-bar-price-amount')).toHaveText((await page.getByTestId('product-buy-price').textContent())!);
        // one quantity on the page: the bar's field is the product page's field, not a copy
        await expect(page.getByRole('spinbutton', { name: p.quantity })).toHaveCount(1);
        const field = bar.getByRole('spinbutton', { name: p.quantity });
        await field.fill('2');
        await bar.getByRole('button', { name: p.add }).click();
        await expect(page.getByTestId('cart-count-buy')).toHaveText('2');
        // the added-to-cart notice stands above the bar, not under it
        const notice = await box(page.getByTestId('cart-notice'));
        expect(notice.y + notice.height).toBeLessThanOrEqual((await box(bar)).y);
        await axe();
        await page.screenshot({ path: `${SHOTS}/product-${p.host}-added-375x812.png` });

        // the page reserves the bar's height: at the very end, the footer's last line is above the bar
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const last = await box(page.locator('footer').last());
        const barNow = await box(bar);
        const footerText = await page.locator('footer').last().evaluate((f) => {
          const r = document.createRange();
          r.selectNodeContents(f);
          return r.getBoundingClientRect().bottom;
        });
        expect(footerText, 'the footer text ends above the bar').toBeLessThanOrEqual(barNow.y + 1);
        expect(last.y + last.height).toBeLessThanOrEqual(barNow.y + 1);
        await fitsViewport(page);
      });

      test(`the tier table fits the phone or scrolls inside its labelled region (${p.store})`, async ({ page, axe }) => {
        await openProduct(page, p.host, p.path);
        const region = page.getByRole('region', { name: p.tiers });
        const table = region.getByRole('table');
        // the tiers come alive near the screen (an island, views/pages/product/parts.ts): scrolled there first
        await scrollToIsland(region);
        await expect(table.getByRole('row')).toHaveCount(5); // header and four tiers (placeholders replaced)
        const m = await region.evaluate((r) => ({ client: r.clientWidth, scroll: r.scrollWidth, overflow: getComputedStyle(r).overflowX, table: r.querySelector('table')!.getBoundingClientRect().right, right: r.getBoundingClientRect().right }));
        // every column readable: either the whole table fits, or the region scrolls (never a clipped column)
        expect(m.scroll <= m.client || m.overflow === 'auto' || m.overflow === 'scroll', `table ${m.scroll} px in a ${m.client} px region (overflow ${m.overflow})`).toBe(true);
        expect(m.scroll, 'on a 375 px phone the three columns fit').toBeLessThanOrEqual(m.client);
        const saving = table.getByRole('columnheader').last();
        const s = await box(saving);
        expect(s.x + s.width).toBeLessThanOrEqual(m.right + 0.5);
        await fitsViewport(page);
        await axe();
        await page.screenshot({ path: `${SHOTS}/product-${p.host}-tiers-375x812.png` });
      });
    });
  });
}

for (const viewport of [desktop, phone]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`list view ${size}`, () => {
    test.use({ viewport });

    test(`the list view shows one product per row: each card spans the list's width, names and prices whole (${size})`, async ({ page, axe }) => {
      await consentDecided(page);
      await page.goto(url('us.localhost', '/en/shop?view=list'));
      await hydrated(page);
      const list = page.locator('.product-grid-list');
      const cards = list.locator(':scope > li');
      await expect(cards.first().getByTestId('card-price')).toHaveText(/^\$/);
      const width = (await box(list)).width;
      let previousBottom = -Infinity;
      for (let i = 0; i < 6; i++) {
        const b = await box(cards.nth(i));
        expect(Math.abs(b.width - width), `card ${i + 1} spans the row`).toBeLessThanOrEqual(1);
        expect(b.y, `card ${i + 1} starts below the one before`).toBeGreaterThanOrEqual(previousBottom);
        previousBottom = b.y + b.height;
        // nothing inside the card is cut off: name, price and button lie within it
        for (const part of [cards.nth(i).locator('.product-card-title'), cards.nth(i).getByTestId('card-price'), cards.nth(i).getByRole('button', { name: /^Add to cart/ })]) {
          const pb = await box(part);
          expect(pb.x + pb.width).toBeLessThanOrEqual(b.x + b.width);
          const clipped = await part.evaluate((e) => e.scrollWidth > e.clientWidth + 1);
          expect(clipped, `card ${i + 1}: ${await part.textContent()} is not clipped`).toBe(false);
        }
      }
      await fitsViewport(page);
      await axe();
      await list.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/list-view-${size}.png` });
    });
  });
}

test.describe('grid view 375x812', () => {
  test.use({ viewport: phone });

  test('the grid view on a phone shows two cards per row, every name, price and button inside its card (German, CHF)', async ({ page, axe }) => {
    await consentDecided(page);
    await page.goto(url('ch.localhost', '/shop'));
    await hydrated(page);
    const list = page.locator('.product-grid-grid');
    await expect(list.getByTestId('card-price').first()).toHaveText(/^CHF/);
    const cards = list.locator(':scope > li');
    const [a, b] = [await box(cards.nth(0)), await box(cards.nth(1))];
    expect(Math.abs(a.y - b.y), 'the first two cards share a row').toBeLessThanOrEqual(1);
    expect(b.x).toBeGreaterThan(a.x + a.width);
    const overflowing = await list.evaluate((l) => [...l.querySelectorAll(':scope > li')].flatMap((li) => {
      const c = li.getBoundingClientRect();
      return [...li.querySelectorAll('button, .product-card-price-amount, .product-card-title')]
        .filter((e) => e.getBoundingClientRect().right > c.right + 0.5 || e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent);
    }));
    expect(overflowing, 'nothing leaves its card').toEqual([]);
    await fitsViewport(page);
    await axe();
  });
});
