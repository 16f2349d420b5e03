// What the customer sees of an order's life in the account (issue 15): a parcel purchase by bank transfer
// says by when and where to pay; after the payment and the shipment (taken by staff through the operators'
// API) the timeline lists them and links the parcel to the carrier's page; a sale of scrap gold assayed below
// the estimate explains the difference per line; more than 5 % below, the seller accepts the counter-offer
// or gets the goods back (issue 23); the depot lists an unpaid purchase apart from the paid metal. axe on
// every page, and each fits a phone. E2E_SHOTS=<dir> also saves screenshots (1280x800, 375x812).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, url, fitsViewport, hydrated, consentDecided } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { opsStep, paidByTransfer } from './ops.ts';

const CH_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };
const SHOTS = process.env.E2E_SHOTS;

/** A purchase of Krugerrands by bank transfer through the shop's /api: by parcel, or into the depot. */
async function purchase(page: Page, opts: { address: Record<string, string>; quantity?: number; deposit?: boolean }): Promise<any> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: opts.quantity ?? 1, ...(opts.deposit ? { deposit: true } : {}) });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: opts.address, shippingAddress: opts.address })).status).toBe(200);
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, opts.deposit ? { paymentMethod: 'bank-transfer' } : { paymentMethod: 'bank-transfer', shippingMethodId: 'shipping' });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-life-${Date.now()}-${Math.random()}`);
  return placed.json.order;
}

/** The page at a desktop and a phone size: it fits the phone, and with E2E_SHOTS both are saved. */
async function bothSizes(page: Page, name: string) {
  for (const [w, h] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width: w, height: h });
    await fitsViewport(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// the consent banner would cover the pages in the screenshots
test.beforeEach(async ({ page }) => consentDecided(page));

function timelineTexts(page: Page) {
  return page.getByTestId('order-timeline').locator('.order-timeline-text');
}

test('a parcel purchase: pay by a date, then the payment and the parcel with its tracking link', async ({ page, request, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost', CH_ADDRESS);
  const order = await purchase(page, { address: CH_ADDRESS });
  const orderPage = url('ch.localhost', `/kundenkonto/bestelluebersicht/${order.id}`);

  await page.goto(orderPage);
  await hydrated(page);
  await expect(page.getByTestId('order-state')).toHaveText('Offen');
  await expect(page.getByTestId('order-payment-state')).toHaveText('Ausstehend');
  await expect(page.getByTestId('order-pay-by')).toHaveText(new RegExp(`^Bitte überweisen Sie CHF\\s.+ bis zum \\d{2}/\\d{2}/\\d{4} unter Angabe Ihrer Bestellnummer ${order.orderNumber}\\.$`));
  await expect(page.getByRole('region', { name: 'Unsere Bankverbindung' })).toContainText(order.orderNumber);
  await expect(timelineTexts(page)).toHaveText(['Sie haben die Bestellung aufgegeben.']);
  await axe();
  await bothSizes(page, 'order-unpaid');

  await paidByTransfer(request, order);
  await opsStep(request, 'warehouse', order.id, 'shipments', { carrier: 'DHL', trackingNumber: '00340434161094042557' });
  await page.goto(orderPage);
  await hydrated(page);
  await expect(page.getByTestId('order-state')).toHaveText('Abgeschlossen');
  await expect(page.getByTestId('order-payment-state')).toHaveText('Bezahlt');
  await expect(page.getByTestId('order-pay-by')).toHaveCount(0);
  await expect(timelineTexts(page)).toHaveText([
    'Sie haben die Bestellung aufgegeben.',
    /^Ihre Zahlung über CHF\s.+ ist eingegangen \(Valuta \d{2}\/\d{2}\/\d{4}\)\.$/,
    'Wir haben Ihre Bestellung bestätigt.',
    'Wir haben Ihre Bestellung mit DHL versandt.',
  ]);
  const track = page.getByRole('link', { name: /00340434161094042557/ });
  await expect(track).toHaveAttribute('href', /^https:\/\/www\.dhl\.com\/.*00340434161094042557/);
  await expect(track).toHaveAttribute('target', '_blank');
  await axe();
  await bothSizes(page, 'order-shipped');

  await page.goto(url('ch.localhost', '/kundenkonto/bestelluebersicht'));
  await hydrated(page);
  const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row.locator('.status-tag')).toHaveText(['Abgeschlossen', 'Bezahlt']);
  await axe();
});

/** A sale of 10 g of 750 gold (7.5 g fine) by parcel, received and assayed at `finalMg` fine milligrams. */
async function assayedSale(page: Page, request: Parameters<typeof opsStep>[0], finalMg: number): Promise<any> {
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  const added = await api(page, 'POST', '/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: DE_ADDRESS, shippingAddress: DE_ADDRESS })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shippingSell' })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' })).status).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-life-sell-${Date.now()}-${Math.random()}`);
  const sale = placed.json.order;
  await opsStep(request, 'warehouse', sale.id, 'goods-received', {});
  await opsStep(request, 'warehouse', sale.id, 'assay', { lines: [{ lineId: sale.lineItems[0].id, finalFineWeightMg: finalMg }] });
  return sale;
}

test('a sale of scrap gold assayed below the estimate: the difference explained per line', async ({ page, request, axe }) => {
  test.setTimeout(120_000);
  const sale = await assayedSale(page, request, 7000);
  await page.goto(url('de.localhost', `/en/my-account/orders/${sale.id}`));
  await hydrated(page);
  await expect(page.getByTestId('order-state')).toHaveText('Accepted');
  await expect(page.getByTestId('order-payment-state')).toHaveText('Payout pending');
  await expect(timelineTexts(page).last()).toHaveText(/^We assayed your items: the payout is €.+ instead of the estimated €.+ \(−\u2060€.+\)\.$/);
  const explanation = page.getByTestId('assay-explanation');
  await expect(explanation).toContainText('only the fine weight found in the assay changes the amount');
  await expect(explanation.getByRole('listitem')).toHaveText([/: 7\.5\sg fine metal estimated, 7\sg found: €.+ instead of €.+ \(−\u2060€.+\)\.$/]);
  await axe();
  await bothSizes(page, 'order-assayed');
});

// Issue 23: an assay more than 5 % below the estimate is an offer the seller answers on the order page.
test('the seller accepts the counter-offer: the accepted amount is paid out and shown everywhere', async ({ page, request, axe }) => {
  test.setTimeout(150_000);
  const sale = await assayedSale(page, request, 7000);
  const orderPage = url('de.localhost', `/en/my-account/orders/${sale.id}`);
  await page.goto(orderPage);
  await hydrated(page);
  const offer = page.getByRole('region', { name: 'Our offer after the assay' });
  await expect(offer).toContainText('more than 5 % below the estimate of €');
  await expect(offer).toContainText(/by \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Without your answer by then, the offer counts as accepted\./);
  await expect(page.getByTestId('order-estimate')).toHaveText(/^€/);
  const accepted = (await page.getByTestId('order-total').textContent())!;
  await axe();
  await bothSizes(page, 'order-offer');

  await offer.getByRole('button', { name: /^Accept €/ }).click();
  await expect(page.getByTestId('counter-offer-status')).toHaveText(/^You accepted our offer of €.+\. We pay it out shortly\.$/);
  await expect(page.getByTestId('counter-offer-status')).toBeFocused();
  await expect(timelineTexts(page).last()).toHaveText(/^You accepted our offer of €.+\.$/);
  await expect(offer.getByRole('button')).toHaveCount(0);
  await axe();

  await opsStep(request, 'finance', sale.id, 'payout', { iban: 'DE89370400440532013000', centAmount: Math.round(Number(accepted.replace(/[^\d.]/g, '')) * 100), valueDate: new Date().toISOString().slice(0, 10) });
  await page.goto(orderPage);
  await hydrated(page);
  await expect(page.getByTestId('order-payment-state')).toHaveText('Paid out');
  await expect(page.getByRole('row', { name: /Paid out \(after the assay\)/ })).toContainText(accepted);
  // issue 25: the seller downloads the credit note (self-billing) the payout issued, read with poppler's pdftotext
  const link = page.getByTestId('order-documents').getByRole('link', { name: /^Download Credit note GS-DE-\d{4}-\d{6} \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^GS-DE-\d{4}-\d{6}\.pdf$/);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-credit-'));
  try {
    copyFileSync(await download.path(), join(dir, 'credit.pdf'));
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'credit.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(download.suggestedFilename().replace('.pdf', ''));
    expect(text).toContain(sale.orderNumber);
    expect(text).toMatch(/Gutschrift|Credit note/);
    expect(text).toMatch(/§ 14 Abs\. 2/);
    expect(text).toMatch(/DE89 \*{4}/);
    expect(text).not.toContain('0532013000');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await page.goto(url('de.localhost', '/en/my-account/orders'));
  await hydrated(page);
  const row = page.getByTestId('orders-table').getByRole('row').filter({ hasText: sale.orderNumber });
  await expect(row.locator('.status-tag')).toHaveText(['Complete', 'Paid out']);
  await expect(row).toContainText(`${accepted} (estimate €`);
  await axe();
});

test('the seller declines the counter-offer: the goods come back and the sale ends cancelled', async ({ page, request, axe }) => {
  test.setTimeout(150_000);
  const sale = await assayedSale(page, request, 6800);
  const orderPage = url('de.localhost', `/kundenkonto/bestelluebersicht/${sale.id}`);
  await page.goto(orderPage);
  await hydrated(page);
  const offer = page.getByRole('region', { name: 'Unser Angebot nach der Prüfung' });
  await expect(offer).toContainText('wir senden sie versichert und auf unsere Kosten zurück');
  await offer.getByRole('button', { name: 'Ware zurücksenden' }).click();
  await expect(page.getByTestId('counter-offer-status')).toHaveText('Sie haben unser Angebot abgelehnt. Wir senden Ihnen Ihre Ware versichert und auf unsere Kosten zurück; es wird nichts ausbezahlt.');
  await expect(timelineTexts(page).last()).toHaveText('Sie haben unser Angebot abgelehnt: Wir senden Ihnen Ihre Ware versichert und auf unsere Kosten zurück.');
  await axe();

  await opsStep(request, 'warehouse', sale.id, 'goods-returned', { trackingNumber: 'RR123456785DE' });
  await page.goto(orderPage);
  await hydrated(page);
  await expect(page.getByTestId('order-state')).toHaveText('Storniert');
  await expect(page.getByTestId('counter-offer-status')).toContainText('wir haben Ihnen Ihre Ware versichert und auf unsere Kosten zurückgesandt');
  await expect(timelineTexts(page).last()).toHaveText('Wir haben Ihnen Ihre Ware versichert und auf unsere Kosten zurückgesandt (Sendungsnummer RR123456785DE).');
  await axe();
  await bothSizes(page, 'order-offer-returned');
});

test('the depot: an unpaid purchase apart from the paid metal, in no total and no sale', async ({ page, request, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  const paid = await purchase(page, { address: DE_ADDRESS, deposit: true, quantity: 2 });
  await paidByTransfer(request, paid);
  const unpaid = await purchase(page, { address: DE_ADDRESS, deposit: true, quantity: 3 });

  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  const awaiting = page.getByRole('region', { name: 'Zahlung ausstehend' });
  await expect(awaiting.getByRole('row').nth(1)).toContainText(unpaid.orderNumber);
  await expect(awaiting.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('3');
  await expect(page.getByTestId('deposit-holdings').getByRole('row').nth(1).getByRole('cell').first()).toHaveText('2');
  await expect(page.getByTestId('deposit-lots')).not.toContainText(unpaid.orderNumber);
  await expect(page.getByLabel(/^Stück .* zu verkaufen/)).toHaveCount(1);
  await expect(page.getByText('Ihr Depot enthält 2.')).toBeVisible();
  await axe();
  await bothSizes(page, 'depot-awaiting');

  // the timeline of the paid one: booked into the depot
  await page.goto(url('de.localhost', `/kundenkonto/bestelluebersicht/${paid.id}`));
  await hydrated(page);
  await expect(timelineTexts(page).last()).toHaveText(/^Wir haben Ihr Edelmetall in Ihr Depot DE-D-\d+ eingelagert\.$/);
  await expect(page.getByTestId('order-timeline').getByRole('link', { name: 'Zum Depot' })).toBeVisible();
  await axe();
});
