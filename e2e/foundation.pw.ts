import { test, expect, url, MAINT_PORT, ignoreExpected404 } from './fixtures.ts';

for (const host of ['ch.localhost', 'us.localhost']) {
  for (const [path, lang, heading] of [['/', 'de', /Edelmetall/], ['/en', 'en', /precious metals/i]] as const) {
    test(`home streams and hydrates on ${host}${path}`, async ({ page, axe }) => {
      const res = await page.goto(url(host, path));
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.locator('h1').first()).toContainText(heading);
      await expect(page.locator('.teaser-list .teaser h3').first()).toBeVisible();
      await axe();
      // After the first page, navigation happens in the browser: no new document is loaded.
      await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 42));
      await page.getByRole('navigation', { name: lang === 'en' ? 'Main navigation' : 'Hauptnavigation' }).getByRole('link', { name: 'Shop' }).click();
      await expect(page).toHaveURL(url(host, lang === 'en' ? '/en/shop' : '/shop'));
      await expect(page.locator('h1')).toHaveText('Shop');
      expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay)).toBe(42);
      await expect(page).toHaveTitle(/Shop \| Aurum/);
      await axe();
    });
  }
}

test('the language switch leads to the same CMS page in the other language', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/datenschutz'));
  await expect(page.locator('h1')).toContainText('Datenschutz');
  await axe();
  await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/en/privacy-policy'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toContainText('Privacy');
  await axe();
});

test('legal pages render in both languages and pass axe', async ({ page, axe }) => {
  for (const path of ['/agb', '/stornobedingungen', '/widerrufsrecht', '/en/terms-and-conditions', '/en/cancellation-policy', '/en/right-of-revocation']) {
    const res = await page.goto(url('de.localhost', path));
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('main h1')).toBeVisible();
    await axe();
  }
});

test('a trailing slash is removed and the query kept', async ({ page }) => {
  await page.goto(url('ch.localhost', '/shop/?sort=name'));
  await expect(page).toHaveURL(url('ch.localhost', '/shop?sort=name'));
});

test('/news/articles redirects to /news', async ({ page }) => {
  await page.goto(url('ch.localhost', '/news/articles'));
  await expect(page).toHaveURL(url('ch.localhost', '/news'));
});

test.describe('the Austrian root', () => {
  test.use({ locale: 'en-GB' });
  test('sends an English-speaking browser to /en, and a stored German choice keeps German', async ({ page, context }) => {
    await page.goto(url('at.localhost', '/'));
    await expect(page).toHaveURL(url('at.localhost', '/en'));
    await context.addCookies([{ name: 'lang', value: 'de', url: url('at.localhost', '/') }]);
    await page.goto(url('at.localhost', '/'));
    await expect(page).toHaveURL(url('at.localhost', '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test('an unknown page answers 404 with the CMS 404 content in the page language', async ({ page, axe, consoleErrors }) => {
  const res = await page.goto(url('ch.localhost', '/gibt-es-nicht'));
  expect(res?.status()).toBe(404);
  await expect(page.getByText('Seite nicht gefunden: /gibt-es-nicht')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await axe();
  const en = await page.goto(url('us.localhost', '/en/nothing-here'));
  expect(en?.status()).toBe(404);
  await expect(page.getByText('Page Not Found: /en/nothing-here')).toBeVisible();
  await axe();
  ignoreExpected404(consoleErrors);
});

test('a guest who opens the account is sent to login and the page says where they were going', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/kundenkonto'));
  await expect(page).toHaveURL(url('ch.localhost', '/login?redirect=%2Fkundenkonto'));
  await axe();
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto(url('ch.localhost', '/'));
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Direkt zum Hauptinhalt' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('maintenance mode sends every page to the maintenance page', async ({ page, axe }) => {
  await page.goto(url('ch.localhost', '/shop', MAINT_PORT));
  await expect(page).toHaveURL(url('ch.localhost', '/maintenance', MAINT_PORT));
  await expect(page.locator('h1')).toBeVisible();
  await axe();
  await page.goto(url('us.localhost', '/en/cart?type=buy', MAINT_PORT));
  await expect(page).toHaveURL(url('us.localhost', '/en/maintenance', MAINT_PORT));
  await axe();
});

test('without maintenance the maintenance page leads home', async ({ page }) => {
  await page.goto(url('ch.localhost', '/maintenance'));
  await expect(page).toHaveURL(url('ch.localhost', '/'));
});

test('mobile layout collapses the navigation behind a menu button', async ({ page, axe }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(url('ch.localhost', '/'));
  const menu = page.getByRole('button', { name: 'Menü öffnen' });
  await expect(menu).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await menu.click();
  await expect(page.locator('#site-menu').getByRole('link', { name: 'Ankauf' })).toBeVisible();
  await axe();
});
