// The order page as a workbench (issue 24) in the browser, against the whole shop started as `npm start`
// (the back office on PORT+4): support writes an internal note (shown as typed, on the timeline, never on
// the customer's order page) and follows the customer card to the customer's other order; the lines add up
// to the order total. axe on each screen; screenshots at 1280x800.
import type { Page } from '@playwright/test';
import { test, expect, url, hydrated } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { staffPage, openOrder } from './ops.ts';

const CH_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
const SHOTS = process.env.BACKOFFICE_SHOTS ?? 'test-results/backoffice';

/** A purchase by bank transfer, shipped by parcel, placed through the shop's /api. */
async function purchase(page: Page, quantity = 1): Promise<{ id: string; orderNumber: string }> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: CH_ADDRESS, shippingAddress: CH_ADDRESS })).status).toBe(200);
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shipping' });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-wb-${Date.now()}-${Math.random()}`);
  return placed.json.order;
}

test('support writes an internal note: on the timeline as typed, never on the customer\'s order page', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const o = await purchase(page, 2);

  const sup = await staffPage(browser, 'support@ops.example');
  await openOrder(sup, o.orderNumber);
  // the lines add up to the order total, visibly
  const sums = sup.getByTestId('order-sums');
  await expect(sums.getByRole('columnheader', { name: 'Unit price' })).toBeVisible();
  await expect(sums.getByRole('rowheader', { name: 'Order total' })).toBeVisible();
  await expect(sup.getByRole('alert')).toHaveCount(0);

  const notes = sup.getByRole('region', { name: 'Internal notes' });
  await expect(notes).toContainText('No notes yet.');
  await axe(sup);
  await notes.getByLabel('New note').fill('Customer called: <b>neutral</b> packaging please & not before Monday');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(sup.getByRole('status')).toHaveText('The note is added to the timeline.');
  await expect(notes.getByTestId('notes')).toContainText('Customer called: <b>neutral</b> packaging please & not before Monday');
  await expect(notes.getByTestId('notes')).toContainText('Sam Support');
  await expect(sup.locator('section[aria-labelledby="h-timeline"]')).toContainText('Internal note added');
  await axe(sup);
  await sup.screenshot({ path: `${SHOTS}/order-notes-1280.png`, fullPage: true });
  await sup.context().close();

  await page.goto(url('ch.localhost', `/kundenkonto/bestelluebersicht/${o.id}`));
  await hydrated(page);
  await expect(page.getByTestId('order-payment-state')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('neutral');
});

test('the customer card: the customer\'s other orders, depot and limit orders; its link opens the other order', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const first = await purchase(page);
  const second = await purchase(page);

  const sup = await staffPage(browser, 'support@ops.example');
  await openOrder(sup, second.orderNumber);
  const card = sup.getByRole('region', { name: 'Customer' });
  await expect(card).toContainText('Customer account since');
  await expect(card).toContainText('Other orders (1)');
  await expect(card).toContainText('No depot.');
  await expect(card).toContainText('Limit orders (0)');
  await axe(sup);
  await card.scrollIntoViewIfNeeded();
  await sup.screenshot({ path: `${SHOTS}/order-customer-card-1280.png`, fullPage: true });
  await card.getByRole('link', { name: first.orderNumber }).click();
  await expect(sup.getByRole('heading', { level: 1, name: `Order ${first.orderNumber}` })).toBeVisible();
  await expect(sup.getByRole('region', { name: 'Customer' }).getByRole('link', { name: second.orderNumber })).toBeVisible();
  await axe(sup);
  await sup.context().close();
});
