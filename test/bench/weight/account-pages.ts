// The signed-in account area in the weight bench (issue 27: <= 150 kB of JavaScript on every page other than
// home, shop and product). A customer registers, confirms the activation mail (caught by the tests' SMTP
// sink), signs in and gives what makes the account pages full: a default address, a deposit purchase by bank
// transfer not paid yet (its page shows the deposit parts, the bank details and the Swiss QR-bill slip: the
// heaviest order page) and an open limit order. Each page then loads in a fresh context holding only the
// customer's cookies (no cache), and the encoded bytes of every script response are summed until it has
// hydrated and the network is idle, as run.ts counts the public pages.
// Decision: the customer is set up in the browser (the shop's /api called from its page with the CSRF
// token, as the browser's own code calls it), so the cookies are the ones the shop set, not copied ones.
import type { Browser, BrowserContext, Page } from 'playwright';
import { scriptBytes } from '../browser.ts';
import { activationToken, type SmtpSink } from '../../commerce/smtp-sink.ts';

const PASSWORD = 'Goldbarren2026';
const ADDRESS = { firstName: 'Bench', lastName: 'Kundin', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };

/** A JSON call to the shop's /api from the page, with its CSRF token. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(async ({ method, path, body }) => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('ctCsrf='))?.split('=')[1] ?? '');
    const res = await fetch(path, { method, headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: await res.json().catch(() => null) };
  }, { method, path, body });
}

async function must(call: Promise<{ status: number; json: any }>, status: number, what: string): Promise<any> {
  const res = await call;
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  return res.json;
}

/** The signed-in customer's cookies, and the ids of their order and limit order. */
async function customerWithOrders(browser: Browser, origin: string, smtp: SmtpSink): Promise<{ state: Awaited<ReturnType<BrowserContext['storageState']>>; orderId: string; limitOrderId: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/en`, { waitUntil: 'networkidle' });
    const email = `bench.weight.${Date.now()}@example.ch`;
    await must(api(page, 'POST', '/api/register', { email, password: PASSWORD, passwordRepeat: PASSWORD, firstName: 'Bench', lastName: 'Kundin' }), 201, 'register');
    await must(api(page, 'POST', '/api/activate', { token: await activationToken(smtp, email) }), 200, 'activate');
    await must(api(page, 'POST', '/api/login', { email, password: PASSWORD }), 200, 'login');
    const added = await must(api(page, 'POST', '/api/me/addresses', ADDRESS), 201, 'address');
    await must(api(page, 'PUT', `/api/me/addresses/${added.customer.addresses[0].id}/default`, { shipping: true, billing: true }), 200, 'default address');
    const cart = await must(api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, deposit: true }), 200, 'add to cart');
    await must(api(page, 'PUT', `/api/carts/${cart.cart.id}/addresses`, { billingAddress: ADDRESS, shippingAddress: ADDRESS }), 200, 'cart addresses');
    await must(api(page, 'PUT', `/api/carts/${cart.cart.id}`, { paymentMethod: 'bank-transfer' }), 200, 'payment method');
    const placed = await must(api(page, 'POST', '/api/orders', { cartId: cart.cart.id, idempotencyKey: `bench-weight-${Date.now()}` }), 201, 'order');
    // a target of 1.00 per coin: the limit order stays open
    const expiresAt = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const limit = await must(api(page, 'POST', '/api/limit-orders', { sku: 'AU-KRUG-1OZ', quantity: 1, targetCentAmount: 100, expiresAt }), 201, 'limit order');
    return { state: await context.storageState(), orderId: (placed.order?.id ?? placed.id) as string, limitOrderId: limit.limitOrder.id as string };
  } finally {
    await context.close();
  }
}

export interface AccountPageWeight {
  name: string;
  path: string;
  bytes: number;
  files: number;
}

/** The account area's pages on the Swiss store in English, each loaded as described above; each is reported
 * as soon as it is measured. */
export async function accountPageWeights(browser: Browser, origin: string, smtp: SmtpSink, report: (p: AccountPageWeight) => void): Promise<AccountPageWeight[]> {
  const { state, orderId, limitOrderId } = await customerWithOrders(browser, origin, smtp);
  const pages = [
    ['account overview', '/en/my-account'],
    ['orders', '/en/my-account/orders'],
    ['order (unpaid, deposit)', `/en/my-account/orders/${orderId}`],
    ['deposit', '/en/my-account/deposit'],
    ['limit orders', '/en/my-account/limit-orders'],
    ['limit order', `/en/my-account/limit-orders/${limitOrderId}`],
    ['profile', '/en/my-account/profile'],
    ['addresses', '/en/my-account/addresses'],
    ['passkeys', '/en/my-account/passkeys'],
    ['sessions', '/en/my-account/sessions'],
    ['authenticator app', '/en/my-account/authenticator-app'],
  ];
  const out: AccountPageWeight[] = [];
  for (const [name, path] of pages) {
    const weight = await scriptBytes(browser, `${origin}${path}`, { storageState: state }, (status, at) => {
      // a guard that sent the customer to the login page would measure the wrong page
      if (status !== 200 || !at.pathname.startsWith('/en/my-account')) throw new Error(`${path}: ${status} at ${at.href}`);
    });
    out.push({ name, path, ...weight });
    report(out[out.length - 1]);
  }
  return out;
}
