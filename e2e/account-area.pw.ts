// The account area in the browser (issue 10): a customer gives a limit order from the product page with a
// target above the current price, a recalculation forced on the price service reaches it, and it shows as
// executed with its order in the orders list; the deposit page on the German store shows the lots and the
// holding-period countdown; a sale from the deposit, clicked through from the deposit page's preview and
// the sell checkout, takes the oldest lot first. The deposit is seeded through the shop's /api (a Deposit
// cart ordered by bank transfer), not by clicking through the buy checkout (its own tests cover that), and
// paid through the operators' API (issue 15: a deposit purchase is booked when paid; until then the page
// lists it apart, awaiting payment). axe on every new page.
import type { Page } from '@playwright/test';
import { test, expect, url, PORT, fitsViewport, placeOrder, hydrated } from './fixtures.ts';
import { api, depositCartOrdered, signedInCustomer } from './customer.ts';
import { paidByTransfer } from './ops.ts';

const PRICES = `http://127.0.0.1:${PORT + 2}`;
const ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };

test('a limit order above the price executes on the next recalculation and its order is listed', async ({ page, request, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost', ADDRESS);
  await page.goto(url('ch.localhost', '/produkt/kruegerrand-1-unze-gold'));
  await hydrated(page);
  await page.getByRole('link', { name: /Limit-Order/ }).click();
  await expect(page).toHaveURL(/\/produkt\/kruegerrand-1-unze-gold\/limit-order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Limit-Order erteilen');
  await expect(page.getByTestId('limit-order-current-price')).toHaveText(/CHF/);
  await axe();

  // a target far above the current price: the next price set reaches it
  await page.getByLabel(/^Zielpreis pro Stück/).fill('9000');
  await expect(page.getByTestId('expiry-days')).toHaveText('in 30 Tagen');
  await page.getByRole('button', { name: 'Limit-Order erteilen' }).click();
  await expect(page.getByTestId('limit-order-given')).toContainText(/CH-L-/);

  expect((await request.post(`${PRICES}/admin/recalculate`)).status()).toBe(200);

  await page.goto(url('ch.localhost', '/kundenkonto/limit-order'));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('limit-orders-table')).toContainText('Ausgeführt', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await axe();
  await page.getByTestId('limit-orders-table').getByRole('link').first().click();
  const executed = page.getByTestId('executed-order');
  await expect(executed).toContainText(/CH-B-/);
  await axe();
  const orderNumber = (await executed.getByRole('link').textContent()) ?? '';

  await page.goto(url('ch.localhost', '/kundenkonto/bestelluebersicht'));
  await expect(page.getByTestId('orders-table')).toContainText(orderNumber);
  await axe();
  await page.getByTestId('orders-table').getByRole('link', { name: orderNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestellung ${orderNumber}`);
  await expect(page.getByTestId('order-facts')).toContainText('Überweisung');
  await axe();

  await page.goto(url('ch.localhost', '/kundenkonto'));
  await expect(page.getByTestId('latest-orders')).toContainText(orderNumber);
  await axe();

  // on a phone every account page fits the screen: tables scroll in their region, long addresses wrap
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/kundenkonto', '/kundenkonto/bestelluebersicht', '/kundenkonto/limit-order', '/kundenkonto/meine-daten', '/kundenkonto/authenticator-app']) {
    await page.goto(url('ch.localhost', path));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await fitsViewport(page);
  }
  expect(consoleErrors).toEqual([]);
});

/** Seeded through the shop's /api (customer.ts): a Deposit cart of Krugerrands, ordered by bank transfer. */
const depositPurchase = (page: Page, quantity: number) => depositCartOrdered(page, quantity, DE_ADDRESS);

test('the deposit page on the German store shows the lots and the holding-period countdown', async ({ page, request, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  const empty = await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  expect(empty?.status()).toBe(200);
  await expect(page.getByTestId('deposit-empty')).toBeVisible();

  const placed = await depositPurchase(page, 2);

  // issue 15: not paid yet, so apart under "awaiting payment": no lot, no holding, nothing to sell
  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  await expect(page.getByTestId('deposit-awaiting')).toContainText(placed.json.order.orderNumber);
  await expect(page.getByRole('region', { name: 'Zahlung ausstehend' })).toContainText('Die einjährige Haltefrist beginnt am Tag der Einbuchung');
  await expect(page.getByTestId('deposit-no-holdings')).toBeVisible();
  await expect(page.getByTestId('deposit-lots')).toHaveCount(0);
  await expect(page.getByLabel(/^Stück .* zu verkaufen/)).toHaveCount(0);
  await axe();

  await paidByTransfer(request, placed.json.order);
  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  await expect(page.getByTestId('deposit-awaiting')).toHaveCount(0);
  await expect(page.getByTestId('deposit-facts')).toContainText(/DE-D-/);
  await expect(page.getByTestId('deposit-lots')).toContainText(placed.json.order.orderNumber);
  await expect(page.getByTestId('lot-countdown').first()).toHaveText(/noch 36[56] Tage/);
  await expect(page.getByTestId('holding-period-note')).toContainText('EStG');
  await page.getByLabel(/^Stück .* zu verkaufen/).fill('1');
  await page.getByRole('button', { name: 'Betroffene Positionen zeigen' }).click();
  await expect(page.getByTestId('sale-preview-AU-KRUG-1OZ')).toContainText(placed.json.order.orderNumber);
  await axe();

  // issue 25: a depot statement as of now, listed with its download (the table in the axe sweep too)
  await expect(page.getByTestId('depot-statements-none')).toBeVisible();
  await page.getByRole('button', { name: 'Depotauszug jetzt erstellen' }).click();
  const statement = page.getByRole('table', { name: 'Ihre Depotauszüge, der neueste zuerst' }).getByRole('link', { name: /^Depotauszug DA-DE-\d{4}-\d{6} herunterladen \(PDF\)$/ });
  await expect(statement).toBeVisible();
  await expect(page.getByTestId('depot-statements-status')).toHaveText(/^Depotauszug DA-DE-\d{4}-\d{6} wurde erstellt\.$/);
  // the browser's own fetch (its host rules resolve de.localhost): the stored PDF
  const href = (await statement.getAttribute('href'))!;
  expect(await page.evaluate(async (h) => { const r = await fetch(h); return `${r.status} ${r.headers.get('content-type')}`; }, href)).toBe('200 application/pdf');
  await axe();
  expect(consoleErrors).toEqual([]);
});

test('a sale from the deposit, from the preview through the sell checkout, takes the oldest lot first', async ({ page, request, axe, consoleErrors }) => {
  test.setTimeout(150_000);
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  // paid one after the other: lots are booked when paid (issue 15)
  const older = await depositPurchase(page, 1);
  await paidByTransfer(request, older.json.order);
  const newer = await depositPurchase(page, 2);
  await paidByTransfer(request, newer.json.order);
  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  await page.getByLabel(/^Stück .* zu verkaufen/).fill('2');
  await page.getByRole('button', { name: 'Betroffene Positionen zeigen' }).click();
  const preview = page.getByTestId('sale-preview-AU-KRUG-1OZ');
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview.getByRole('row').nth(1)).toContainText(older.json.order.orderNumber);
  await page.getByRole('button', { name: /^Diese 2 aus meinem Depot verkaufen/ }).click();
  await expect(page.getByTestId('sale-added')).toContainText('2 Stück liegen in Ihrem Verkaufskorb');
  await expect(page.getByTestId('cart-count-sell')).toHaveText('2');
  await axe();
  await page.getByTestId('sale-added').getByRole('link', { name: 'Zum Verkaufskorb' }).click();

  await expect(page).toHaveURL(url('de.localhost', '/warenkorb?type=sell'));
  await hydrated(page);
  await page.getByRole('link', { name: 'Weiter zum Verkauf' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Daten' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter zu Lieferung und Auszahlung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lieferung und Auszahlung' })).toBeFocused();
  await expect(page.getByRole('radio', { name: /^Aus meinem Depot verkaufen/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Überweisung/ }).check();
  await page.getByRole('textbox', { name: 'Kontoinhaber' }).fill('Anna Muster');
  await page.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
  await axe();
  await page.getByRole('button', { name: 'Weiter zum Prüfen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prüfen' })).toBeFocused();
  await expect(page.locator('.review-box').nth(1)).toContainText('Aus meinem Depot verkaufen');
  for (const name of [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /Stornobedingungen/]) await page.getByRole('checkbox', { name }).check();
  await placeOrder(page, 'Verkauf verbindlich beauftragen', consoleErrors);
  await expect(page.getByTestId('order-number')).toHaveText(/^DE-S-\d{4}-\d{6}$/);
  await expect(page.getByText('Wir entnehmen die Stücke Ihrem Online-Depot')).toBeVisible();
  await expect(page.getByText(/das Metall liegt bereits in unserem Tresor/)).toBeVisible();
  const saleNumber = (await page.getByTestId('order-number').textContent())!.trim();
  await axe();

  // the order names the lots it took
  await page.goto(url('de.localhost', '/kundenkonto/bestelluebersicht'));
  await hydrated(page);
  await page.getByRole('link', { name: saleNumber }).click();
  const parts = page.getByTestId('order-deposit-parts');
  await expect(parts.getByRole('row')).toHaveCount(3);
  await expect(parts.getByRole('row').nth(1)).toContainText(older.json.order.orderNumber);
  await expect(parts.getByRole('row').nth(2)).toContainText(newer.json.order.orderNumber);
  await axe();

  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  const lots = page.getByTestId('deposit-lots');
  await expect(lots).toContainText(newer.json.order.orderNumber);
  await expect(lots).not.toContainText(older.json.order.orderNumber);
  await expect(lots.getByRole('row').nth(1)).toContainText('1 von 2');
  expect(consoleErrors).toEqual([]);
});
