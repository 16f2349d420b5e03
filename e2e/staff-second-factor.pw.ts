// Issue 26 (staff) in Chromium: an operator's first sign-in enrols TOTP in the back office with a code the
// test computes from the key the page shows, before any other page opens; the next sign-in asks for the code.
import { test, expect, PORT, CLOCK } from './fixtures.ts';
import { BACKOFFICE, currentCode, opsToken } from './ops.ts';

const PASSWORD = 'Tresor-Schluessel-42';

test('an operator\'s first sign-in enrols TOTP; the next one asks for the code', { tag: CLOCK }, async ({ browser, request, axe }) => {
  test.setTimeout(120_000);
  const email = `staff-${Date.now()}@ops.example`;
  const created = await request.post(`http://127.0.0.1:${PORT + 1}/ops/operators`, {
    headers: { authorization: `Bearer ${await opsToken(request, 'admin')}` }, data: { email, password: PASSWORD, roles: ['finance'] },
  });
  expect(created.status(), await created.text()).toBe(201);

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
  await page.goto(`${BACKOFFICE}/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await axe(page);

  // nothing else opens before the enrolment
  await page.goto(`${BACKOFFICE}/orders`);
  await expect(page).toHaveURL(`${BACKOFFICE}/sign-in/second-step`);

  const secret = (await page.locator('code.secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: 'Code' }).fill(await currentCode(email, secret));
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' }).first()).toBeVisible();
  await expect(page.locator('.recovery-codes li')).toHaveCount(10);
  await axe(page);
  await page.getByRole('link', { name: 'Continue to the back office' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // the next sign-in, in another browser, asks for the code of the app
  const next = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
  await next.goto(`${BACKOFFICE}/sign-in`);
  await next.getByLabel('E-mail address').fill(email);
  await next.getByLabel('Password').fill(PASSWORD);
  await next.getByRole('button', { name: 'Sign in' }).click();
  await expect(next.getByRole('heading', { level: 1, name: 'Confirm your sign-in' })).toBeVisible();
  await next.getByRole('textbox', { name: 'Code' }).fill(await currentCode(email, secret));
  await next.getByRole('button', { name: 'Confirm' }).click();
  await expect(next.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // the first browser sees both sessions on its own page and ends the other one
  await page.goto(`${BACKOFFICE}/me`);
  await expect(page.getByRole('heading', { name: 'Your sessions' })).toBeVisible();
  await axe(page);
  await page.getByRole('button', { name: /^End session/ }).click();
  await expect(page.getByText('The session was ended.')).toBeVisible();
  await next.goto(`${BACKOFFICE}/orders`);
  await expect(next).toHaveURL(/\/sign-in\?reason=expired/);
});
