// The back office in the browser (issue 15): one operator journey per role against the whole shop started as
// `npm start` (the back office on PORT+4), each ending where the customer sees the result: finance records a
// payment and the customer's order page shows Paid; the warehouse ships with a tracking number and the
// customer's order shows the tracking link (and the mail has it); a sell intake with a lower assay is paid
// out at the lower amount; support cancels an unpaid depot purchase and its metal is not in the depot.
// axe on every back-office screen; screenshots of the queue and the order detail at 1280x800 and 375x812.
import type { Browser, Page } from '@playwright/test';
import { test, expect, url, PORT, fitsViewport, hydrated } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { openOrder, paidByTransfer, staffPage } from './ops.ts';

const BO = `http://127.0.0.1:${PORT + 4}`;
const COMMERCE = `http://127.0.0.1:${PORT + 1}`;
const CH_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH', phone: '+41 44 668 18 00' };
const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };
const SHOTS = process.env.BACKOFFICE_SHOTS ?? 'test-results/backoffice';

/** A purchase placed through the shop's /api by bank transfer: shipped by parcel, or into the depot. */
async function purchase(page: Page, address: Record<string, string>, opts: { deposit?: boolean } = {}): Promise<{ id: string; orderNumber: string; totalGrossPrice: { centAmount: number; currencyCode: string } }> {
  const added = await api(page, 'POST', '/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1, ...(opts.deposit ? { deposit: true } : {}) });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: address, shippingAddress: address })).status).toBe(200);
  const settings = opts.deposit ? { paymentMethod: 'bank-transfer' } : { paymentMethod: 'bank-transfer', shippingMethodId: 'shipping' };
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, settings);
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-bo-${Date.now()}-${Math.random()}`);
  return placed.json.order;
}

/** A sale of scrap gold (10 g at 750) sent by parcel, paid out to a German IBAN. */
async function scrapSale(page: Page): Promise<{ id: string; orderNumber: string; estimateCents: number }> {
  const added = await api(page, 'POST', '/api/cart/scrap-items', { metal: 'gold', fineness: 750, weightGrams: 10 });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: DE_ADDRESS, shippingAddress: DE_ADDRESS })).status).toBe(200);
  const set = await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shippingSell' });
  expect(set.status, JSON.stringify(set.json)).toBe(200);
  const payout = await api(page, 'PUT', `/api/carts/${cartId}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
  expect(payout.status, JSON.stringify(payout.json)).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-bo-sell-${Date.now()}`);
  return { id: placed.json.order.id, orderNumber: placed.json.order.orderNumber, estimateCents: placed.json.order.amount.centAmount };
}

/** An operator signed in to the back office in a browser window of its own (the operator's session of this
 * shop run when there is one: e2e/ops.ts staffPage). */
function staff(browser: Browser, email: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return staffPage(browser, email, { viewport });
}

async function customerOrderPage(page: Page, host: string, orderId: string) {
  await page.goto(url(host, `/kundenkonto/bestelluebersicht/${orderId}`));
  await hydrated(page);
}

test('finance records a payment in the back office and the customer\'s order shows Paid', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const o = await purchase(page, CH_ADDRESS);
  await customerOrderPage(page, 'ch.localhost', o.id);
  await expect(page.getByTestId('order-payment-state')).toContainText(/ausstehend/i);

  // the sign-in page, and a wrong password said plainly
  const signIn = await (await browser.newContext()).newPage();
  await signIn.goto(`${BO}/orders`);
  await expect(signIn).toHaveURL(`${BO}/sign-in?reason=required`);
  await axe(signIn);
  await signIn.screenshot({ path: `${SHOTS}/sign-in.png` });
  await signIn.getByLabel('E-mail address').fill('finance@ops.example');
  await signIn.getByLabel('Password').fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByRole('alert')).toContainText('not correct');

  const fin = await staff(browser, 'finance@ops.example');
  await fin.getByRole('navigation', { name: 'Work queues' }).getByRole('link', { name: /^To pay \d/ }).click();
  await expect(fin.getByRole('link', { name: o.orderNumber })).toBeVisible();
  await expect(fin.getByText(/Page 1 of \d+/)).toBeVisible();
  await axe(fin);
  await fin.screenshot({ path: `${SHOTS}/queue-1280.png`, fullPage: true });

  await openOrder(fin, o.orderNumber);
  const payment = fin.getByRole('form', { name: 'Record a payment' });
  await expect(payment).toBeVisible();
  await expect(fin.getByRole('form', { name: 'Ship' })).toHaveCount(0);
  await axe(fin);
  await fin.screenshot({ path: `${SHOTS}/detail-1280.png`, fullPage: true });

  // a typo in the amount is named at the field, and the same page keeps what was typed
  await payment.getByLabel(/^Amount/).fill('12x');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(fin.getByText('Please enter an amount such as 1234.50.')).toBeVisible();
  await expect(fin.getByLabel(/^Amount/)).toHaveAttribute('aria-invalid', 'true');
  await axe(fin);
  const owed = (await fin.getByText(/^Still owed:/).textContent())!.replace(/^Still owed:\s*/, '');
  await fin.getByLabel(/^Amount/).fill(owed);
  await fin.getByRole('button', { name: 'Record payment' }).click();
  await expect(fin.getByRole('status')).toHaveText('The payment is recorded.');
  await expect(fin.getByRole('region', { name: 'Timeline' }).or(fin.locator('section[aria-labelledby="h-timeline"]'))).toContainText('by finance@ops.example');
  await expect(fin.locator('section[aria-labelledby="h-summary"]')).toContainText('Paid');

  await customerOrderPage(page, 'ch.localhost', o.id);
  await expect(page.getByTestId('order-payment-state')).toHaveText('Bezahlt');

  // the audit log and the statements page are screens too
  await fin.getByRole('link', { name: 'This order in the audit log' }).click();
  await expect(fin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(fin.getByRole('table')).toContainText('finance@ops.example');
  await axe(fin);
  await fin.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });
  await fin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bank statements' }).click();
  await axe(fin);
  await fin.context().close();
  await signIn.context().close();
});

test('the warehouse ships with a tracking number; the customer\'s order and mail have the tracking link', async ({ page, browser, request, axe }) => {
  test.setTimeout(120_000);
  const email = await signedInCustomer(page, 'ch.localhost');
  const o = await purchase(page, CH_ADDRESS);
  await paidByTransfer(request, o);

  // German, as the switch sets it
  const wh = await staff(browser, 'warehouse@ops.example');
  await wh.getByRole('link', { name: 'Deutsch' }).click();
  await expect(wh.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  await wh.getByRole('navigation', { name: 'Arbeitslisten' }).getByRole('link', { name: /^Zu versenden/ }).click();
  await wh.getByRole('link', { name: o.orderNumber }).click();
  await expect(wh.getByRole('form', { name: 'Versenden' })).toBeVisible();
  await expect(wh.getByRole('form', { name: 'Bestellung stornieren' })).toHaveCount(0);
  await axe(wh);
  await wh.getByLabel('Versanddienst', { exact: true }).selectOption({ label: 'DHL' });
  await wh.getByLabel('Sendungsnummer').fill('00340434161234567890');
  await wh.getByRole('button', { name: 'Versand erfassen' }).click();
  await expect(wh.getByRole('status')).toContainText('Der Versand ist erfasst');
  const tracking = 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=00340434161234567890';
  await expect(wh.locator(`a[href="${tracking}"]`).first()).toBeVisible();
  await axe(wh);
  await wh.context().close();

  await customerOrderPage(page, 'ch.localhost', o.id);
  await expect(page.getByTestId('order-timeline').locator(`a[href="${tracking}"]`)).toBeVisible();

  // the development mailbox of the commerce service (loopback only): the storefront's /dev/mailbox reads it too
  const res = await fetch(`${COMMERCE}/admin/outbox?limit=50`, { headers: { 'x-store-key': 'ch' } });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  const { messages } = JSON.parse(body) as { messages: { to: string; subject: string | null; text: string }[] };
  const mail = messages.find((m) => m.subject?.includes(o.orderNumber) && m.text.includes('00340434161234567890'));
  expect(mail, `the shipping mail to the customer among ${JSON.stringify(messages.filter((m) => m.subject?.includes(o.orderNumber)).map((m) => [m.to, m.subject]))}`).toBeTruthy();
  expect(mail!.to).toBe(email);
  expect(mail!.text).toContain(tracking);
});

test('a sell intake: goods received, an assay below the estimate, the payout of the lower amount', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost');
  const sale = await scrapSale(page);

  const wh = await staff(browser, 'warehouse@ops.example');
  await wh.getByRole('navigation', { name: 'Work queues' }).getByRole('link', { name: /^Goods to receive/ }).click();
  await wh.getByRole('link', { name: sale.orderNumber }).click();
  await wh.getByRole('button', { name: 'Record goods received' }).click();
  await expect(wh.getByRole('status')).toHaveText('Goods received is recorded.');
  const assay = wh.getByRole('form', { name: 'Assay' });
  await expect(assay.getByLabel(/final fine weight in grams/)).toHaveValue('7.5');
  await axe(wh);
  // 7.2 g of 7.5 g: 4 % below the estimate, within the 5 % that make no counter-offer (issue 23); 7.2 is a
  // weight the float check `multipleOf: 0.001` refused before
  await assay.getByLabel(/final fine weight in grams/).fill('7.2');
  await assay.getByLabel('Note (optional)').fill('Lower fineness than declared');
  await assay.getByRole('button', { name: 'Record assay' }).click();
  await expect(wh.getByRole('status')).toContainText('The assay is recorded');
  await expect(wh.locator('section[aria-labelledby="h-assay"]')).toContainText('7.2 g');
  await wh.context().close();

  const fin = await staff(browser, 'finance@ops.example');
  await fin.getByRole('navigation', { name: 'Work queues' }).getByRole('link', { name: /^To pay out/ }).click();
  await fin.getByRole('link', { name: sale.orderNumber }).click();
  const payout = fin.getByRole('form', { name: 'Pay out' });
  const offered = await payout.getByLabel(/^Amount/).inputValue();
  expect(Math.round(Number(offered) * 100)).toBeLessThan(sale.estimateCents);
  // issue 23: finance sees the full account it pays to, and the accepted amount beside the estimate
  await expect(payout).toContainText('Pay to: Anna Muster, IBAN DE89 3704 0044 0532 0130 00');
  await expect(fin.locator('section[aria-labelledby="h-summary"]')).toContainText(/€[\d,.]+\s*estimate €/);
  await payout.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(fin.getByRole('status')).toHaveText('The payout is recorded.');
  await expect(fin.locator('section[aria-labelledby="h-summary"]')).toContainText('Complete');
  await axe(fin);
  await fin.screenshot({ path: `${SHOTS}/sell-detail-1280.png`, fullPage: true });
  await fin.context().close();

  await customerOrderPage(page, 'de.localhost', sale.id);
  await expect(page.getByTestId('assay-explanation')).toBeVisible();
});

test('support cancels an unpaid depot purchase and its metal is not in the customer\'s depot', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'de.localhost');
  const o = await purchase(page, DE_ADDRESS, { deposit: true });
  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  await expect(page.getByTestId('deposit-awaiting')).toContainText(o.orderNumber);

  const sup = await staff(browser, 'support@ops.example');
  await openOrder(sup, o.orderNumber);
  await expect(sup.getByRole('form', { name: 'Record a payment' })).toHaveCount(0);
  const cancel = sup.getByRole('form', { name: 'Cancel the order' });
  // issue 28: the customer's language named, a reason from the list, confirmed before anything happens
  await expect(cancel.getByTestId('cancel-language')).toHaveText("Customer's language: German. The mail about the cancellation goes out in it.");
  await cancel.getByLabel(/^Reason/).selectOption('payment_not_received');
  const confirm = cancel.getByRole('checkbox', { name: new RegExp(`^Yes, cancel order ${o.orderNumber} now; the customer is told by mail in German\\.$`) });
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  // not confirmed: the browser keeps the form (the server refuses it too: test/backoffice/orders.test.ts)
  expect(await confirm.evaluate((e) => (e as HTMLInputElement).validity.valueMissing)).toBe(true);
  await expect(sup.locator('section[aria-labelledby="h-summary"]')).not.toContainText('Cancelled');
  await axe(sup);
  await confirm.check();
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(sup.getByRole('status')).toContainText('The order is cancelled');
  await expect(sup.locator('section[aria-labelledby="h-summary"]')).toContainText('Cancelled');

  // a role refusal is a page that says so
  await sup.goto(`${BO}/operators`);
  await expect(sup.getByRole('alert')).toHaveText('Your role may not manage operators.');
  await axe(sup);
  await sup.context().close();

  await page.goto(url('de.localhost', '/kundenkonto/depotverwaltung'));
  await hydrated(page);
  await expect(page.getByTestId('deposit-awaiting')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(o.orderNumber);
});

test('admin screens: operators, whistleblower cases; the queue and detail fit a phone', async ({ page, browser, axe }) => {
  test.setTimeout(120_000);
  await signedInCustomer(page, 'ch.localhost');
  const o = await purchase(page, CH_ADDRESS);
  const admin = await staff(browser, 'admin@ops.example');
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Operators' }).click();
  await expect(admin.getByRole('cell', { name: 'warehouse@ops.example', exact: true })).toBeVisible();
  await axe(admin);
  const email = `e2e.operator.${Date.now()}@ops.example`;
  const create = admin.getByRole('form', { name: 'New operator' });
  await create.getByLabel('E-mail address').fill(email);
  await create.getByLabel('Initial password').fill('Another-Demo-2026');
  await create.getByRole('checkbox', { name: 'Support' }).check();
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(admin.getByRole('status')).toHaveText('The operator was created.');
  await expect(admin.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/operators-1280.png`, fullPage: true });

  // a whistleblower report through the shop's public call, then read and answered by the office
  const report = await fetch(`${COMMERCE}/application/whistleblow`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-store-key': 'ch' },
    body: JSON.stringify({ category: 'other', message: 'A test report from the browser tests.', anonymous: true }),
  });
  const reference = report.ok ? ((await report.json()) as { caseReference: string }).caseReference : null;
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Whistleblower cases' }).click();
  await axe(admin);
  if (reference) {
    await admin.getByRole('link', { name: reference }).click();
    await expect(admin.getByText('A test report from the browser tests.')).toBeVisible();
    await axe(admin);
    await admin.getByLabel(/^Your answer/).fill('Thank you, we are looking into it.');
    await admin.getByRole('button', { name: 'Send answer' }).click();
    await expect(admin.getByRole('status')).toHaveText('Your answer was sent.');
    await admin.screenshot({ path: `${SHOTS}/case-1280.png`, fullPage: true });
  }
  await admin.context().close();

  const phone = await staff(browser, 'finance@ops.example', { width: 375, height: 812 });
  await phone.screenshot({ path: `${SHOTS}/queue-375.png`, fullPage: true });
  await fitsViewport(phone);
  await openOrder(phone, o.orderNumber);
  await phone.screenshot({ path: `${SHOTS}/detail-375.png`, fullPage: true });
  await fitsViewport(phone);
  await axe(phone);
  await phone.context().close();
});
