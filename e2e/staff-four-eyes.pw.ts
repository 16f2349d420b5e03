// Issue 26 (staff), four eyes in Chromium: a payout above 10,000.00 is prepared by one finance operator and
// released in the back office by a second one (whose first sign-in enrols TOTP); the one who prepared it
// cannot release it.
import { test, expect, PORT } from './fixtures.ts';
import { api, orderPlaced, signedInCustomer } from './customer.ts';
import { BACKOFFICE, currentCode, openOrder, opsStep, opsToken } from './ops.ts';
import { dayInStore } from '../src/stores.ts';

const DE_ADDRESS = { firstName: 'Anna', lastName: 'Muster', streetName: 'Leopoldstraße', streetNumber: '5', zipCode: '80802', city: 'München', country: 'DE', phone: '+49 89 123456' };
const PASSWORD = 'Tresor-Schluessel-42';

test('a payout above the four-eyes limit is prepared by one finance operator and released by another', async ({ page, request, browser, axe }) => {
  test.setTimeout(180_000);
  // 250 g of fine gold: far above 10,000.00 EUR
  await signedInCustomer(page, 'de.localhost', DE_ADDRESS);
  const added = await api(page, 'POST', '/api/cart/scrap-items', { metal: 'gold', fineness: 999, weightGrams: 250 });
  expect(added.status, JSON.stringify(added.json)).toBe(200);
  const cartId = added.json.cart.id as string;
  expect((await api(page, 'PUT', `/api/carts/${cartId}/addresses`, { billingAddress: DE_ADDRESS, shippingAddress: DE_ADDRESS })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shippingSell' })).status).toBe(200);
  expect((await api(page, 'PUT', `/api/carts/${cartId}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' })).status).toBe(200);
  const placed = await orderPlaced(page, cartId, `e2e-four-eyes-${Date.now()}`);
  const sale = placed.json.order;
  await opsStep(request, 'warehouse', sale.id, 'goods-received', {});
  const assayed = await opsStep(request, 'warehouse', sale.id, 'assay', { lines: [{ lineId: sale.lineItems[0].id, finalFineWeightMg: 249_750 }] });
  const cents = assayed.assay.final.centAmount as number;
  expect(cents).toBeGreaterThan(1_000_000);

  // the demo finance operator prepares it: the order stays Accepted, and it cannot release it itself
  // the value date the back office's form proposes too: today in the store's zone (an hour after midnight in
  // Berlin the UTC day is still yesterday, and the release would then differ from what was prepared)
  const body = { iban: 'DE89370400440532013000', centAmount: cents, valueDate: dayInStore('de') };
  const prepared = await opsStep(request, 'finance', sale.id, 'payout', body);
  expect(prepared.summary.orderState).toBe('Accepted');
  const again = await request.post(`http://127.0.0.1:${PORT + 1}/ops/orders/${sale.id}/payout`, { headers: { authorization: `Bearer ${await opsToken(request, 'finance')}` }, data: body });
  expect(again.status()).toBe(409);
  expect((await again.json()).code).toBe('four_eyes_same_operator');

  // a second finance operator, at its first sign-in, enrols and releases the payout in the back office
  const email = `finance-${Date.now()}@ops.example`;
  const created = await request.post(`http://127.0.0.1:${PORT + 1}/ops/operators`, {
    headers: { authorization: `Bearer ${await opsToken(request, 'admin')}` }, data: { email, password: PASSWORD, roles: ['finance'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const fin = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
  await fin.goto(`${BACKOFFICE}/sign-in`);
  await fin.getByLabel('E-mail address').fill(email);
  await fin.getByLabel('Password').fill(PASSWORD);
  await fin.getByRole('button', { name: 'Sign in' }).click();
  const secret = (await fin.locator('code.secret').innerText()).replace(/\s+/g, '');
  await fin.getByRole('textbox', { name: 'Code' }).fill(await currentCode(email, secret));
  await fin.getByRole('button', { name: 'Confirm and continue' }).click();
  await fin.getByRole('link', { name: 'Continue to the back office' }).click();
  await expect(fin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await openOrder(fin, sale.orderNumber);
  await expect(fin.getByText('Payout prepared (a second finance operator releases it)')).toBeVisible();
  const payout = fin.getByRole('form', { name: 'Pay out' });
  await payout.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(fin.getByRole('status')).toHaveText('The payout is recorded.');
  await axe(fin);
});
