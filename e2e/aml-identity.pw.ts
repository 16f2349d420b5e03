// Issue 23 in the browser: a cash pickup over the anti-money-laundering threshold in the back office. The
// warehouse sees that an identity check is due (and the document the customer gave, masked), is refused
// without it, records the document it checked through the pickup form, and the order page then shows the
// check with the operator. axe on the order page before and after.
import type { Page } from '@playwright/test';
import { test, expect, PORT, url, hydrated, placeOrder, ignoreApiAnswers } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { staffPage } from './ops.ts';

const BO = `http://127.0.0.1:${PORT + 4}`;
const CH_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };

/** A cart of Krugerrands for cash at the Zurich counter, through the shop's /api; answers its id. */
async function cashPickupCart(page: Page, quantity: number): Promise<string> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: CH_ADDRESS, shippingAddress: CH_ADDRESS })).status).toBe(200);
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'cash', shippingMethodId: 'pickup', pickupStore: 'zuerich' });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  return cartId;
}

async function cashPickup(page: Page): Promise<{ id: string; orderNumber: string }> {
  const cartId = await cashPickupCart(page, 5);
  const doc = await api(page, 'PUT', `/api/carts/${cartId}/identity-document`, {
    documentType: 'passport', documentNumber: 'X1234567', issuingCountry: 'CH', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Zürich', nationality: 'CH',
  });
  expect(doc.status, JSON.stringify(doc.json)).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-aml-${Date.now()}-${Math.random()}`);
  return placed.json.order;
}

test('the counter records the identity document it checked; without it the cash handover is refused', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const o = await cashPickup(page);

  const wh = await staffPage(browser, 'warehouse@ops.example');
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

test('checkout: a second cash order linked with the first asks for the identity document and says why', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  const host = 'ch.localhost';
  await signedInCustomer(page, host);
  const firstCart = await cashPickupCart(page, 4);
  const first = await orderPlaced(page, firstCart, `e2e-aml-first-${Date.now()}`);
  await cashPickupCart(page, 4);

  // through the steps as the customer goes (a URL cannot skip ahead); the cart has its data and cash at the counter
  await page.goto(url(host, '/en/checkout/buy?step=data'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Continue to delivery and payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery and payment' })).toBeVisible();
  await expect(page.getByTestId('aml-notice')).toHaveCount(0);
  await page.getByRole('radio', { name: /^Pick up in store/ }).check();
  await page.getByRole('combobox', { name: 'Store' }).selectOption('zuerich');
  await page.getByRole('radio', { name: /^Cash/ }).check();
  await expect(page.getByTestId('aml-notice')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByTestId('aml-notice')).toHaveCount(0);
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await page.getByRole('checkbox', { name }).check();
  // a recalculation between the review and the click refuses the order for its prices first (CI met it once):
  // placeOrder places it again, and the cash rule refuses it then
  const summary = page.locator('.form-summary');
  await placeOrder(page, 'Place binding order', consoleErrors, summary);
  await expect(summary).toContainText('Your cash orders placed shortly before count together with this one.');
  // the refusal is the service's 409 answer, which the browser logs as a failed resource: expected here
  ignoreApiAnswers(consoleErrors, [409]);
  await page.getByRole('link', { name: 'Go to delivery and payment' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Delivery and payment' })).toBeVisible();
  await expect(page.getByTestId('aml-notice')).toContainText('Your cash orders in this shop within the last 30 days count together with this one.');
  const doc = page.getByRole('group', { name: 'Identity document' });
  await expect(doc).toBeVisible();
  await axe();
  await doc.getByRole('textbox', { name: 'Document number' }).fill('X1234567');
  await doc.getByLabel('Valid until').fill('2031-05-31');
  await doc.getByLabel('Date of birth').fill('1980-01-15');
  await doc.getByRole('textbox', { name: 'Place of birth' }).fill('Zürich');
  await page.getByRole('button', { name: 'Continue to review' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByText('Your identity document is recorded.')).toBeVisible();
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await page.getByRole('checkbox', { name }).check();
  // a recalculation in between (every 180 s on the machine's clock) shows the price dialog first (placeOrder)
  await placeOrder(page, 'Place binding order', consoleErrors);
  await expect(page).toHaveURL(/\/en\/checkout\/buy\/confirmation\?order=/);
  await expect(page.getByTestId('order-number')).toHaveText(/^CH-B-\d{4}-\d{6}$/);
});
