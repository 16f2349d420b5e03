// The staff's side of an order in browser tests of the customer's pages (issue 15): a step of the lifecycle
// taken through the commerce service's operators' API (/ops, on PORT+1) with a demo operator, as the back
// office does, so a test can show the customer what follows (payment, shipment, assay).
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, PORT } from './fixtures.ts';

const COMMERCE = `http://127.0.0.1:${PORT + 1}`;
const OPS_PASSWORD = process.env.OPS_DEMO_PASSWORD ?? 'Demo-Operator-2026';
/** The back office (PORT+4, started by the Playwright config). */
export const BACKOFFICE = `http://127.0.0.1:${PORT + 4}`;

export type OpsRole = 'finance' | 'warehouse' | 'support' | 'admin';

/** POST /ops/orders/{id}/{step} as the demo operator of the role; answers the order's ops detail. */
export async function opsStep(request: APIRequestContext, role: OpsRole, orderId: string, step: string, body: unknown): Promise<any> {
  const login = await request.post(`${COMMERCE}/ops/login`, { data: { email: `${role}@ops.example`, password: OPS_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken } = await login.json();
  const res = await request.post(`${COMMERCE}/ops/orders/${orderId}/${step}`, { headers: { authorization: `Bearer ${accessToken}` }, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** Finance records the whole transfer of a purchase (reference: its order number, value date today). */
export function paidByTransfer(request: APIRequestContext, order: { id: string; orderNumber: string; totalGrossPrice: { centAmount: number; currencyCode: string } }) {
  return opsStep(request, 'finance', order.id, 'payments', {
    centAmount: order.totalGrossPrice.centAmount, currency: order.totalGrossPrice.currencyCode, reference: order.orderNumber, valueDate: new Date().toISOString().slice(0, 10),
  });
}

/** A demo operator signed in to the back office in English (1280x800 unless the options say otherwise), on the order list. */
export async function staffPage(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', ...options });
  const page = await context.newPage();
  await page.goto(`${BACKOFFICE}/orders`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(OPS_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  return page;
}

/** The order's page in the back office, through the search field as staff find it. */
export async function openOrder(page: Page, orderNumber: string): Promise<void> {
  await page.getByLabel(/^Search/).fill(orderNumber);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}
