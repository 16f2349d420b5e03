// Issue 26: passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn domain: a
// CTAP2 platform authenticator with resident keys and user verification). A customer of the CH store adds a
// passkey on the account's passkeys page, signs out and signs in with the passkey alone (no e-mail, no
// password) from the sign-in page. axe on the new page and the sign-in page with its passkey button.
import { test, expect, url, hydrated } from './fixtures.ts';
import { api, signedInCustomer } from './customer.ts';

test('a customer adds a passkey on the CH store and signs in with it alone', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const email = await signedInCustomer(page, 'ch.localhost');

  await page.goto(url('ch.localhost', '/kundenkonto/passkeys'));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passkeys');
  await expect(page.getByText('Sie haben noch keinen Passkey hinzugefügt.')).toBeVisible();
  await axe();
  await page.getByLabel(/Name des Passkeys/).fill('Testlaptop');
  await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(page.getByText('Der Passkey Testlaptop wurde hinzugefügt.')).toBeVisible();
  await expect(page.locator('.passkey-list')).toContainText('Testlaptop');
  await expect(page.locator('.passkey-list')).toContainText('noch nicht verwendet');
  await axe();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential, 'a discoverable credential').toBe(true);
  expect(credentials[0].rpId).toBe('ch.localhost');

  expect((await api(page, 'POST', '/api/logout', {})).status).toBe(200);
  await page.goto(url('ch.localhost', '/login'));
  await hydrated(page);
  await axe();
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(page).toHaveURL(url('ch.localhost', '/kundenkonto'));
  const me = await api(page, 'GET', '/api/me');
  expect(me.json.customer.email).toBe(email);

  await page.goto(url('ch.localhost', '/kundenkonto/passkeys'));
  await hydrated(page);
  await expect(page.locator('.passkey-list')).toContainText('zuletzt verwendet');
  expect(consoleErrors).toEqual([]);
});
