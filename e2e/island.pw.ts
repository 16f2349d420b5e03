// The footer's newsletter form as an island (views/components/Island.tsx, issue 27): the first page shows the
// server's markup and loads the form's code on first use, carrying over what the visitor did before it
// arrived: the address typed, the focus (and the caret, where the field has one), and a submit asked for meanwhile (held, never sent as a
// plain form post). The code's arrival is held back on purpose (page.route) so the visitor is faster than it.
import type { Page, Route } from '@playwright/test';
import { consentDecided, expect, test, url, hydrated } from './fixtures.ts';

const host = 'ch.localhost';
const FORM_CODE = /\/build\/chunks\/NewsletterForm-[A-Z0-9]+\.js$/;
const CHART_CODE = /\/build\/chunks\/PriceChart-[A-Z0-9]+\.js$/;
const TIERS_CODE = /\/build\/chunks\/TierTable-[A-Z0-9]+\.js$/;

test.beforeEach(async ({ page }) => consentDecided(page));

/** Requests for the island's code wait until release() (and are counted). */
async function holdFormCode(page: Page, code: RegExp = FORM_CODE) {
  const held: Route[] = [];
  let open = false;
  let asked = 0;
  await page.route(code, async (route) => {
    asked++;
    if (open) await route.continue();
    else held.push(route);
  });
  return {
    asked: () => asked,
    async release() {
      open = true;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

/** React manages this element (its props are on the node): the live form, not the server's markup. */
const reactManaged = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')));

test('the footer form loads its code on first use and keeps the address typed before it came, and the focus', async ({ page }) => {
  const code = await holdFormCode(page);
  await page.goto(url(host, '/en'));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const footer = page.locator('footer .footer-newsletter');
  const field = footer.getByRole('textbox', { name: 'E-mail address for the newsletter' });
  expect(code.asked(), 'no code for the form before anyone uses it').toBe(0);
  expect(await reactManaged(page, 'footer .footer-newsletter input[name="email"]'), 'the server\'s markup, as it came').toBe(false);

  const email = `e2e.island.${Date.now()}@example.ch`;
  await field.click();
  await page.keyboard.type(email.slice(0, -3));
  await expect.poll(() => code.asked(), { message: 'the first use asks for the code' }).toBe(1);
  await code.release();
  await expect.poll(() => reactManaged(page, 'footer .footer-newsletter input[name="email"]')).toBe(true);
  await expect(field).toHaveValue(email.slice(0, -3));
  await expect(field).toBeFocused();
  // typing on goes on where it stopped (an e-mail field has no caret a script may read: it is at the end)
  await page.keyboard.type(email.slice(-3));
  await expect(field).toHaveValue(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toContainText(email);
});

test('a submit asked for before the code came is held, then sent by the live form: no plain form post', async ({ page }) => {
  const code = await holdFormCode(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.isNavigationRequest()) posts.push(r.url());
  });
  await page.goto(url(host, '/'));
  await hydrated(page);
  const footer = page.locator('footer .footer-newsletter');
  const email = `e2e.island.submit.${Date.now()}@example.ch`;
  await footer.getByRole('textbox', { name: 'E-Mail-Adresse für den Newsletter' }).fill(email);
  await footer.getByRole('textbox', { name: 'E-Mail-Adresse für den Newsletter' }).press('Enter');
  await expect.poll(() => code.asked()).toBe(1);
  await expect(footer.getByRole('status')).toHaveCount(0);
  await code.release();
  await expect(footer.getByRole('status')).toContainText(`mit dem Link, den wir an ${email} gesendet haben`);
  expect(posts, 'the browser never posted the form itself').toEqual([]);
  expect(page.url()).toBe(url(host, '/'));
});

test('after a client-side navigation the footer form is live without a first use', async ({ page }) => {
  // the login page's reduced layout has no newsletter form: the home page's footer is mounted by the browser
  await page.goto(url(host, '/en/login'));
  await hydrated(page);
  await expect(page.locator('footer .footer-newsletter')).toHaveCount(0);
  await page.locator('a.logo').first().click();
  await expect(page).toHaveURL(url(host, '/en'));
  await expect.poll(() => reactManaged(page, 'footer .footer-newsletter input[name="email"]')).toBe(true);
  // an empty address is refused by the live form's rules, in the page's language
  await page.locator('footer .footer-newsletter').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('footer .footer-newsletter .field-error')).toContainText('This field is required.');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the product page\'s chart loads its code when it comes near the screen, not with the page', async ({ page }) => {
    const code = await holdFormCode(page, CHART_CODE);
    await page.goto(url(host, '/en/product/krugerrand-1-oz-gold'));
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const chart = page.locator('.price-chart');
    await expect(chart.getByRole('heading', { level: 2 })).toContainText('Gold price per troy ounce');
    expect(code.asked(), 'below the first screen: no chart code yet').toBe(0);
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => code.asked()).toBe(1);
    await code.release();
    await expect(chart).toHaveAttribute('data-state', 'ready');
    await expect(chart.locator('svg path.chart-line')).toHaveCount(1);
  });

  test('a tap on the chart\'s period before its code came is held and done by the live chart', async ({ page }) => {
    const code = await holdFormCode(page, CHART_CODE);
    await page.goto(url(host, '/en/product/krugerrand-1-oz-gold'));
    await hydrated(page);
    const chart = page.locator('.price-chart');
    const year = chart.getByRole('button', { name: '1 year' });
    await year.tap();
    await expect.poll(() => code.asked()).toBe(1);
    await expect(year).toHaveAttribute('aria-pressed', 'false');
    await code.release();
    await expect(chart.getByRole('button', { name: '1 year' })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart.getByRole('button', { name: '6 months' })).toHaveAttribute('aria-pressed', 'false');
    await expect(chart).toHaveAttribute('data-state', 'ready');
  });
});

test('a kept island whose page changes under it (another product, in the app) is hidden, not stale, until alive', async ({ page }) => {
  const code = await holdFormCode(page, TIERS_CODE);
  await page.goto(url(host, '/en/product/krugerrand-1-oz-gold'));
  await hydrated(page);
  const tiers = page.locator('[data-island="product-tiers"]');
  await expect(tiers.getByRole('region', { name: /Quantity prices per piece/ })).toBeVisible();
  expect(code.asked(), 'the tiers are below the first screen: kept').toBe(0);
  // another weight of the coin, a client-side navigation: the page's loader data change, the island is the same
  await page.locator('.product-variants').getByRole('link', { name: '1/10 oz' }).click();
  await expect(page).toHaveURL(/krugerrand-1-10-oz-gold/);
  await expect.poll(() => code.asked()).toBe(1);
  await expect(tiers.getByRole('region', { name: /Quantity prices per piece/ }), 'the 1 oz coin\'s tiers are not shown for the 1/10 oz').toBeHidden();
  await code.release();
  await expect(tiers.getByRole('region', { name: /Quantity prices per piece/ })).toBeVisible();
  await expect(page.locator('[data-island="product-tiers"][data-kept]')).toHaveCount(0);
});

test('a button focused in the kept markup keeps the focus when its part comes alive: tabbing on goes on from it', async ({ page }) => {
  const code = await holdFormCode(page, /\/build\/chunks\/SearchBox-[A-Z0-9]+\.js$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(url(host, '/'));
  await hydrated(page);
  const search = page.getByRole('search').first();
  await page.getByRole('link', { name: /Aurum Edelmetalle/ }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Produkte suchen' })).toBeFocused();
  // on to the search button before the search box's code came (CI: the focus went to the page's start)
  await page.keyboard.press('Tab');
  await expect(search.getByRole('button', { name: 'Suche' })).toBeFocused();
  await expect.poll(() => code.asked(), { message: 'the focus asked for the code' }).toBe(1);
  await code.release();
  await expect.poll(() => reactManaged(page, 'header input[name="q"]')).toBe(true);
  await expect(search.getByRole('button', { name: 'Suche' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('.header-actions').getByRole('link', { name: 'Anmelden' })).toBeFocused();
});
