// Issue 23 in the browser: a cash pickup over the anti-money-laundering threshold in the back office. The
// warehouse sees that an identity check is due (and the document the customer gave, masked), is refused
// without it, records the document it checked through the pickup form, and the order page then shows the
// check with the operator. axe on the order page before and after.
import type { Browser, Page } from '@playwright/test';
import { test, expect, PORT } from './fixtures.ts';
import { api, signedInCustomer } from './customer.ts';

const BO = `http://127.0.0.1:${PORT + 4}`;
const OPS_PASSWORD = 'Demo-Operator-2026';
const CH_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };

async function cashPickup(page: Page): Promise<{ id: string; orderNumber: string }> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 5 });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: CH_ADDRESS, shippingAddress: CH_ADDRESS })).status).toBe(200);
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'cash', shippingMethodId: 'pickup', pickupStore: 'zuerich' });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const doc = await api(page, 'PUT', `/api/carts/${cartId}/identity-document`, {
    documentType: 'passport', documentNumber: 'X1234567', issuingCountry: 'CH', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Zürich', nationality: 'CH',
  });
  expect(doc.status, JSON.stringify(doc.json)).toBe(200);
  const placed = await api(page, 'POST', '/api/orders', { cartId, idempotencyKey: `e2e-aml-${Date.now()}-${Math.random()}` });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  return placed.json.order;
}

async function staff(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${BO}/orders`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(OPS_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  return page;
}

test('the counter records the identity document it checked; without it the cash handover is refused', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const o = await cashPickup(page);

  const wh = await staff(browser, 'warehouse@ops.example');
  await wh.goto(`${BO}/orders/${o.id}`);
  await expect(wh.getByRole('heading', { level: 1, name: `Order ${o.orderNumber}` })).toBeVisible();
  const aml = wh.getByRole('region', { name: 'Identification (anti-money laundering)' });
  await expect(aml).toContainText('Passport · CH · ••••4567');
  await expect(aml).toContainText('Not recorded');
  const form = wh.getByRole('form', { name: 'Hand over at the counter' });
  await expect(form.getByRole('group', { name: 'Identity document checked' })).toContainText('Required');
  await axe(wh);

  // the browser's own check asks for the fields first; a request without them (as a script would send) is refused by the service
  await form.getByLabel('Document type').evaluate((el) => el.removeAttribute('required'));
  for (const label of ['Issuing country', 'Document number', 'Valid until']) await form.getByLabel(label).evaluate((el) => el.removeAttribute('required'));
  await form.getByLabel('Issuing country').fill('');
  await form.getByRole('button', { name: 'Record handover' }).click();
  await expect(wh.getByRole('alert').first()).toContainText('enter the identity document you checked');

  const again = wh.getByRole('form', { name: 'Hand over at the counter' });
  await again.getByLabel('Document type').selectOption('passport');
  await again.getByLabel('Issuing country').fill('CH');
  await again.getByLabel('Document number').fill('X1234567');
  await again.getByLabel('Valid until').fill('2031-05-31');
  await again.getByRole('button', { name: 'Record handover' }).click();
  await expect(wh.getByRole('status')).toBeVisible();
  const after = wh.getByRole('region', { name: 'Identification (anti-money laundering)' });
  await expect(after).toContainText(/Passport · CH · ••••4567 · valid until .* · same as given with the order/);
  await expect(after).toContainText('warehouse@ops.example');
  await expect(wh.locator('body')).not.toContainText('X1234567');
  await axe(wh);
  await wh.context().close();
});
