// Phones get less JavaScript (issue 27), in a real browser: code a first view does not need is a chunk of its
// own, and nothing a visitor does before that chunk arrives is lost. Each test holds one chunk's response
// (page.route, recognised by a class name only its code has) until after the visitor's input:
//   - the consent settings' code loads when "Cookie-Einstellungen" is tapped; the tap opens them once it
//     is there, with the focus inside;
//   - a page's code-split CMS block (the company block on the contact page) loads before the page hydrates:
//     while it is held the page keeps the server's markup and is not hydrated, then it hydrates without a
//     mismatch (the console-error fixture fails on one) and the block is live;
//   - a form page's phone check (libphonenumber-js and its metadata) loads on the visitor's first use of the
//     page, not with the page, and a number typed then is still checked in the browser.
import { test, expect, url, hydrated } from './fixtures.ts';
import type { Page, Route } from '@playwright/test';

/** Holds the script chunks whose code contains `marker` until release() is called; the others pass. */
async function holdChunk(page: Page, marker: string) {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route('**/build/chunks/**', async (route: Route) => {
    // the chunks are the same on every store's host; Node resolves no *.localhost name but the browser does
    const at = new URL(route.request().url());
    at.hostname = '127.0.0.1';
    const response = await route.fetch({ url: at.toString() });
    const body = await response.text();
    const answer = () => route.fulfill({ status: response.status(), contentType: 'text/javascript; charset=utf-8', body });
    if (!released && body.includes(marker)) held.push(answer);
    else await answer();
  });
  return {
    held: () => held.length,
    release: async () => {
      released = true;
      for (const answer of held.splice(0)) await answer();
    },
  };
}

test('a tap on the consent settings before their code is there opens them once it arrives, focused', async ({ page }) => {
  // no consent cookie: the banner shows
  await page.goto(url('ch.localhost', '/'));
  await hydrated(page);
  const chunk = await holdChunk(page, 'consent-dialog');
  const banner = page.getByRole('region', { name: 'Cookies und Ihre Privatsphäre' });
  await banner.getByRole('button', { name: 'Cookie-Einstellungen' }).click();
  await expect.poll(chunk.held, { message: 'the settings code is fetched on the tap, not with the page' }).toBe(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await chunk.release();
  const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole('checkbox')).toHaveCount(5);
  // the groups' words are not in the page's strings (issue 27): the dialog waited for the full table
  await expect(dialog.getByRole('checkbox', { name: /Leistung/ })).toBeVisible();
  await expect(dialog).not.toContainText('consent.group');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Cookie-Einstellungen' }), 'focus is back on the button that opened them').toBeFocused();
});

test('a page hydrates only once its code-split block is there, and keeps the server markup meanwhile', async ({ page }) => {
  const chunk = await holdChunk(page, 'company-details');
  await page.goto(url('ch.localhost', '/kontakt'), { waitUntil: 'domcontentloaded' });
  await expect.poll(chunk.held, { message: 'the company block\'s code is fetched before hydration' }).toBe(1);
  await expect(page.getByTestId('company-details'), 'the server\'s markup is shown').toBeVisible();
  await expect(page.locator('html'), 'no hydration without the block\'s code').not.toHaveAttribute('data-hydrated', 'true');
  await chunk.release();
  await hydrated(page);
  await expect(page.getByTestId('company-details')).toBeVisible();
  await expect(page.getByTestId('company-details').getByRole('link').first()).toBeVisible();
});

test('the registration page fetches its phone check on the first focus, not with the page; the check then answers on the field', async ({ page }) => {
  const phoneChunks: string[] = [];
  page.on('response', async (r) => {
    if (!r.url().includes('/build/chunks/')) return;
    // the "min" metadata's own key: only the phone check's chunk has it
    if ((await r.text().catch(() => '')).includes('country_calling_codes')) phoneChunks.push(r.url());
  });
  await page.goto(url('ch.localhost', '/registrierung'));
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(phoneChunks, 'nothing of the phone check until the visitor uses the page').toEqual([]);
  await page.getByRole('textbox', { name: 'Vorname', exact: true }).focus();
  await expect.poll(() => phoneChunks.length, { message: 'the first focus fetches it' }).toBe(1);
  // a Swiss number with a digit missing: refused in the browser, with the field's message (no request)
  const phone = page.getByRole('textbox', { name: /Telefon/ });
  await phone.fill('044 668 18');
  await phone.blur();
  await page.getByRole('button', { name: 'Kundenkonto eröffnen' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.form-summary')).toContainText('Telefon');
});
