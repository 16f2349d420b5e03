// Issue 25 in the browser: the Swiss QR-bill on the CH confirmation page, read back from a screenshot with
// zbar (zbarimg, not the library that drew it) and compared field by field with the order; and the invoice a
// customer downloads from the order page after finance recorded the payment (read with poppler's pdftotext).
// axe on each page that shows the new parts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { api, depositCartOrdered, signedInCustomer } from './customer.ts';
import { consentDecided, expect, hydrated, placeOrder, reviewPickupOrder, test, url } from './fixtures.ts';
import { paidByTransfer } from './ops.ts';

const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };

function inTmp<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-slip-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The QR code zbarimg reads in a PNG (-Sbinary: the UTF-8 bytes as encoded); '' when none. */
function zbar(png: Buffer): string {
  return inTmp((dir) => {
    writeFileSync(join(dir, 'code.png'), png);
    try {
      return execFileSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', '-Sbinary', '--nodbus', join(dir, 'code.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\n$/, '');
    } catch {
      return '';
    }
  });
}

/**
 * A screenshot of the QR-bill's payment part as shown. zbar takes the Swiss cross in the code's centre for a
 * finder pattern and reads nothing (mchehab/zbar issues 121, 167, 216; banking apps read it), so a black
 * square is laid over the cross first, where the SIX style guide puts it (the code 46 mm square at 67 mm from
 * the left and 17 mm from the top of the 210 x 105 mm part): error correction M restores those modules, and
 * every byte read still comes from the code the page shows.
 */
async function qrBillShot(page: Page, img: Locator): Promise<Buffer> {
  await img.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const mm = box.width / 210;
    const cover = document.createElement('div');
    cover.dataset.testCover = '';
    Object.assign(cover.style, { position: 'absolute', background: '#000', left: `${window.scrollX + box.left + (90 - 3.6) * mm}px`, top: `${window.scrollY + box.top + (40 - 3.6) * mm}px`, width: `${7.2 * mm}px`, height: `${7.2 * mm}px`, zIndex: '10' });
    document.body.append(cover);
  });
  const shot = await img.screenshot();
  await page.evaluate(() => document.querySelector('[data-test-cover]')?.remove());
  return shot;
}

const compact = (s: string) => s.replace(/\s+/g, '');

test.use({ deviceScaleFactor: 2 });

test('CH: the confirmation page of a bank-transfer purchase shows the QR-bill; zbar reads IBAN, amount, currency, reference and creditor from it', async ({ page, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  await consentDecided(page);
  await reviewPickupOrder(page);
  for (const name of [/Datenschutzerklärung/, /Allgemeinen Geschäftsbedingungen/, /Stornobedingungen/]) await page.getByRole('checkbox', { name }).check();
  await placeOrder(page, 'Zahlungspflichtig bestellen', consoleErrors);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const { json } = await api(page, 'GET', `/api/orders/${orderId}`);
  const order = json.order;
  const slip = page.getByTestId('payment-slip');
  await expect(slip).toHaveAttribute('data-kind', 'qr-bill');
  const img = slip.getByTestId('payment-slip-code');
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(img).toHaveAttribute('alt', /QR-Code für Ihre Überweisung: CHF/);

  const payload = zbar(await qrBillShot(page, img)).split('\n');
  // SIX IG 2.3, 4.2: header, creditor account and address, (ultimate creditor), amount, currency, debtor, reference, message, trailer
  expect(payload.slice(0, 3)).toEqual(['SPC', '0200', '1']);
  expect(payload[3]).toBe(compact(order.paymentInstructions.iban));
  expect(payload[3]).toBe(compact(await slip.getByTestId('payment-slip-iban').innerText()));
  expect(payload[4]).toBe('S');
  expect(payload[5]).toBe(order.paymentInstructions.accountOwner);
  expect(payload[18]).toBe((order.paymentInstructions.amount.centAmount / 100).toFixed(2));
  expect(payload[19]).toBe('CHF');
  expect(payload.slice(20, 27)).toEqual(['S', 'Anna Muster', 'Bahnhofstrasse', '12', '8001', 'Zürich', 'CH']);
  expect(['QRR', 'SCOR']).toContain(payload[27]);
  expect(payload[28]).toBe(compact(await slip.getByTestId('payment-slip-reference').innerText()));
  expect(payload[29]).toBe(order.orderNumber);
  expect(payload[30]).toBe('EPD');
  await expect(slip.getByTestId('payment-slip-amount')).toContainText('CHF');

  // the slip to print: the same QR-bill as a PDF
  const pdf = await page.evaluate(async (href) => {
    const res = await fetch(href);
    return { status: res.status, type: res.headers.get('content-type'), head: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5)) };
  }, (await slip.getByTestId('payment-slip-pdf').getAttribute('href')) ?? '');
  expect(pdf).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  await axe();
  expect(consoleErrors).toEqual([]);
});

test('DE: the order page shows the GiroCode while unpaid; after finance records the payment the customer downloads the invoice', async ({ page, request, axe, consoleErrors }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  const placed = await depositCartOrdered(page, 1, DE_ADDRESS);
  const order = placed.json.order;
  await page.goto(url('de.localhost', `/kundenkonto/bestelluebersicht/${order.id}`));
  await hydrated(page);
  const slip = page.getByTestId('payment-slip');
  await expect(slip).toHaveAttribute('data-kind', 'epc');
  const payload = zbar(await slip.getByTestId('payment-slip-code').screenshot()).split('\n');
  // EPC069-12: BCD, version, UTF-8, SCT, BIC, name, IBAN, amount, purpose, structured, remittance
  expect(payload.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT']);
  expect(payload[4]).toBe(order.paymentInstructions.bic);
  expect(payload[5]).toBe(order.paymentInstructions.accountOwner);
  expect(payload[6]).toBe(compact(order.paymentInstructions.iban));
  expect(payload[7]).toBe(`EUR${(order.paymentInstructions.amount.centAmount / 100).toFixed(2)}`);
  expect(payload[10]).toBe(order.orderNumber);
  await expect(page.getByTestId('order-documents')).toHaveCount(0);
  await axe();

  await paidByTransfer(request, order);
  await page.goto(url('de.localhost', `/kundenkonto/bestelluebersicht/${order.id}`));
  await hydrated(page);
  await expect(page.getByTestId('payment-slip')).toHaveCount(0);
  const link = page.getByTestId('order-documents').getByRole('link', { name: /^Rechnung RE-DE-\d{4}-\d{6} herunterladen \(PDF\)$/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^RE-DE-\d{4}-\d{6}\.pdf$/);
  const bytes = readFileSync(await download.path());
  const text = inTmp((dir) => {
    writeFileSync(join(dir, 'invoice.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
  });
  expect(text).toContain(`Rechnung ${download.suggestedFilename().replace('.pdf', '')}`);
  expect(text).toContain(order.orderNumber);
  expect(text).toContain('§ 25c UStG');
  await axe();
  expect(consoleErrors).toEqual([]);
});
