// A customer of the browser tests: registered, confirmed through the development mailbox and signed in, and
// the shop's /api called from their page as the browser's own code calls it (with the CSRF token).
import type { Page } from '@playwright/test';
import { expect, expectApiAnswer, hydrated, url } from './fixtures.ts';

export const PASSWORD = 'Goldbarren2026';

/** A JSON call to the shop's /api from the page (with its CSRF token), as the browser's own code makes it. */
export async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(async ({ method, path, body }) => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, { method, path, body });
}

/** Registers, confirms through the development mailbox, signs in and, when given one, adds a default address. */
export async function signedInCustomer(page: Page, host: string, address?: Record<string, string>): Promise<string> {
  const email = `e2e.account.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.ch`;
  await page.goto(url(host, '/'));
  await hydrated(page);
  const reg = await api(page, 'POST', '/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Anna', lastName: 'Muster' });
  expect(reg.status).toBe(201);
  const token = await page.evaluate(async (email) => {
    const box = (await (await fetch('/dev/mailbox.json')).json()) as { messages: { to: string; text: string }[] };
    return /token=([A-Za-z0-9_-]+)/.exec(box.messages.find((m) => m.to === email)?.text ?? '')?.[1] ?? '';
  }, email);
  expect((await api(page, 'POST', '/api/activate', { token })).status).toBe(200);
  expect((await api(page, 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(200);
  if (!address) return email;
  const added = await api(page, 'POST', '/api/me/addresses', address);
  expect(added.status).toBe(201);
  const id = added.json.customer.addresses[0].id as string;
  expect((await api(page, 'PUT', `/api/me/addresses/${id}/default`, { shipping: true, billing: true })).status).toBe(200);
  return email;
}

/** Seeded through the shop's /api: a Deposit cart of Krugerrands to the address, ordered by bank transfer (not paid yet). */
export async function depositCartOrdered(page: Page, quantity: number, address: Record<string, string>): Promise<{ status: number; json: any }> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity, deposit: true });
  expect(added.status).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: address, shippingAddress: address })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer' })).status).toBe(200);
  return orderPlaced(page, cartId, `e2e-deposit-${Date.now()}-${Math.random().toString(36).slice(2, 6)}-${quantity}`);
}

/**
 * Places the cart through the shop's /api and expects the order (201). A recalculation between the cart's prices and
 * the order (every 180 s on the machine's clock, and whenever another browser test forces one) is refused 409
 * price_not_equal; the checkout then recalculates the cart and the customer places it again (views/pages/checkout/
 * Page.tsx onPlace): so does this customer, once, and the browser's log of the 409 is expected. CI met this race
 * (depot-limits.pw.ts's seeded purchases).
 */
export async function orderPlaced(page: Page, cartId: string, idempotencyKey: string): Promise<{ status: number; json: any }> {
  let placed = await api(page, 'POST', '/api/orders', { cartId, idempotencyKey });
  if (placed.status === 409 && placed.json?.code === 'price_not_equal') {
    expectApiAnswer(page, 409);
    expect((await api(page, 'POST', `/api/carts/${cartId}/recalculate`, {})).status).toBe(200);
    placed = await api(page, 'POST', '/api/orders', { cartId, idempotencyKey: `${idempotencyKey}-again` });
  }
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  return placed;
}
