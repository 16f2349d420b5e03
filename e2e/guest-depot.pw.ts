// Issue 23, a guest's depot: the metal we store is kept in the depot of a customer account. A guest who put a
// coin into the cart "into the depot" reaches the delivery step and finds the deposit not choosable, with the
// reason and a way to sign in that comes back to the checkout; going on with the deposit still chosen is
// refused at the step with the same reason. Signed in (the cart comes along), the deposit can be chosen.
import { test, expect, url, hydrated, fillFields, consentDecided, ignoreApiAnswers } from './fixtures.ts';
import { api, PASSWORD } from './customer.ts';

const host = 'ch.localhost';
const reason = 'Wir verwahren Ihr Edelmetall im Depot Ihres Kundenkontos, daher braucht ein Kauf ins Depot ein Konto.';

test.beforeEach(async ({ page }) => consentDecided(page));

test('a guest is told why the depot needs an account and signs in back to the checkout, where the depot can be chosen', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  // an account to sign in with later (registered and confirmed in another browser context of the same test)
  const email = `e2e.depot.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.ch`;
  const other = await page.context().browser()!.newContext();
  const setup = await other.newPage();
  await setup.goto(url(host, '/'));
  await hydrated(setup);
  expect((await api(setup, 'POST', '/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Anna', lastName: 'Muster' })).status).toBe(201);
  const token = await setup.evaluate(async (email) => {
    const box = (await (await fetch('/dev/mailbox.json')).json()) as { messages: { to: string; text: string }[] };
    return /token=([A-Za-z0-9_-]+)/.exec(box.messages.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
  }, email);
  expect((await api(setup, 'POST', '/api/activate', { token })).status).toBe(200);
  await other.close();

  // the guest's cart "into the depot" (the product page's option)
  await page.goto(url(host, '/'));
  await hydrated(page);
  expect((await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true })).status).toBe(200);
  await page.goto(url(host, '/checkout/buy'));
  await hydrated(page);
  await fillFields(page, [['E-Mail-Adresse', 'anna.muster@example.ch'], ['Vorname', 'Anna'], ['Nachname', 'Muster'],
    ['Straße', 'Bahnhofstrasse'], ['Nr.', '12'], ['Postleitzahl', '8001'], ['Ort', 'Zürich']]);
  await page.getByRole('button', { name: 'Weiter zu Lieferung und Zahlung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lieferung und Zahlung' })).toBeFocused();

  const depot = page.getByRole('radio', { name: /^Depot/ });
  await expect(depot).toBeDisabled();
  const depotChoice = page.locator('label.choice').filter({ has: depot });
  await expect(depotChoice.locator('.choice-reason')).toContainText(reason);
  const note = page.getByTestId('deposit-account-note');
  const signIn = note.getByRole('link', { name: 'Anmelden und zur Kasse zurückkehren' });
  await expect(signIn).toHaveAttribute('href', `/login?redirect=${encodeURIComponent('/checkout/buy?step=delivery')}`);
  await expect(note.getByRole('link', { name: 'Kundenkonto eröffnen' })).toHaveAttribute('href', '/registrierung');
  await expect(page.getByRole('radio', { name: /^Versand/ }), 'the other ways stay open').toBeEnabled();
  await axe();

  // going on with the deposit the cart came with: refused at the step, with the reason, nothing sent
  await page.getByRole('radio', { name: /^Überweisung/ }).check();
  await page.getByRole('button', { name: 'Weiter zum Prüfen' }).click();
  await expect(page.locator('.form-summary')).toBeFocused();
  await expect(page.locator('#checkout-delivery-shippingMethodId-error')).toContainText(reason);
  await axe();

  // signing in from here comes back to the checkout with the cart, and the depot is open
  await signIn.click();
  await hydrated(page);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/buy/);
  await hydrated(page);
  await page.goto(url(host, '/checkout/buy?step=delivery'));
  await hydrated(page);
  const next = page.getByRole('button', { name: 'Weiter zu Lieferung und Zahlung' });
  if (await next.isVisible()) await next.click();
  await expect(page.getByRole('radio', { name: /^Depot/ })).toBeEnabled();
  await expect(page.getByTestId('deposit-account-note')).toHaveCount(0);
  await axe();
  ignoreApiAnswers(consoleErrors, [401, 409]);
});
