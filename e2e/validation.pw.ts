// Forms that help (issue 17): the address form checks what the commerce service checks, with the same
// messages in the page's language. On the US store a phone number typed as at home ("212 555 0100") is
// taken and a zip outside the chosen state is named; on the Swiss store a five-digit zip is refused. The
// phone hint shows the store's own example. axe on every state with messages.
import type { Page } from '@playwright/test';
import { signedInCustomer } from './customer.ts';
import { consentDecided, expect, hydrated, test, url } from './fixtures.ts';

test.beforeEach(async ({ page }) => consentDecided(page));

/** The message shown under a field (the last element its aria-describedby names). */
async function messageOf(page: Page, label: string | RegExp) {
  const field = page.getByRole('textbox', typeof label === 'string' ? { name: label, exact: true } : { name: label });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  return page.locator(`#${ids[ids.length - 1]}`);
}

test('US store: "212 555 0100" is a phone number, a zip outside its state is named (English and German)', async ({ page, axe }) => {
  const host = 'us.localhost';
  await signedInCustomer(page, host);
  await page.goto(url(host, '/en/my-account/addresses'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('For example (212) 555-0100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Fifth Avenue');
  await page.getByRole('textbox', { name: 'No.', exact: true }).fill('350');
  await page.getByRole('textbox', { name: 'Zip code', exact: true }).fill('90210');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('New York');
  await page.getByRole('combobox', { name: 'State' }).selectOption('NY');
  await page.getByRole('textbox', { name: /^Phone number/ }).fill('212 555 0100');
  await page.getByRole('button', { name: 'Save address' }).click();
  const summary = page.locator('.form-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Please correct 1 field: Zip code.');
  await expect(await messageOf(page, 'Zip code')).toHaveText(/This zip code is not in the chosen state\./);
  await expect(page.getByRole('textbox', { name: /^Phone number/ })).not.toHaveAttribute('aria-invalid', 'true');
  await axe();

  await page.getByRole('textbox', { name: 'Zip code', exact: true }).fill('10118');
  await page.getByRole('button', { name: 'Save address' }).click();
  const card = page.locator('.address-card').first();
  await expect(card).toContainText('350 Fifth Avenue');
  await expect(card).toContainText('New York, NY 10118');

  // the same rule in German, on the German pages of the US store
  await page.goto(url(host, '/kundenkonto/adressen'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
  await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('10118');
  await page.getByRole('combobox', { name: 'Bundesstaat' }).selectOption('TX');
  await page.getByRole('textbox', { name: /^Telefonnummer/ }).fill('212 555 01');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(await messageOf(page, 'Postleitzahl')).toHaveText(/Diese Postleitzahl liegt nicht im gewählten Bundesstaat\./);
  await expect(await messageOf(page, /^Telefonnummer/)).toHaveText(/Die Telefonnummer ist ungültig\./);
  await axe();
});

test('Swiss store: a five-digit zip and a number with digits missing are refused with the translated messages; the national form is taken (issue 28)', async ({ page, axe }) => {
  const host = 'ch.localhost';
  await signedInCustomer(page, host);
  await page.goto(url(host, '/kundenkonto/adressen'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
  await expect(page.getByText('Zum Beispiel +41 44 123 45 67')).toBeVisible();
  await page.getByRole('textbox', { name: 'Straße', exact: true }).fill('Bahnhofstrasse');
  await page.getByRole('textbox', { name: 'Nr.', exact: true }).fill('12');
  await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('80011');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Zürich');
  await page.getByRole('textbox', { name: /^Telefonnummer/ }).fill('044 123 45');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.locator('.form-summary')).toContainText('Bitte korrigieren Sie 2 Felder: Postleitzahl, Telefonnummer.');
  await expect(await messageOf(page, 'Postleitzahl')).toHaveText(/Ungültige Postleitzahl\./);
  await expect(await messageOf(page, /^Telefonnummer/)).toHaveText(/Die Telefonnummer ist ungültig\./);
  await axe();
  // issue 28: the Swiss number as dialled in Switzerland is taken and kept with +41
  await page.getByRole('textbox', { name: 'Postleitzahl', exact: true }).fill('8001');
  await page.getByRole('textbox', { name: /^Telefonnummer/ }).fill('044 123 45 67');
  await page.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(page.getByText(/\+41\s?44\s?123\s?45\s?67|\+41441234567/).first()).toBeVisible();

  // English: the same rules, the English words
  await page.goto(url(host, '/en/my-account/addresses'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Add address' }).click();
  await page.getByRole('textbox', { name: 'Zip code', exact: true }).fill('80011');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(await messageOf(page, 'Zip code')).toHaveText(/Invalid zip code\./);
  await axe();
});
