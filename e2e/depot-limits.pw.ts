// Issue 17 in the browser: the depot page follows a new price set (its "valid until" changes without a
// reload when a recalculation is forced on the price service) and its tables fit their labelled regions at
// 1280 px (and scroll inside them on a phone); the limit-order form checks the default address before it
// sends anything and lets the customer pick one of their addresses or add one (the addresses page comes
// back to the form with its values kept); a buy limit at or above the current price says it executes at the
// next price update; the scrap page has one calculator, which adds to the sell cart; the sell cart has no
// coupon field (the buy cart has). axe on every page.
import type { Page } from '@playwright/test';
import { test, expect, url, PORT, fitsViewport, hydrated } from './fixtures.ts';
import { api, depositCartOrdered, signedInCustomer } from './customer.ts';
import { paidByTransfer } from './ops.ts';

const PRICES = `http://127.0.0.1:${PORT + 2}`;
const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };
const LIMIT_FORM = '/produkt/kruegerrand-1-unze-gold/limit-order';

/** A paid purchase into the deposit (through the shop's /api and the operators' API, as account-area.pw.ts). */
async function paidDepositPurchase(page: Page, request: Parameters<typeof paidByTransfer>[0], quantity: number) {
  const placed = await depositCartOrdered(page, quantity, DE_ADDRESS);
  await paidByTransfer(request, placed.json.order);
}

/** Every table of the account column sits in a named region; answers how far each is wider than its region. */
async function tableOverflow(page: Page): Promise<{ label: string | null; overflow: number }[]> {
  return page.locator('.account-main table').evaluateAll((tables) => tables.map((t) => {
    const region = t.closest('[role="region"]') as HTMLElement | null;
    return { label: region?.getAttribute('aria-label') ?? null, overflow: region ? t.scrollWidth - region.clientWidth : Infinity };
  }));
}

test('the depot follows a forced price recalculation and its tables fit their regions at 1280 px', async ({ page, request, axe }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  await paidDepositPurchase(page, request, 2);
  await paidDepositPurchase(page, request, 1);

  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  const validUntil = page.getByTestId('deposit-valid-until');
  const before = await validUntil.getAttribute('data-valid-until');
  expect(before).toMatch(/^\d{4}-\d\d-\d\dT/);
  const shownBefore = await validUntil.textContent();
  await page.evaluate(() => ((window as unknown as { __stay: number }).__stay = 17));

  // the tables: all in a named region, none wider than it at 1280 px
  const tables = await tableOverflow(page);
  expect(tables.length).toBeGreaterThanOrEqual(2);
  for (const t of tables) {
    expect(t.label, 'a named region').toBeTruthy();
    expect(t.overflow, `${t.label} fits its region`).toBeLessThanOrEqual(0);
  }
  await fitsViewport(page);
  await axe();

  expect((await request.post(`${PRICES}/admin/recalculate`)).status()).toBe(200);
  // the new set reaches the page over the socket; the deposit is fetched again: a later "valid until"
  await expect(validUntil).not.toHaveAttribute('data-valid-until', before!, { timeout: 20_000 });
  const after = await validUntil.getAttribute('data-valid-until');
  expect(Date.parse(after!)).toBeGreaterThan(Date.parse(before!));
  const shownAfter = await validUntil.textContent();
  // shown to the minute: a set within the same minute may read the same
  if (Math.floor(Date.parse(after!) / 60_000) !== Math.floor(Date.parse(before!) / 60_000)) expect(shownAfter).not.toBe(shownBefore);
  expect(await page.evaluate(() => (window as unknown as { __stay?: number }).__stay), 'no reload').toBe(17);

  // on a phone the page fits; the tables scroll inside their named regions
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await hydrated(page);
  await fitsViewport(page);
  for (const t of await tableOverflow(page)) expect(t.label).toBeTruthy();
  await axe();
});

test('without a default address the limit-order form says so, and adding one on the addresses page comes back with the values kept', async ({ page, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost');
  await page.goto(url('de.localhost', LIMIT_FORM));
  await hydrated(page);
  const check = page.getByTestId('limit-order-address');
  await expect(check.getByTestId('limit-order-address-missing')).toHaveText(/braucht eine Standard-Liefer- und -Rechnungsadresse/);
  await axe();

  // the form stops before sending: no limit order is given
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/limit-orders') && r.method() === 'POST') sent++;
  });
  await page.getByLabel(/^Zielpreis pro Stück/).fill('1234,50');
  await page.getByLabel('Menge').fill('2');
  await page.getByRole('button', { name: 'Limit-Order erteilen' }).click();
  await expect(page.getByText('Bitte hinterlegen Sie in Ihrem Kundenkonto eine Standard-Liefer- und -Rechnungsadresse.').first()).toBeVisible();
  expect(sent).toBe(0);
  await expect(page.getByTestId('limit-order-given')).toHaveCount(0);

  await check.getByRole('link', { name: 'Neue Adresse hinzufügen' }).click();
  await expect(page).toHaveURL(/\/kundenkonto\/adressen\?return=/);
  await hydrated(page);
  await expect(page.getByTestId('addresses-return')).toHaveText('Zurück zu Ihrer Limit-Order');
  for (const [name, value] of [['Straße', 'Leopoldstraße'], ['Nr.', '5'], ['Postleitzahl', '80802'], ['Ort', 'München']]) {
    await page.getByRole('textbox', { name, exact: true }).fill(value);
  }
  await axe();
  await page.getByRole('button', { name: 'Adresse speichern' }).click();

  // back at the form: the address is the default, the values are those typed before
  await expect(page).toHaveURL(url('de.localhost', LIMIT_FORM));
  await expect(page.getByTestId('limit-order-default-address')).toContainText('80802 München');
  await expect(page.getByLabel(/^Zielpreis pro Stück/)).toHaveValue('1234,50');
  await expect(page.getByLabel('Menge')).toHaveValue('2');
  await page.getByRole('button', { name: 'Limit-Order erteilen' }).click();
  await expect(page.getByTestId('limit-order-given')).toContainText(/DE-L-/);
  await axe();
});

test('a customer whose addresses are no default picks one as the default in the limit-order form', async ({ page, axe }) => {
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  // the address loses its defaults (the customer's own call, as the addresses page sends it)
  const me = await api(page, 'GET', '/api/me');
  const address = me.json.customer.addresses[0];
  const cleared = await api(page, 'PUT', `/api/me/addresses/${address.id}`, { ...DE_ADDRESS, defaultShipping: false, defaultBilling: false });
  expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
  expect(cleared.json.customer.addresses[0].defaultShipping).toBe(false);

  await page.goto(url('de.localhost', LIMIT_FORM));
  await hydrated(page);
  const check = page.getByTestId('limit-order-address');
  await expect(check.getByTestId('limit-order-address-missing')).toBeVisible();
  await expect(check.getByRole('radio', { name: /Leopoldstraße 5, 80802 München/ })).toBeChecked();
  await axe();
  await check.getByRole('button', { name: 'Als Standardadresse verwenden' }).click();
  await expect(check.getByTestId('limit-order-default-address')).toContainText('Leopoldstraße 5');
  await expect(check.getByTestId('limit-order-address-missing')).toHaveCount(0);
  const after = await api(page, 'GET', '/api/me');
  expect(after.json.customer.addresses[0]).toMatchObject({ defaultShipping: true, defaultBilling: true });
});

test('a buy limit at or above the current price says before saving that it executes at the next price update', async ({ page, axe }) => {
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  await page.goto(url('de.localhost', LIMIT_FORM));
  await hydrated(page);
  await expect(page.getByTestId('limit-order-current-price')).toHaveText(/€/);
  const notice = page.getByTestId('limit-met-notice');
  const target = page.getByLabel(/^Zielpreis pro Stück/);
  await target.fill('1');
  await expect(notice).toHaveText('');
  await target.fill('90000');
  await expect(notice).toHaveText('Ihr Limit liegt über dem aktuellen Preis: Die Order wird bei der nächsten Preisaktualisierung ausgeführt.');
  await axe();
  await target.fill('100');
  await expect(notice).toHaveText('');

  // in English
  await page.goto(url('de.localhost', '/en/product/krugerrand-1-oz-gold/limit-order'));
  await hydrated(page);
  await page.getByLabel(/^Target price per piece/).fill('90000');
  await expect(page.getByTestId('limit-met-notice')).toHaveText("Your limit is above today's price: it will execute at the next price update.");
});

test('the scrap page has one calculator, which adds to the sell cart; the sell cart has no coupon field', async ({ page, axe }) => {
  for (const [w, h] of [[1280, 800], [375, 812]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(url('de.localhost', '/shop/altgold-ankauf'));
    await hydrated(page);
    await expect(page.locator('main form')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: /Gewicht/ })).toHaveCount(1);
    await expect(page.getByTestId('scrap-estimate')).toHaveCount(1);
    await fitsViewport(page);
  }
  await axe();
  await page.getByRole('textbox', { name: /Gewicht/ }).fill('12');
  await expect(page.getByTestId('scrap-estimate')).toHaveText(/€/);
  await page.getByRole('button', { name: 'In den Verkaufskorb' }).click();
  await expect(page.getByTestId('cart-count-sell')).toHaveText('1');

  await page.goto(url('de.localhost', '/warenkorb?type=sell'));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Altgold 585/1000, 12 g' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter zum Verkauf' }).or(page.getByRole('link', { name: 'Weiter zum Verkauf' }))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toHaveCount(0);
  await axe();

  // the buy cart keeps its coupon field (the check above can fail)
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  expect(added.status).toBe(200);
  await page.goto(url('de.localhost', '/warenkorb?type=buy'));
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'Gutscheincode' })).toBeVisible();
});
