// Layout and navigation (issue 17): the phone header is one row (menu, logo, search, cart) under one row of
// live prices, so a page's content starts in the top 30% of a 375x812 screen; the menu button says what it
// does ("Close menu" when open) in both languages, Escape closes the menu and gives focus back; axe is clean
// with the menu open. The wide header keeps its rows. A new page opens at its top (a product from a scrolled
// listing, the cart from the added-to-cart notice); Back returns to the listing where the shopper was; a
// filter on the listing keeps the place. After adding from a product card, Tab reaches "View cart".
// Screenshots go to NAV_SHOTS (default /tmp/nav-shots) for a look by eye.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, url, consentDecided, hydrated, fitsViewport } from './fixtures.ts';
import { signedInCustomer } from './customer.ts';

const SHOTS = process.env.NAV_SHOTS ?? '/tmp/nav-shots';
mkdirSync(SHOTS, { recursive: true });

const phone = { width: 375, height: 812 };
const wide = { width: 1280, height: 800 };

/** Where the page's first heading in <main> starts, from the top of the screen (not scrolled). */
async function firstContentY(page: Page): Promise<number> {
  const box = await page.locator('main').locator('h1, h2').first().boundingBox();
  expect(box, 'main has a heading').not.toBeNull();
  return box!.y;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
/** window.scrollY once it has not moved for five animation frames (a wheel turn scrolls over several frames). */
const settledScrollY = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const frame = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= 5) resolve(y);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

const header = (page: Page) => page.locator('header.site-header');

test.describe('phone header (375x812)', () => {
  test.use({ viewport: phone });

  for (const { host, path, open, close, cart, store, language } of [
    { host: 'ch.localhost', path: '/', open: 'Menü öffnen', close: 'Menü schließen', cart: 'Warenkorb', store: 'Länder-Shop', language: 'English' },
    { host: 'us.localhost', path: '/en/', open: 'Open menu', close: 'Close menu', cart: 'Cart', store: 'Country store', language: 'Deutsch' },
  ]) {
    test(`${host}${path}: one row of icons, content in the top 30%, the menu opens, says "${close}" and closes with Escape`, async ({ page, axe }) => {
      await consentDecided(page);
      await page.goto(url(host, path));
      await hydrated(page);
      const y = await firstContentY(page);
      expect(y, `first heading at y=${y}`).toBeLessThan(phone.height * 0.3);
      const headerBox = await header(page).boundingBox();
      expect(headerBox!.height, 'the header is at most an eighth of the screen').toBeLessThanOrEqual(phone.height / 8);

      const menuButton = header(page).getByRole('button', { name: open });
      const search = header(page).getByRole('button', { name: /^(Produktsuche|Product search)$/ });
      const cartLink = header(page).getByRole('link', { name: new RegExp(`^${cart}, 0 (Artikel|items)$`) });
      for (const icon of [menuButton, search, cartLink, header(page).getByRole('link', { name: /Aurum/ })]) await expect(icon).toBeVisible();
      // the icons share one row
      const tops = await Promise.all([menuButton, search, cartLink].map(async (l) => Math.round((await l.boundingBox())!.y)));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
      // what moved into the menu is not shown with it closed
      await expect(header(page).getByRole('link', { name: /^(Anmelden|Log in)$/ })).toBeHidden();
      await expect(page.getByRole('navigation', { name: store })).toBeHidden();
      await fitsViewport(page);
      await page.screenshot({ path: `${SHOTS}/phone-${host}-closed.png` });

      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await menuButton.click();
      const closeButton = header(page).getByRole('button', { name: close });
      await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
      const menu = page.locator(`#${await closeButton.getAttribute('aria-controls')}`);
      await expect(menu).toBeVisible();
      // focus went into the menu, on its first link
      await expect(menu.getByRole('link', { name: 'Shop', exact: true })).toBeFocused();
      await expect(menu.getByRole('link', { name: /^(Anmelden|Log in)$/ })).toBeVisible();
      await expect(menu.getByRole('link', { name: /^(Wunschliste|Wishlist)$/ })).toBeVisible();
      await expect(menu.getByRole('navigation', { name: store })).toBeVisible();
      await expect(menu.getByRole('link', { name: language })).toBeVisible();
      await axe();
      await page.screenshot({ path: `${SHOTS}/phone-${host}-menu-open.png` });

      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      const reopened = header(page).getByRole('button', { name: open });
      await expect(reopened).toBeFocused();
      await expect(reopened).toHaveAttribute('aria-expanded', 'false');

      // the search opens in its own row with focus in the field; Escape closes it again
      await search.click();
      const field = page.getByRole('combobox', { name: /^(Produkte suchen|Search products)$/ });
      await expect(field).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(field).toBeHidden();
      await expect(search).toBeFocused();
    });
  }

  test('a listing\'s content starts in the top 30% too, and a link in the menu closes it', async ({ page }) => {
    await consentDecided(page);
    await page.goto(url('ch.localhost', '/shop'));
    await hydrated(page);
    const y = await firstContentY(page);
    expect(y, `first heading at y=${y}`).toBeLessThan(phone.height * 0.3);
    await header(page).getByRole('button', { name: 'Menü öffnen' }).click();
    await page.locator('#site-menu').getByRole('link', { name: 'Preisliste' }).click();
    await expect(page).toHaveURL(url('ch.localhost', '/preisliste'));
    await expect(page.locator('#site-menu')).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('phone header, signed in (375x812)', () => {
  test.use({ viewport: phone });
  test('the menu holds My account with the greeting and Log out; axe clean', async ({ page, axe }) => {
    await consentDecided(page);
    await signedInCustomer(page, 'ch.localhost');
    await page.goto(url('ch.localhost', '/shop'));
    await hydrated(page);
    await header(page).getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.locator('#site-menu');
    await expect(menu.getByRole('link', { name: 'Kundenkonto' })).toBeVisible();
    await expect(menu.getByTestId('header-greeting')).toHaveText('Angemeldet als Anna');
    await expect(menu.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await axe();
    await page.screenshot({ path: `${SHOTS}/phone-signed-in-menu-open.png` });
  });
});

test.describe('wide header (1280x800)', () => {
  test.use({ viewport: wide });

  test('keeps its rows: store bar, prices, logo with search and account links, main navigation; no phone icons', async ({ page, axe }) => {
    await consentDecided(page);
    await page.goto(url('ch.localhost', '/'));
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toBeVisible();
    await expect(page.locator('.header-actions').getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('.header-actions').getByRole('link', { name: /^Warenkorb\s?, 0 Artikel$/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Länder-Shop' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Ankauf' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Produktsuche' })).toBeHidden();
    // tab order follows the row: logo, search, account links
    await page.getByRole('link', { name: /Aurum Edelmetalle/ }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('.header-actions').getByRole('link', { name: 'Anmelden' })).toBeFocused();
    await axe();
    await page.screenshot({ path: `${SHOTS}/wide-home.png` });
  });
});

for (const viewport of [wide, phone]) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(size, () => {
    test.use({ viewport });

    test(`a product opened from a scrolled listing opens at its top; Back returns to the listing's place (${size})`, async ({ page }) => {
      await consentDecided(page);
      await page.goto(url('ch.localhost', '/shop'));
      await hydrated(page);
      const card = page.locator('.product-card').nth(10);
      await card.scrollIntoViewIfNeeded();
      const scrolledTo = await settledScrollY(page);
      await page.mouse.wheel(0, 150);
      // the place the shopper leaves is where the wheel turn ended, not a frame of it (CI once read the
      // position before the turn had moved the page and found Back 150 px further down)
      await expect.poll(() => settledScrollY(page)).toBeGreaterThan(Math.max(600, scrolledTo));
      const before = await settledScrollY(page);
      const link = card.locator('.product-card-link');
      const name = (await link.textContent())!.trim();
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL(url('ch.localhost', '/shop'));
      await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 3);
      expect(Math.abs((await settledScrollY(page)) - before), 'back where the shopper was').toBeLessThanOrEqual(3);
      await expect(link).toBeInViewport();
      // and Forward opens the product where it was left (its top)
      await page.goForward();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
    });

    test(`"View cart" in the added-to-cart notice opens the cart at its top; Tab from the card's button reaches it (${size})`, async ({ page, axe }) => {
      await consentDecided(page);
      await page.goto(url('ch.localhost', '/shop'));
      await hydrated(page);
      const card = page.locator('.product-card').nth(8);
      const add = card.getByRole('button', { name: /^In den Warenkorb/ });
      await add.scrollIntoViewIfNeeded();
      await add.click();
      const notice = page.getByTestId('cart-notice');
      await expect(notice).toContainText('liegt jetzt in Ihrem Warenkorb');
      await add.focus();
      await page.keyboard.press('Tab');
      const view = notice.getByRole('link', { name: 'Zum Warenkorb' });
      await expect(view).toBeFocused();
      await axe();
      expect(await scrollY(page)).toBeGreaterThan(300);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(url('ch.localhost', '/warenkorb?type=buy'));
      await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.screenshot({ path: `${SHOTS}/cart-after-view-cart-${size}.png` });
    });
  });
}

test('a filter on the listing keeps the place; a link to an #anchor scrolls to it', async ({ page }) => {
  await page.setViewportSize(wide);
  await consentDecided(page);
  await page.goto(url('ch.localhost', '/shop'));
  await hydrated(page);
  const silver = page.getByRole('checkbox', { name: /^Silber \(\d+\)$/ });
  await silver.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(100);
  // a change applies the filter at once (the form's button is for pages without JavaScript)
  await silver.check();
  await expect(page).toHaveURL(/\/shop\?metal=silver$/);
  await expect(page.locator('.product-card').first()).toBeVisible();
  expect(Math.abs((await scrollY(page)) - before), 'the filter keeps the place').toBeLessThanOrEqual(3);

  // the skip link: the browser's own fragment navigation, not a remembered position
  await page.goto(url('ch.localhost', '/shop'));
  await hydrated(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Direkt zum Hauptinhalt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url('ch.localhost', '/shop#main'));
  await expect(page.locator('main')).toBeInViewport();
  const mainTop = await page.locator('main').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  expect(mainTop).toBeLessThanOrEqual(1);
});

test.describe('phone header without JavaScript', () => {
  test.use({ viewport: phone, javaScriptEnabled: false });
  test('shows the search field and the menu\'s links (its buttons need JavaScript)', async ({ page }) => {
    await consentDecided(page);
    await page.goto(url('ch.localhost', '/'));
    await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toBeVisible();
    await expect(page.locator('#site-menu').getByRole('link', { name: 'Anmelden' })).toBeVisible();
    await expect(page.locator('#site-menu').getByRole('link', { name: 'Ankauf' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
    await fitsViewport(page);
  });
});
