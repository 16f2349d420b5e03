// The staff's side of an order in browser tests of the customer's pages (issue 15): a step of the lifecycle
// taken through the commerce service's operators' API (/ops, on PORT+1) with a demo operator, as the back
// office does, so a test can show the customer what follows (payment, shipment, assay).
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { TOTP_PERIOD_SECONDS, totpCode } from '../src/commerce/auth/second-factor.ts';
import { expect, PORT } from './fixtures.ts';

const COMMERCE = `http://127.0.0.1:${PORT + 1}`;
const OPS_PASSWORD = process.env.OPS_DEMO_PASSWORD ?? 'Demo-Operator-2026';
/** The back office (PORT+4, started by the Playwright config). */
export const BACKOFFICE = `http://127.0.0.1:${PORT + 4}`;

export type OpsRole = 'finance' | 'warehouse' | 'support' | 'admin';

// ---------------------------------------------------------------- the second factor (issue 26)
// Every operator's sign-in passes a second step: the first one enrols TOTP, later ones type the current code.
// The operators' secrets are what their authenticator apps would hold: kept in a file per shop run (the shop's
// database is in memory: a file of an earlier run names secrets of operators the new run has not enrolled, and
// is overwritten at their enrolment), shared by the workers. A code is accepted once: a sign-in whose period's
// code was used already waits for the next period.
const SECRETS = join(tmpdir(), `e2e-ops-totp-${PORT}.json`);
const LOCK = `${SECRETS}.lock`;
type Secrets = Record<string, { secret: string; lastStep?: number; token?: string }>;
const readSecrets = (): Secrets => (existsSync(SECRETS) ? JSON.parse(readFileSync(SECRETS, 'utf8')) as Secrets : {});

/** The workers share the file: each read-and-write holds a lock (an atomic mkdir; one left by a killed worker
 * goes after 10 s) and writes a whole new file that replaces the old at once, so no reader sees half a file
 * and no update is lost. */
function withSecrets<T>(fn: (all: Secrets) => { value: T; write?: Secrets }): T {
  for (let i = 0; ; i++) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      try { if (Date.now() - statSync(LOCK).mtimeMs > 10_000) rmdirSync(LOCK); } catch { /* gone meanwhile */ }
      if (i > 4000) throw new Error('the TOTP secrets file stays locked');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
  try {
    const out = fn(readSecrets());
    if (out.write) {
      const tmp = `${SECRETS}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(out.write));
      renameSync(tmp, SECRETS);
    }
    return out.value;
  } finally {
    rmdirSync(LOCK);
  }
}

function remember(email: string, entry: { secret: string; lastStep?: number }) {
  withSecrets((all) => ({ value: undefined, write: { ...all, [email.toLowerCase()]: entry } }));
}

// Decision (issue 27, CI time): a demo operator signs in once per shop run, and the tests that need one signed
// in reuse that session (8 hours), in the API (opsToken) and in a browser window (staffPage) alike, as a staff
// member keeps working in the window they signed in to. A code is accepted once per 30 s period, so every
// further sign-in of the same operator within a period waited for the next one: measured on the back-office
// files (18 tests, 2 workers), 12 waits of 0.2-30 s, 231 s in all, on a run of 192 s. The sign-in itself and
// its second step stay tested: the wrong password (backoffice.pw.ts), enrolment and the second step
// (staff-second-factor.pw.ts, backoffice-axe.pw.ts with operators of their own), the four-eyes release.
/** The kept session (access token) of an operator who passed the second step in this shop run, if any. */
function keptToken(email: string): string | undefined {
  return withSecrets((all) => ({ value: all[email.toLowerCase()]?.token }));
}

function keepToken(email: string, token: string) {
  const key = email.toLowerCase();
  withSecrets((all) => (all[key] ? { value: undefined, write: { ...all, [key]: { ...all[key], token } } } : { value: undefined }));
}

async function tokenWorks(request: APIRequestContext, token: string): Promise<boolean> {
  return (await request.get(`${COMMERCE}/ops/me`, { headers: { authorization: `Bearer ${token}` } })).ok();
}

/** The current code of the operator's authenticator app, never one of a period used already (by any worker). */
export async function currentCode(email: string, secret?: string): Promise<string> {
  const key = email.toLowerCase();
  for (;;) {
    const out = withSecrets<{ code: string } | { waitMs: number }>((all) => {
      const known = all[key];
      const s = secret ?? known?.secret;
      if (!s) throw new Error(`no TOTP secret known for ${email}`);
      const now = Date.now();
      const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
      if (known?.secret === s && known.lastStep !== undefined && known.lastStep >= step) {
        return { value: { waitMs: (known.lastStep + 1) * TOTP_PERIOD_SECONDS * 1000 - now + 200 } };
      }
      return { value: { code: totpCode(s, now) }, write: { ...all, [key]: { secret: s, lastStep: step } } };
    });
    if ('code' in out) return out.code;
    await new Promise((r) => setTimeout(r, out.waitMs));
  }
}

const tokens = new Map<string, string>();

/** A fully signed-in operator token of the demo operator of the role (one sign-in per role and worker). */
export async function opsToken(request: APIRequestContext, role: OpsRole): Promise<string> {
  const email = `${role}@ops.example`;
  const cached = tokens.get(email) ?? keptToken(email);
  if (cached && (await tokenWorks(request, cached))) {
    tokens.set(email, cached);
    return cached;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const login = await request.post(`${COMMERCE}/ops/login`, { data: { email, password: OPS_PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    const { accessToken, secondStep } = await login.json();
    const auth = { authorization: `Bearer ${accessToken}` };
    let res;
    if (secondStep === 'enrol') {
      const { secret } = await (await request.post(`${COMMERCE}/ops/login/enrolment`, { headers: auth })).json();
      remember(email, { secret });
      res = await request.post(`${COMMERCE}/ops/login/enrolment/confirm`, { headers: auth, data: { code: await currentCode(email, secret) } });
    } else {
      res = await request.post(`${COMMERCE}/ops/login/second-factor`, { headers: auth, data: { code: await currentCode(email) } });
    }
    if (res.ok()) {
      tokens.set(email, accessToken);
      keepToken(email, accessToken);
      return accessToken;
    }
    // another worker enrolled or used this period's code at the same moment: sign in again
  }
  throw new Error(`the second step of ${email} failed`);
}

/**
 * After the sign-in form: passes the second step in the page as the operator would (the enrolment reads the
 * key shown as text; the recovery codes page is left with its link).
 */
export async function passSecondStep(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\/second-step$/);
  for (let attempt = 0; attempt < 3; attempt++) {
    const enrol = page.locator('form[action="/sign-in/enrol"]');
    if (await enrol.count()) {
      const secret = (await page.locator('code.secret').innerText()).replace(/\s+/g, '');
      remember(email, { secret });
      await page.locator('#code').fill(await currentCode(email, secret));
      await enrol.locator('button[type=submit]').click();
      const codes = page.locator('.recovery-codes');
      if (await codes.count()) {
        await page.locator('a.button[href="/orders"]').click();
        return;
      }
    } else {
      await page.locator('#code').fill(await currentCode(email));
      await page.locator('form[action="/sign-in/second-step"] button[type=submit]').click();
      if (!/\/sign-in\//.test(page.url())) return;
    }
    // the code of a period another sign-in used at the same moment: the page asks again
    await page.goto(`${BACKOFFICE}/sign-in/second-step`);
  }
  throw new Error(`the second step of ${email} failed in the page`);
}

/** POST /ops/orders/{id}/{step} as the demo operator of the role; answers the order's ops detail. */
export async function opsStep(request: APIRequestContext, role: OpsRole, orderId: string, step: string, body: unknown): Promise<any> {
  const accessToken = await opsToken(request, role);
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

/**
 * A demo operator signed in to the back office in a browser window of its own (English and 1280x800 unless the
 * options say otherwise), on the order list: with the operator's session of this shop run when there is one
 * (keptToken), else through the sign-in form and the second step, whose session is then kept.
 */
export async function staffPage(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB', ...options });
  const page = await context.newPage();
  const kept = keptToken(email);
  if (kept) await context.addCookies([{ name: 'bo_session', value: kept, url: BACKOFFICE, httpOnly: true, secure: true, sameSite: 'Strict' }]);
  await page.goto(`${BACKOFFICE}/orders`);
  if (/\/sign-in/.test(new URL(page.url()).pathname)) {
    // no session, or it ended: the sign-in form, as the operator would (in the window's language)
    await page.locator('#f-email').fill(email);
    await page.locator('#f-password').fill(OPS_PASSWORD);
    await page.locator('form[action="/sign-in"] button[type=submit]').click();
    await passSecondStep(page, email);
    const session = (await context.cookies(BACKOFFICE)).find((c) => c.name === 'bo_session');
    if (session) keepToken(email, session.value);
  }
  await expect(page).toHaveURL(`${BACKOFFICE}/orders`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page;
}

/** The order's page in the back office, through the search field as staff find it. */
export async function openOrder(page: Page, orderNumber: string): Promise<void> {
  await page.getByLabel(/^Search/).fill(orderNumber);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
}
