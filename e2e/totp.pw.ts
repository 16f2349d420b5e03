// Issue 26 in Chromium: a customer of the CH store switches on the authenticator app on the account's
// "Authenticator-App" page (the QR code read back with zbarimg, the code computed here with otplib from the key
// the page shows), keeps the 10 recovery codes, signs out and signs in with password and code; then, in a fresh
// browser, with a recovery code, which a second time is refused. axe on the page's steps and on the code step;
// each screen also fits a 390 px phone. E2E_SHOTS_DIR=dir keeps screenshots of each screen (1280 and 390 px).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { test, expect, url, hydrated, fitsViewport, ignoreApiAnswers, consentDecided, CLOCK } from './fixtures.ts';
import { api, signedInCustomer, PASSWORD } from './customer.ts';

const HOST = 'ch.localhost';
const PERIOD_MS = 30_000;

/** The app's code for now, in a time step after `after` (the service accepts each step's code once). */
async function appCode(page: Page, secret: string, after = -1): Promise<{ code: string; step: number }> {
  const wait = (after + 1) * PERIOD_MS - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 300);
  const now = Date.now();
  return { code: generateSync({ secret, epoch: Math.floor(now / 1000), period: 30, digits: 6, algorithm: 'sha1' }), step: Math.floor(now / PERIOD_MS) };
}

const notThe = (code: string) => (code === '123456' ? '654321' : '123456');

/** The screen fits a 390 px phone; with E2E_SHOTS_DIR, a screenshot at 1280 and at 390 px. */
async function phoneAndShots(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  if (dir) await page.screenshot({ path: join(dir, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsViewport(page);
  if (dir) await page.screenshot({ path: join(dir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
}

async function passwordStep(page: Page, email: string) {
  await page.goto(url(HOST, '/login'));
  await hydrated(page);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sicherheitscode eingeben' })).toBeVisible();
}

test('a customer switches the authenticator app on, signs in with its code, then once with a recovery code', { tag: CLOCK }, async ({ page, browser, axe, consoleErrors }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await consentDecided(page); // the consent banner would cover the QR code the test reads
  const email = await signedInCustomer(page, HOST);

  await page.goto(url(HOST, '/kundenkonto'));
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Bereiche des Kundenkontos' }).getByRole('link', { name: 'Authenticator-App' }).click();
  await expect(page).toHaveURL(url(HOST, '/kundenkonto/authenticator-app'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticator-App');
  await expect(page.getByText('Die Authenticator-App ist noch nicht eingerichtet.')).toBeVisible();
  await axe();

  // enrolment: the QR code (read by zbarimg from what the screen shows) and the key to type
  await page.getByRole('button', { name: 'Authenticator-App einrichten' }).click();
  await expect(page.getByRole('heading', { name: '1. QR-Code scannen' })).toBeFocused();
  const secret = (await page.locator('.totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const qr = info.outputPath('qr.png');
  writeFileSync(qr, await page.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).screenshot());
  const uri = execFileSync('zbarimg', ['--quiet', '--raw', qr], { encoding: 'utf8' }).trim();
  expect(uri).toMatch(new RegExp(`^otpauth://totp/[^?]+\\?secret=${secret}&`));
  await axe();
  await phoneAndShots(page, 'authenticator-enrol');

  const codeField = page.getByRole('textbox', { name: '6-stelliger Code aus der App' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  const enrol = await appCode(page, secret);
  await codeField.fill(notThe(enrol.code));
  await page.getByRole('button', { name: 'Einschalten' }).click();
  await expect(page.locator('#totp-enrol-code-error')).toHaveText(/Dieser Code ist nicht gültig\./);
  await expect(codeField).toHaveAttribute('aria-describedby', /totp-enrol-code-error/);
  await codeField.fill(enrol.code);
  await page.getByRole('button', { name: 'Einschalten' }).click();

  // the 10 recovery codes, shown this once
  await expect(page.getByRole('heading', { name: 'Ihre Wiederherstellungscodes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Wiederherstellungscodes' }).locator('code').allInnerTexts();
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(page.getByRole('link', { name: 'Wiederherstellungscodes herunterladen' })).toHaveAttribute('download', 'recovery-codes.txt');
  await axe();
  await phoneAndShots(page, 'authenticator-recovery-codes');
  await page.getByRole('button', { name: 'Ich habe meine Wiederherstellungscodes gespeichert' }).click();
  await expect(page.getByRole('list', { name: 'Wiederherstellungscodes' })).toHaveCount(0);
  await expect(page.getByText('Verbleibende Wiederherstellungscodes: 10.')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('Verbleibende Wiederherstellungscodes: 10.')).toBeVisible();
  await expect(page.locator('.totp-recovery-codes')).toHaveCount(0); // never shown again
  await axe();
  await phoneAndShots(page, 'authenticator-on');

  // sign out, sign in: password, then the code of the app (its next time step)
  expect((await api(page, 'POST', '/api/logout', {})).status).toBe(200);
  await passwordStep(page, email);
  const signInField = page.getByRole('textbox', { name: '6-stelliger Code', exact: true });
  await expect(signInField).toBeFocused();
  await expect(signInField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(signInField).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('checkbox', { name: 'Dieses Gerät 30 Tage lang merken' })).not.toBeChecked();
  await axe();
  await phoneAndShots(page, 'login-code');
  const signIn = await appCode(page, secret, enrol.step);
  await signInField.fill(notThe(signIn.code));
  await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(page.locator('#login-code-code-error')).toHaveText(/Dieser Code ist nicht gültig\./);
  await expect(signInField).toHaveAttribute('aria-describedby', /login-code-code-error/);
  await axe();
  await signInField.fill(signIn.code);
  await page.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(page).toHaveURL(url(HOST, '/kundenkonto'));
  expect((await api(page, 'GET', '/api/me')).json.customer.email).toBe(email);
  ignoreApiAnswers(consoleErrors, [401]);

  // a fresh browser: a recovery code instead, which works once
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  await consentDecided(other);
  const otherErrors: string[] = [];
  other.on('console', (m) => { if (m.type() === 'error') otherErrors.push(m.text()); });
  await passwordStep(other, email);
  await other.getByRole('button', { name: 'Stattdessen einen Wiederherstellungscode verwenden' }).click();
  const recoveryField = other.getByRole('textbox', { name: 'Wiederherstellungscode' });
  await expect(recoveryField).toBeFocused();
  await axe(other);
  await phoneAndShots(other, 'login-recovery-code');
  await recoveryField.fill(codes[0]);
  await other.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(other).toHaveURL(url(HOST, '/kundenkonto'));
  expect((await api(other, 'GET', '/api/me')).json.customer.email).toBe(email);

  expect((await api(other, 'POST', '/api/logout', {})).status).toBe(200);
  await passwordStep(other, email);
  await other.getByRole('button', { name: 'Stattdessen einen Wiederherstellungscode verwenden' }).click();
  await other.getByRole('textbox', { name: 'Wiederherstellungscode' }).fill(codes[0]);
  await other.getByRole('button', { name: 'Bestätigen und anmelden' }).click();
  await expect(other.locator('#login-code-code-error')).toHaveText(/Dieser Code ist nicht gültig\./);
  await expect(other).toHaveURL(url(HOST, '/login'));
  await context.close();
  ignoreApiAnswers(otherErrors, [401]);
  expect(otherErrors).toEqual([]);
});
