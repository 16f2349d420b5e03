// The back office as a workbench in the browser (issue 24): finance narrows the list to today's unpaid
// orders, sorts it by total, saves it as a view, opens the view again and downloads the CSV of it; the
// warehouse ticks the day's paid orders, records their parcels in one go and prints their packing slips.
// axe on every screen; screenshots of the list, the bulk page and the slips (screen and print).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect, PORT } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { paidByTransfer, staffPage } from './ops.ts';

const BO = `http://127.0.0.1:${PORT + 4}`;
const SHOTS = process.env.BACKOFFICE_SHOTS ?? 'test-results/backoffice';

type Placed = { id: string; orderNumber: string; totalGrossPrice: { centAmount: number; currencyCode: string } };

/** A purchase of `quantity` Krugerrands by bank transfer, shipped by parcel, to a customer named `lastName`. */
async function purchase(page: Page, lastName: string, quantity: number): Promise<Placed> {
  const address = { firstName: 'Anna', lastName, streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: address, shippingAddress: address })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shipping' })).status).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-wb-${Date.now()}-${Math.random()}`);
  return placed.json.order;
}

const rowNumbers = (page: Page) => page.locator('table.orders tbody tr td[data-label="Order"] a').allTextContents();

/** Two listings of "to pay today" as this test sees them: the other browsers' tests place and pay orders in
 * the same shop meanwhile, so a listing may have gained or lost another test's order. What must hold: this
 * test's orders are in both, and every order both show is in the same order. */
function expectSameOrder(seen: string[], again: string[], own: Placed[], what: string) {
  for (const o of own) expect(again, `${what}: ${o.orderNumber}`).toContain(o.orderNumber);
  expect(again.filter((n) => seen.includes(n)), `${what}: in the same order`).toEqual(seen.filter((n) => again.includes(n)));
}

test('finance narrows the list to today\'s unpaid orders, sorts by total, saves the view, opens it again and downloads its CSV', async ({ page, browser, axe }) => {
  test.setTimeout(150_000);
  await signedInCustomer(page, 'ch.localhost');
  const small = await purchase(page, 'Zeller', 1);
  const large = await purchase(page, 'Amsler', 3);

  const fin = await staffPage(browser, 'finance@ops.example', { acceptDownloads: true });
  await fin.getByRole('navigation', { name: 'Work queues' }).getByRole('link', { name: /^To pay \d/ }).click();
  await fin.getByLabel('Placed from').fill('today');
  await fin.getByLabel('Placed until').fill('today');
  await fin.getByLabel(/^Search/).fill('');
  await fin.getByRole('button', { name: 'Apply filters' }).click();
  await expect(fin).toHaveURL(/queue=to_pay.*from=today.*to=today/);

  await fin.getByRole('link', { name: 'Sort by Total' }).click();
  await expect(fin.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending');
  await fin.getByRole('link', { name: 'Sort by Total' }).click();
  await expect(fin.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending');
  const sorted = await rowNumbers(fin);
  expect(sorted.indexOf(large.orderNumber)).toBeLessThan(sorted.indexOf(small.orderNumber));
  expect(sorted.indexOf(large.orderNumber), 'the three Krugerrands come before the one').toBeGreaterThanOrEqual(0);
  await axe(fin);

  await fin.getByLabel('Save these filters as').fill('Unpaid today, largest first');
  await fin.getByRole('button', { name: 'Save view' }).click();
  await expect(fin.getByRole('status').filter({ hasText: 'is saved' })).toContainText('The view “Unpaid today, largest first” is saved.');
  await fin.screenshot({ path: `${SHOTS}/workbench-list-1280.png`, fullPage: true });

  await fin.getByRole('link', { name: 'Reset' }).click();
  await expect(fin).toHaveURL(`${BO}/orders`);
  await fin.getByRole('region', { name: 'Saved views' }).getByRole('link', { name: 'Unpaid today, largest first' }).click();
  await expect(fin).toHaveURL(/queue=to_pay.*from=today.*to=today.*sort=total.*dir=desc/);
  await expect(fin.getByRole('region', { name: 'Saved views' }).getByRole('link', { name: 'Unpaid today, largest first' })).toHaveAttribute('aria-current', 'page');
  const reopened = await rowNumbers(fin);
  expectSameOrder(sorted, reopened, [large, small], 'the view opened again');
  await axe(fin);

  const [download] = await Promise.all([fin.waitForEvent('download'), fin.getByRole('link', { name: 'Download as CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-to_pay-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path() as string, 'utf8');
  expect(csv.charCodeAt(0), 'a BOM for Excel').toBe(0xfeff);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Order number,Placed (UTC),Store,Type,Customer,E-mail,Order state,Payment state,Payment method,Delivery,Amount,Currency,Payment due');
  expectSameOrder(reopened, lines.slice(1).map((l) => l.split(',')[0]), [large, small], 'the CSV: the list, in its order');
  expect(lines.find((l) => l.startsWith(large.orderNumber))).toContain(`,${(large.totalGrossPrice.centAmount / 100).toFixed(2)},CHF,`);

  // the saved view is finance's own
  const wh = await staffPage(browser, 'warehouse@ops.example', { acceptDownloads: true });
  await expect(wh.getByRole('region', { name: 'Saved views' }).getByRole('link', { name: 'Unpaid today, largest first' })).toHaveCount(0);
  await fin.getByRole('button', { name: 'Delete the view Unpaid today, largest first' }).click();
  await expect(fin.getByRole('status').filter({ hasText: 'deleted' })).toContainText('The view is deleted.');
  await wh.context().close();
  await fin.context().close();
});

test('the warehouse marks the day\'s paid orders shipped in one go, one row each, and prints their packing slips', async ({ page, browser, request, axe }) => {
  test.setTimeout(150_000);
  await signedInCustomer(page, 'ch.localhost');
  const a = await purchase(page, 'Keller', 2);
  const b = await purchase(page, 'Brunner', 1);
  await paidByTransfer(request, a);
  await paidByTransfer(request, b);

  const wh = await staffPage(browser, 'warehouse@ops.example', { acceptDownloads: true });
  await wh.getByRole('navigation', { name: 'Work queues' }).getByRole('link', { name: /^To ship \d/ }).click();
  await wh.getByRole('checkbox', { name: `Select order ${a.orderNumber}` }).check();
  await wh.getByRole('checkbox', { name: `Select order ${b.orderNumber}` }).check();
  await axe(wh);
  await wh.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(wh.getByRole('heading', { level: 1, name: 'Mark orders shipped' })).toBeVisible();
  await wh.getByLabel(`Carrier of ${a.orderNumber}`).fill('DHL');
  await wh.getByLabel(`Tracking number of ${a.orderNumber}`).fill('00340434161234567890');
  await wh.getByLabel(`Carrier of ${b.orderNumber}`).fill('Swiss Post');
  await wh.getByLabel(`Tracking number of ${b.orderNumber}`).fill('990012345612345678');
  await axe(wh);
  await wh.screenshot({ path: `${SHOTS}/workbench-bulk-ship-1280.png`, fullPage: true });
  await wh.getByRole('button', { name: 'Record the shipments' }).click();
  await expect(wh.getByRole('status').first()).toContainText('2 done, 0 refused.');
  await expect(wh.getByRole('row', { name: new RegExp(`${a.orderNumber}.*Done: Complete`) })).toBeVisible();
  await expect(wh.getByRole('row', { name: new RegExp(`${b.orderNumber}.*Done: Complete`) })).toBeVisible();
  await axe(wh);

  await wh.getByRole('link', { name: 'Print packing slips' }).click();
  await expect(wh.getByRole('heading', { level: 1, name: 'Packing slips' })).toBeVisible();
  const slipA = wh.getByRole('article', { name: `Packing slip ${a.orderNumber}` });
  await expect(slipA).toContainText('Keller');
  await expect(slipA).toContainText('Bahnhofstrasse 12');
  await expect(slipA.getByRole('row', { name: /2 Krugerrand .*AU-KRUG-1OZ .*62\.207 g/ })).toBeVisible();
  await expect(wh.getByRole('article', { name: `Packing slip ${b.orderNumber}` })).toContainText('31.103 g');
  await expect(wh.locator('main')).not.toContainText('CHF');
  await axe(wh);
  await wh.screenshot({ path: `${SHOTS}/workbench-slips-screen-1280.png`, fullPage: true });
  await wh.emulateMedia({ media: 'print' });
  await expect(wh.locator('header.top')).toBeHidden();
  await expect(slipA).toBeVisible();
  await wh.screenshot({ path: `${SHOTS}/workbench-slips-print.png`, fullPage: true });
  // printed: one page per slip, the back office's frame left out
  const pdf = (await wh.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length, 'two slips, two pages').toBe(2);
  // issue 25: the same slips as a PDF download, one page per order, read with poppler's pdftotext
  await wh.emulateMedia({ media: 'screen' });
  const [download] = await Promise.all([wh.waitForEvent('download'), wh.getByRole('link', { name: 'Download as PDF (one slip per page)' }).click()]);
  const slipsPdf = await readFile(await download.path());
  const pages = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: slipsPdf }).toString('utf8').split('\f').filter((p) => p.trim());
  expect(pages.length, 'one page per order of the day').toBe(2);
  expect(pages.join('\n')).toContain(a.orderNumber);
  expect(pages.join('\n')).toContain(b.orderNumber);
  expect(pages.join('\n')).not.toContain('CHF');
  await wh.context().close();
});
