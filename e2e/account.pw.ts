// Customer accounts in the browser: register, confirm the address through the development mailbox, log
// in, edit an address, log out; a failed login; an expired session. axe on every page; no console errors
// (the API's expected 4xx answers, which the browser logs as failed resources, are the only exception).
import type { Page } from '@playwright/test';
import { test, expect, url, consentDecided, hydrated, ignoreApiAnswers } from './fixtures.ts';

const host = 'ch.localhost';
const PASSWORD = 'Goldbarren2026';

async function registerAndConfirm(page: Page, axe: (p?: Page) => Promise<void>, email: string) {
  await page.goto(url(host, '/registrierung'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung' })).toBeVisible();
  await axe();
  await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Anna');
  await page.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Muster');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('mindestens 8 Zeichen')).toHaveClass(/rule-met/);
  await page.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Kundenkonto eröffnen' }).click();
  await expect(page.getByRole('heading', { name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await axe();

  await page.goto(url(host, '/dev/mailbox'));
  const mail = page.locator('.mailbox-item').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  await axe();
  await mail.getByRole('link', { name: /activate-user\?token=/ }).click();
  await expect(page).toHaveURL(/\/activate-user\?token=/);
  await expect(page.getByRole('status').filter({ hasText: 'Ihre E-Mail-Adresse ist bestätigt' })).toBeVisible();
  await axe();
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  // the form is the browser's after hydration (before it, a click would submit it natively)
  await hydrated(page);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

test('register, confirm through the mailbox, log in, edit an address, log out', async ({ page, axe, consoleErrors }) => {
  // One customer's whole journey with eleven axe scans: 29-44 s on a quiet machine, 57 s and once over 60 s
  // as the first test of a CI run (a cold shop, two more browsers beside it). Its own budget, not the suite's.
  test.setTimeout(120_000);
  const email = `e2e.${Date.now()}@example.ch`;
  await registerAndConfirm(page, axe, email);

  // The account sends a guest to login and back again afterwards.
  await page.goto(url(host, '/kundenkonto/adressen'));
  await expect(page).toHaveURL(url(host, '/login?redirect=%2Fkundenkonto%2Fadressen'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await axe();
  await logIn(page, email);
  await expect(page).toHaveURL(url(host, '/kundenkonto/adressen'));
  await expect(page.getByRole('heading', { level: 1, name: 'Adressen' })).toBeVisible();
  const accountNav = page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' });
  await expect(page.locator('.header-actions').getByRole('link', { name: 'Kundenkonto' })).toBeVisible();
  await expect(page.locator('.header-actions').getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(accountNav).toBeVisible();
  await axe();

  // Add an address; the zip rule answers on its field first.
  await page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Bahnhofstrasse');
  await page.getByRole('textbox', { name: 'Nr.', exact: true }).fill('12');
  await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('800');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  const summary = page.locator('.form-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Bitte korrigieren Sie 1 Feld: Postleitzahl.');
  const zip = page.getByRole('textbox', { name: 'Postleitzahl', exact: true });
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#' + (await zip.getAttribute('aria-describedby'))!.split(' ').pop()!)).toHaveText(/Ungültige Postleitzahl\./);
  await axe();
  await zip.fill('8001');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Adresse wurde gespeichert.' })).toBeVisible();
  const card = page.locator('.address-card').first();
  await expect(card).toContainText('Bahnhofstrasse 12');
  await expect(card).toContainText('Standard-Lieferadresse');

  // Edit it.
  await card.getByRole('button', { name: /Bearbeiten/ }).click();
  await expect(page.getByRole('heading', { name: 'Adresse bearbeiten' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Paradeplatz');
  await page.getByRole('textbox', { name: 'Nr.', exact: true }).fill('8');
  await page.getByRole('combobox', { name: 'Land' }).selectOption('LI');
  await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('9490');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Vaduz');
  await axe();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Adresse wurde gespeichert.' })).toBeVisible();
  await expect(card).toContainText('Paradeplatz 8');
  await expect(card).toContainText('9490 Vaduz');
  await expect(card).toContainText('Liechtenstein');
  await axe();

  // The overview knows the new default; navigation stays in the browser.
  await page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' }).getByRole('link', { name: 'Übersicht', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen, Anna Muster' })).toBeVisible();
  await expect(page.locator('.account-defaults')).toContainText('Paradeplatz 8, 9490 Vaduz');
  await axe();
  await page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' }).getByRole('link', { name: 'Meine Daten' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await axe();

  // Log out: home, the header offers login again, the account is closed.
  await page.locator('.header-actions').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(url(host, '/'));
  await expect(page.locator('.header-actions').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(page.locator('.header-actions').getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => /^ct(Token|RefreshToken|UserId|TokenLevel|TokenExpiresAt)$/.test(c.name))).toEqual([]);
  await axe();
  await page.goto(url(host, '/kundenkonto'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fkundenkonto$/);
  ignoreApiAnswers(consoleErrors, [400]);
});

test('a failed login names the invalid fields, then says e-mail and password do not match', async ({ page, axe, consoleErrors }) => {
  await page.goto(url(host, '/en/login'));
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await axe();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const summary = page.locator('.form-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Please correct 2 fields: E-mail address, Password.');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error')).toHaveText([/This field is required\./, /This field is required\./]);
  await axe();

  await page.getByRole('textbox', { name: 'E-mail address' }).fill('nobody.here@example.ch');
  await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(summary).toContainText("E-mail address and password don't match.");
  await expect(summary).toBeFocused();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(url(host, '/en/login'));
  await axe();
  ignoreApiAnswers(consoleErrors, [401]);
});

/** The page's HTTP requests in flight (WebSockets aside): quiet() waits until none has run for `ms`. */
function httpInFlight(page: Page) {
  let open = 0;
  let last = Date.now();
  const http = (r: { url(): string }) => /^https?:/.test(r.url());
  page.on('request', (r) => { if (http(r)) { open++; last = Date.now(); } });
  const done = (r: { url(): string }) => { if (http(r)) { open = Math.max(0, open - 1); last = Date.now(); } };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms = 500): Promise<void> {
      while (open > 0 || Date.now() - last < ms) await page.waitForTimeout(100);
    },
  };
}

test('an expired session logs out, clears the session and says so on the home page', async ({ page, context, axe, consoleErrors }) => {
  await consentDecided(page);
  const email = `e2e.expired.${Date.now()}@example.ch`;
  const network = httpInFlight(page);
  await registerAndConfirm(page, axe, email);
  await page.goto(url(host, '/login'));
  await logIn(page, email);
  await expect(page).toHaveURL(url(host, '/kundenkonto'));
  // The account page's own calls after the sign-in (/api/me, /api/carts) finish first: one that met the expired
  // cookies below would end the session while the click on Adressen already navigates, and that navigation,
  // then without a session, would end on the sign-in page instead (a race of the test, seen in CI).
  await network.quiet();
  await page.evaluate(() => localStorage.setItem('profile-test', 'kept from the session'));

  // The access token has run out and the refresh token was revoked meanwhile.
  await context.addCookies([
    { name: 'ctTokenExpiresAt', value: new Date(Date.now() - 60_000).toISOString(), url: url(host, '/'), secure: true, sameSite: 'Lax' },
    { name: 'ctRefreshToken', value: `rt_${'r'.repeat(43)}`, url: url(host, '/'), secure: true, httpOnly: true, sameSite: 'Lax' },
  ]);

  // Navigating inside the shop: the account's data cannot be loaded, the session ends. A call the page makes
  // by itself meanwhile (every cart is recalculated on a price update) may find the expired session first;
  // then the shop has gone home already, which is the same end.
  await page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' }).getByRole('link', { name: 'Adressen' }).click({ timeout: 5_000 }).catch(() => undefined);
  await expect(page).toHaveURL(url(host, '/'));
  const notice = page.getByRole('status').filter({ hasText: 'Ihre Sitzung ist abgelaufen. Wir haben Sie abgemeldet.' });
  await expect(notice).toBeVisible();
  await expect(page.locator('.header-actions').getByRole('link', { name: 'Anmelden' })).toBeVisible();
  const left = (await context.cookies()).filter((c) => /^ct(Token|RefreshToken|UserId|TokenLevel|TokenExpiresAt)$/.test(c.name));
  expect(left).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('profile-test'))).toBeNull();
  await axe();
  await notice.getByRole('button', { name: 'Meldung schließen' }).click();
  await expect(notice).toHaveCount(0);

  // A full page load of an expired session does the same on the server.
  await page.goto(url(host, '/login'));
  await logIn(page, email);
  await expect(page).toHaveURL(url(host, '/kundenkonto'));
  await network.quiet();
  await context.addCookies([
    { name: 'ctTokenExpiresAt', value: new Date(Date.now() - 60_000).toISOString(), url: url(host, '/'), secure: true, sameSite: 'Lax' },
    { name: 'ctRefreshToken', value: `rt_${'s'.repeat(43)}`, url: url(host, '/'), secure: true, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto(url(host, '/en/my-account/profile'));
  await expect(page).toHaveURL(url(host, '/en'));
  await expect(page.getByRole('status').filter({ hasText: 'Your session has expired. We have logged you out.' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await axe();
  // 400: the revoked refresh token; 401: a call of the page's own that met the expired session first
  ignoreApiAnswers(consoleErrors, [400, 401]);
});
