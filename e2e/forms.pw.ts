// The forms of issue 10 in the browser: an availability notification on a sold-out product (confirmed
// through the mailed link), the contact form in German and English, the newsletter from the footer (double
// opt-in, then the duplicate's message) and an anonymous whistleblower report read back with its case
// reference and access code, with the reporting office's answer. axe on every page and state touched.
import type { APIRequestContext, Page } from '@playwright/test';
import { consentDecided, expect, PORT, test, url, hydrated, ignoreApiAnswers } from './fixtures.ts';

const host = 'ch.localhost';
const commerce = `http://127.0.0.1:${PORT + 1}`;
const SOLD_OUT = 'AU-EAGLE-1-10OZ';

/** The product is sold out (the admin call of the embedded commerce service, loopback) and its German slug. */
async function soldOutProduct(request: APIRequestContext): Promise<string> {
  const set = await request.put(`${commerce}/admin/products/${SOLD_OUT}/availability`, { data: { availability: 'soldOut' } });
  expect(set.status()).toBe(200);
  const res = await request.get(`${commerce}/products/by-skus?skus=${SOLD_OUT}&language=de`, { headers: { 'x-store-key': 'ch' } });
  const body = (await res.json()) as { products: { localizedSlug: string }[] };
  return body.products[0].localizedSlug;
}

/** The newest development-mailbox message to an address: its text. */
async function mailTo(page: Page, email: string): Promise<string> {
  let text = '';
  await expect(async () => {
    // from the page: Node does not resolve *.localhost as browsers do
    text = await page.evaluate(async (to) => {
      const box = (await (await fetch('/dev/mailbox.json')).json()) as { messages: { to: string; text: string }[] };
      return box.messages.find((m) => m.to === to)?.text ?? '';
    }, email);
    expect(text).not.toBe('');
  }).toPass();
  return text;
}

test.beforeEach(async ({ page }) => consentDecided(page));

test('a guest asks to be told when a sold-out product is back, and confirms through the mail', async ({ page, axe, request }) => {
  const slug = await soldOutProduct(request);
  const email = `e2e.alert.${Date.now()}@example.ch`;
  await page.goto(url(host, `/produkt/${slug}`));
  await hydrated(page);
  const form = page.locator('.availability-alert');
  await expect(form.getByRole('heading', { name: 'Benachrichtigen, wenn verfügbar' })).toBeVisible();
  await expect(page.locator('.price-panel .cart-actions').getByRole('button', { name: /Warenkorb/ })).toHaveCount(0);
  await axe();
  await form.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Benachrichtigen' }).click();
  const result = form.getByRole('status');
  await expect(result).toContainText(`Bitte bestätigen Sie mit dem Link, den wir an ${email} gesendet haben`);
  await expect(result).toBeFocused();
  await axe();

  const token = /alertToken=([^\s&]+)/.exec(await mailTo(page, email))?.[1] ?? '';
  expect(token).not.toBe('');
  await page.goto(url(host, `/produkt/${slug}?alertToken=${token}`));
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Ihre Verfügbarkeitsbenachrichtigung ist bestätigt' })).toBeVisible();
  await axe();
});

for (const lang of ['de', 'en'] as const) {
  test(`the contact form needs consent and answers with a reference (${lang})`, async ({ page, axe }) => {
    const de = lang === 'de';
    await page.goto(url(host, de ? '/kontakt' : '/en/contact-us'));
    await hydrated(page);
    const form = page.locator('.contact-form');
    await expect(form.getByRole('heading', { name: de ? 'Kontaktformular' : 'Contact form' })).toBeVisible();
    await axe();
    await form.getByRole('textbox', { name: de ? 'Vorname' : 'First name', exact: true }).fill('Anna');
    await form.getByRole('textbox', { name: de ? 'Nachname' : 'Last name', exact: true }).fill('Muster');
    await form.getByRole('textbox', { name: de ? 'E-Mail-Adresse' : 'E-mail address', exact: true }).fill(`e2e.contact.${lang}.${Date.now()}@example.ch`);
    await form.getByRole('textbox', { name: de ? 'Ihre Nachricht' : 'Your message', exact: true }).fill(de ? 'Haben Sie den Vreneli wieder an Lager?' : 'Do you have the Vreneli in stock again?');
    await form.getByRole('button', { name: de ? 'Nachricht senden' : 'Send message' }).click();
    const summary = form.getByRole('alert');
    await expect(summary).toContainText(de ? 'Bitte stimmen Sie der Verarbeitung' : 'Please agree to the processing of your data.');
    await expect(summary).toBeFocused();
    await axe();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: de ? 'Nachricht senden' : 'Send message' }).click();
    const result = form.getByRole('status');
    await expect(result).toContainText(de ? /Ihre Referenz lautet CT-[A-Z0-9]{4}-[A-Z0-9]{4}/ : /Your reference is CT-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    await expect(result).toBeFocused();
    await axe();
  });
}

test('newsletter from the footer: double opt-in, then a second subscription gets the duplicate message', async ({ page, axe, consoleErrors }) => {
  const email = `e2e.news.${Date.now()}@example.ch`;
  await page.goto(url(host, '/'));
  await hydrated(page);
  const footer = page.locator('footer .footer-newsletter');
  await expect(footer.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
  await footer.getByRole('textbox', { name: 'E-Mail-Adresse für den Newsletter' }).fill(email);
  await footer.getByRole('button', { name: 'Abonnieren' }).click();
  await expect(footer.getByRole('status')).toContainText(`mit dem Link, den wir an ${email} gesendet haben`);
  expect(await page.evaluate(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'newsletter-register'))).toBe(true);
  await axe();

  const token = /newsletterToken=([^\s&]+)/.exec(await mailTo(page, email))?.[1] ?? '';
  expect(token).not.toBe('');
  await page.goto(url(host, `/?newsletterToken=${token}`));
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Newsletter-Abonnement ist bestätigt' })).toBeVisible();
  await axe();

  await page.goto(url(host, '/en'));
  await hydrated(page);
  const footerEn = page.locator('footer .footer-newsletter');
  await footerEn.getByRole('textbox', { name: 'E-mail address for the newsletter' }).fill(email);
  await footerEn.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footerEn.getByRole('alert')).toContainText('This e-mail address is already subscribed to our newsletter.');
  await axe();
  ignoreApiAnswers(consoleErrors, [409]);
});

test('an anonymous whistleblower report: case reference and access code, then the office\'s answer read with both', async ({ page, axe, request }) => {
  await page.goto(url(host, '/hinweisgebersystem'));
  await hydrated(page);
  await expect(page.locator('.layout-minimal')).toBeVisible();
  await axe();
  const report = page.locator('.whistleblower-report');
  await expect(report.getByRole('checkbox', { name: 'Anonym melden' })).toBeChecked();
  await report.getByRole('combobox', { name: 'Worum geht es?' }).selectOption('money-laundering');
  await report.getByRole('textbox', { name: 'Ihr Hinweis' }).fill('Bargeschäfte werden aufgeteilt, um unter dem Schwellenwert zu bleiben.');
  await report.getByRole('button', { name: 'Hinweis absenden' }).click();

  const receipt = page.locator('.whistleblower-receipt');
  await expect(receipt).toBeFocused();
  const caseReference = (await receipt.getByTestId('case-reference').textContent()) ?? '';
  expect(caseReference).toMatch(/^WB-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(receipt.getByTestId('case-secret')).not.toBeEmpty();
  await axe();

  // the reporting office answers (admin call of the embedded commerce service, loopback)
  const answer = await request.post(`${commerce}/admin/applications/whistleblow/answers`, { data: { caseReference, message: 'Danke, wir gehen dem nach.' } });
  expect(answer.status()).toBe(201);

  const reader = page.locator('.whistleblower-reader');
  await expect(reader.getByRole('textbox', { name: 'Fallnummer' })).toHaveValue(caseReference);
  await reader.getByRole('button', { name: 'Antworten anzeigen' }).click();
  const messages = reader.getByRole('list', { name: 'Nachrichten zum Fall' });
  await expect(messages.getByRole('listitem').filter({ hasText: 'Meldestelle' })).toContainText('Danke, wir gehen dem nach.');
  await axe();
  await reader.getByRole('textbox', { name: 'Ihre Antwort' }).fill('Es betrifft die Filiale Zürich.');
  await reader.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(reader.getByText('Ihre Antwort ist dem Fall hinzugefügt.')).toBeVisible();
  await expect(messages.getByRole('listitem')).toHaveCount(3);
});

test('a signed-in customer subscribes with the account\'s address and switches the notification off in the profile', async ({ page, axe, request }) => {
  const slug = await soldOutProduct(request);
  const email = `e2e.alerts.${Date.now()}@example.ch`;
  await page.goto(url(host, '/'));
  await hydrated(page);
  // register, confirm and sign in through the shop's API, as the account tests do through its pages
  await page.evaluate(async ({ email }) => {
    const csrf = () => decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf() }, body: JSON.stringify(body) });
    const password = 'Goldbarren2026';
    if ((await post('/api/register', { email, password, passwordRepeat: password, firstName: 'Anna', lastName: 'Muster' })).status !== 201) throw new Error('register');
    const box = (await (await fetch('/dev/mailbox.json')).json()) as { messages: { to: string; text: string }[] };
    const token = /token=([A-Za-z0-9_-]+)/.exec(box.messages.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
    if ((await post('/api/activate', { token })).status !== 200) throw new Error('activate');
    if ((await post('/api/login', { email, password })).status !== 200) throw new Error('login');
  }, { email });

  await page.goto(url(host, `/produkt/${slug}`));
  await hydrated(page);
  const form = page.locator('.availability-alert');
  await expect(form.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true })).toHaveValue(email);
  await form.getByRole('button', { name: 'Benachrichtigen' }).click();
  await expect(form.getByRole('status')).toContainText(`Wir senden eine E-Mail an ${email}`);
  await axe();
  await form.getByRole('link', { name: 'Benachrichtigungen verwalten' }).click();

  await expect(page).toHaveURL(url(host, '/kundenkonto/meine-daten#alerts'));
  await hydrated(page);
  const panel = page.locator('#alerts');
  const row = panel.getByRole('row').filter({ hasText: 'American Eagle' });
  await expect(row).toContainText('Ein');
  await expect(page.locator('#newsletter')).toContainText('Nicht abonniert');
  await axe();
  await row.getByRole('button', { name: /^Ausschalten/ }).click();
  await expect(row).toContainText('Aus');
  await expect(row.getByRole('button', { name: /^Einschalten/ })).toBeVisible();
  await row.getByRole('button', { name: /^Entfernen/ }).click();
  await expect(panel).toContainText('Sie haben keine Verfügbarkeitsbenachrichtigungen');
  await axe();
});
