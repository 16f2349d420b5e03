// The browser after a deploy and across visits (spec 2 and 4), in a real browser: a service worker left by
// an earlier site is removed when a page starts; after the hourly build check found a new build, the next
// click is a full page load (also to a page whose code the tab already has); a page's script chunk that is
// gone (a deploy replaced it) reloads the page the visitor was going to.
import { test, expect, url, consentDecided, hydrated } from './fixtures.ts';
import type { Page } from '@playwright/test';

const home = url('ch.localhost', '/');
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.beforeEach(async ({ page }) => {
  await consentDecided(page);
});

test('a registered service worker is removed when a page of the shop starts', async ({ page, context }) => {
  // a worker script as an older site on this host might have left one (the shop itself has none)
  await context.route('**/old-site-sw.js', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: 'self.addEventListener("fetch", () => {});' }));
  await page.goto(home);
  await hydrated(page);
  const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/old-site-sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  expect(await registrations(), 'the worker is registered').toBe(1);
  await page.reload();
  await hydrated(page);
  await expect.poll(registrations, { message: 'no worker after the page started' }).toBe(0);
});

test('after a new build, the next click is a full page load, also to a page the tab has the code of', async ({ page }) => {
  await page.clock.install();
  await page.goto(home);
  await hydrated(page);
  const account = page.getByRole('navigation', { name: 'Kundenkonto' });
  // the wish list (a page without server data) is visited once: its code is in the tab
  await account.getByRole('link', { name: 'Wunschliste' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/wunschliste'));
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/shop'));
  await mark(page);

  // a deploy: builds/latest.json names another build; the tab asks once an hour
  await page.route('**/builds/latest.json', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: 'a-newer-build' }) }));
  await expect(page.getByText('Eine neue Version des Shops ist verfügbar.')).toHaveCount(0);
  await page.clock.fastForward('01:00:00');
  await expect(page.getByRole('status').filter({ hasText: 'Eine neue Version des Shops ist verfügbar. Sie wird mit Ihrem nächsten Klick geladen.' })).toBeVisible();
  expect(await sameDocument(page), 'nothing reloads by itself').toBe(true);

  await account.getByRole('link', { name: 'Wunschliste' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/wunschliste'));
  await hydrated(page);
  expect(await sameDocument(page), 'a new document: the new HTML brings the new bundle').toBe(false);
});

test('a page whose script chunk is gone after a deploy loads in full where the visitor was going', async ({ page, consoleErrors }) => {
  await page.goto(home);
  await hydrated(page);
  await mark(page);
  // the deploy removed the old build's chunks: every script the tab asks for now fails, until a new page loads
  let deployed = true;
  await page.route('**/*', (r) => {
    if (r.request().resourceType() === 'document') deployed = false;
    if (deployed && r.request().resourceType() === 'script') return r.fulfill({ status: 404, body: 'gone' });
    return r.continue();
  });
  await page.getByRole('navigation', { name: 'Kundenkonto' }).getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/login'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page), 'a full page load of the login page').toBe(false);
  // the failed chunk was reported by the old page before it went
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (/status of 404|dynamically imported module/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
});
