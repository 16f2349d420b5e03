// Issue 26: the storefront's step-up dialog and the account's sessions page in Chromium. A customer whose
// sign-in is older than the step-up window (5 minutes; 2 in the browser tests' shop) changes the payout IBAN of a sale: the service refuses (step_up_required), the
// dialog asks for the password (a wrong one first: the error shows, the dialog stays), and once confirmed the
// same change goes through by itself: no form typed twice, the masked IBAN on the review. The sessions page
// lists two browsers' sessions; ending the other one signs that browser out on its next request. axe on the
// open dialog and on the sessions page. E2E_SHOTS=<dir> also saves screenshots (desktop and 390 px).
// Decision: the browser tests' shop runs on the machine's clock (no test clock reaches its commerce service),
// and every sign-in counts as a confirmation for the step-up window, so the first test waits that window out for
// real. The shop shortens the window to 2 minutes (STEP_UP_WINDOW_S=120, playwright.config.ts; the service
// accepts 60-300 s, src/commerce/auth/step-up.ts), so the wait is 2 minutes instead of issue 26's 5.
import type { Page } from '@playwright/test';
import { consentDecided, expect, hydrated, ignoreApiAnswers, test, url, CLOCK } from './fixtures.ts';
import { api, PASSWORD, signedInCustomer } from './customer.ts';

const HOST = 'ch.localhost';
const ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** the browser tests' shop's step-up window (STEP_UP_WINDOW_S in playwright.config.ts) and a margin */
const STEP_UP_WINDOW_MS = 120_000 + 3_000;

async function shots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: false });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: false });
  if (size) await page.setViewportSize(size);
}

test('a sign-in older than the step-up window: the payout IBAN asks for the password in a dialog and is then set without typing it again', { tag: CLOCK }, async ({ page, axe, consoleErrors }) => {
  test.setTimeout(STEP_UP_WINDOW_MS + 180_000);
  await consentDecided(page);
  await signedInCustomer(page, HOST, ADDRESS);
  const added = await api(page, 'POST', '/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 });
  expect(added.status).toBe(200);
  await page.waitForTimeout(STEP_UP_WINDOW_MS);

  await page.goto(url(HOST, '/warenkorb?type=sell'));
  await hydrated(page);
  await page.getByRole('link', { name: 'Weiter zum Verkauf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter zu Lieferung und Auszahlung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lieferung und Auszahlung' })).toBeFocused();
  await page.getByRole('radio', { name: /^Altgold-Box/ }).check();
  await page.getByRole('radio', { name: /^Überweisung/ }).check();
  await page.getByRole('textbox', { name: 'IBAN' }).fill('CH93 0076 2011 6238 5295 7');
  await page.getByRole('button', { name: 'Weiter zum Prüfen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Bitte bestätigen Sie, dass Sie es sind' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Bitte geben Sie Ihr Passwort ein');
  const password = dialog.getByLabel('Passwort', { exact: true });
  await expect(password).toBeFocused();
  await axe();
  await shots(page, 'step-up-dialog');

  await password.fill('Falsch-2026');
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Das eingegebene Passwort ist falsch.');
  await expect(dialog).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveValue('');
  await axe();
  await shots(page, 'step-up-dialog-wrong');

  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(dialog).toBeHidden();
  // the refused change went again by itself: the review shows the account, masked
  await expect(page.getByRole('heading', { level: 1, name: 'Prüfen' })).toBeFocused();
  await expect(page.locator('.review-box').nth(1)).toContainText('CH93•••••••••••••2957');
  ignoreApiAnswers(consoleErrors, [400, 403]);
});

test('the sessions page lists both browsers, marks this one and ends the other, which is then signed out', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await consentDecided(page);
  const email = await signedInCustomer(page, HOST);
  const elsewhere = await browser.newContext({ userAgent: FIREFOX });
  const other = await elsewhere.newPage();
  await other.goto(url(HOST, '/'));
  await hydrated(other);
  expect((await api(other, 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(200);

  await page.goto(url(HOST, '/kundenkonto'));
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' }).getByRole('link', { name: 'Aktive Sitzungen' }).click();
  await expect(page).toHaveURL(url(HOST, '/kundenkonto/sitzungen'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktive Sitzungen');
  const list = page.getByTestId('session-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const mine = list.getByRole('listitem').filter({ hasText: 'Dieses Gerät' });
  await expect(mine).toContainText('Chrome auf Linux');
  await expect(mine).toContainText(/zuletzt genutzt am \d{2}\/\d{2}\/\d{4} um \d{2}:\d{2}/);
  await expect(list.getByRole('listitem').filter({ hasText: 'Firefox auf Linux' })).toBeVisible();
  await axe();
  await shots(page, 'sessions');

  await page.getByRole('button', { name: 'Firefox auf Linux abmelden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Firefox auf Linux wurde abgemeldet.' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Kein anderes Gerät ist angemeldet.')).toBeVisible();
  await axe();

  // the other browser's next request finds its session ended
  const next = await api(other, 'GET', '/api/me');
  expect(next.status).toBe(401);
  expect(next.json.code).toBe('session_expired');
  await other.goto(url(HOST, '/kundenkonto'));
  await expect(other).not.toHaveURL(url(HOST, '/kundenkonto'));
  await elsewhere.close();
});
