// spec 1 "A user can switch to USD" and spec 3's locale cookie, in the browser: on the German store the
// currency switch beside the store switch turns every price into dollars at once (product page, header
// metal prices, cart), the choice survives a reload (cookie, 365 days, honoured by the server render), and
// a language picked with the language switch is stored in i18n_redirected for 365 days and honoured at the
// root. axe on the pages with the switch.
import { test, expect, url, consentDecided, hydrated } from './fixtures.ts';

const YEAR_S = 365 * 24 * 3600;

test('switching to USD on the German store shows dollars everywhere, also after a reload', async ({ page, axe }) => {
  await consentDecided(page);
  await page.goto(url('de.localhost', '/produkt/kruegerrand-1-unze-gold'));
  await hydrated(page);
  const buy = page.getByTestId('product-buy-price');
  await expect(buy).toHaveText(/€/);
  const sw = page.getByRole('group', { name: 'Währung' });
  await expect(sw.getByRole('button', { name: 'EUR' })).toHaveAttribute('aria-pressed', 'true');
  await axe();

  await sw.getByRole('button', { name: 'USD' }).click();
  await expect(sw.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(buy).toHaveText(/\$/);
  await expect(buy).not.toHaveText(/€/);
  await expect(page.getByTestId('metal-price-gold')).toHaveText(/\$/);
  await expect(page.getByRole('status').filter({ hasText: 'US-Dollar' })).toHaveText('Preise werden jetzt in US-Dollar angezeigt.');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'currency');
  expect(cookie?.value).toBe('USD');
  expect(cookie?.sameSite).toBe('Lax');
  expect(Math.abs((cookie?.expires ?? 0) - Date.now() / 1000 - YEAR_S)).toBeLessThan(120);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('group', { name: 'Währung' }).getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(buy).toHaveText(/\$/);

  // the cart follows: added in dollars, and shown in dollars
  await page.getByRole('button', { name: 'In den Warenkorb' }).first().click();
  await expect(page.getByTestId('cart-notice').first()).toContainText('Krügerrand');
  await page.goto(url('de.localhost', '/warenkorb'));
  await hydrated(page);
  const main = page.locator('main');
  await expect(main).toContainText('Krügerrand');
  await expect(main).toContainText('$');
  await expect(main).not.toContainText('€');
  await axe();

  // back to euros: the cart is priced in euros again as it is read
  await page.getByRole('group', { name: 'Währung' }).getByRole('button', { name: 'EUR' }).click();
  await expect(main).toContainText('€');
  await expect(main).not.toContainText('$');
});

test('a picked language is kept in i18n_redirected for 365 days and honoured at the root', async ({ page, axe }) => {
  await consentDecided(page);
  await page.goto(url('de.localhost', '/'));
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Sprache' }).getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(url('de.localhost', '/en'));
  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect(Math.abs((cookie?.expires ?? 0) - Date.now() / 1000 - YEAR_S)).toBeLessThan(120);
  await page.goto(url('de.localhost', '/'));
  await expect(page).toHaveURL(url('de.localhost', '/en'));
  await hydrated(page);
  await axe();
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(url('de.localhost', '/'));
  await page.goto(url('de.localhost', '/'));
  await expect(page).toHaveURL(url('de.localhost', '/'));
});

test('on a phone the currency switch is in the menu, readable on its white ground, and switches', async ({ page, axe }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await consentDecided(page);
  await page.goto(url('de.localhost', '/'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const sw = page.locator('#site-menu').getByRole('group', { name: 'Währung' });
  await expect(sw.getByRole('button', { name: 'EUR' })).toHaveAttribute('aria-pressed', 'true');
  await axe(); // contrast of the menu's copy of the switch
  await sw.getByRole('button', { name: 'USD' }).click();
  await expect(sw.getByRole('button', { name: 'USD' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('metal-price-gold')).toHaveText(/\$/);
});
