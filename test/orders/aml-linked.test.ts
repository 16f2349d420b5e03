// Issue 23: anti-money-laundering rules that cannot be split. Linked cash orders of the same customer (the
// account, or a guest's e-mail address and name) within the store's window (src/contracts/aml.ts) count
// together for the identification threshold and for the cash payout cap; cancelled ones do not.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { cashIdentificationThresholds, normalisedName, sameCustomer } from '../../src/contracts/aml.ts';
import { CASH_PAYOUT_MAX_CENTS } from '../../src/contracts/cart-limits.ts';
import { commerceHarness, login, type Api } from '../commerce/helpers.ts';
import { support } from '../lifecycle/helpers.ts';
import { addressOf, customer, guest, ok, openShop, placeOrder, pricesNow, readyCart, type Shopper } from './helpers.ts';

const h = await commerceHarness(t);

const doc = { documentType: 'passport', documentNumber: 'X1234567', issuingCountry: 'CH', expiryDate: '2031-05-31', dateOfBirth: '1980-01-15', placeOfBirth: 'Zürich', nationality: 'CH' };
const cashPickup = (store: string, quantity: number) => ({ shippingMethodId: 'pickup', pickupStore: store, paymentMethod: 'cash', lines: [{ sku: 'AU-KRUG-1OZ', quantity }] });

async function placed(s: Shopper, cartId: string): Promise<Order> {
  const res = await placeOrder(s, cartId);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

t.test('CH: three cash orders of 4 coins in a minute are linked; from the second on the identity document is required', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const threshold = cashIdentificationThresholds.ch.cents;
  const five = await readyCart(c, cashPickup('zuerich', 5));
  t.ok(five.totalGrossPrice!.centAmount > threshold, 'five coins are over CHF 15,000');
  t.equal((await placeOrder(c, five.id)).json().code, 'identity_document_required', 'one order of five coins needs the document (as before)');
  await h.db.query('delete from carts');

  const first = await placed(c, (await readyCart(c, cashPickup('zuerich', 4))).id);
  t.ok(first.totalGrossPrice.centAmount < threshold, 'four coins alone are below the threshold');
  t.match(first, { identityDocumentRecorded: false });

  api.clock.advance(30);
  const second = await readyCart(c, cashPickup('zuerich', 4));
  t.ok(second.totalGrossPrice!.centAmount < threshold, 'the second order alone is below it too');
  const refused = await placeOrder(c, second.id);
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'identity_document_required', details: { reasons: ['identity_document_required'], linkedWithinHours: 720 } });
  t.match(refused.json().message, /count together/, 'the message says the linked orders count');
  t.notMatch(refused.body, first.orderNumber, 'the refusal names no other order');
  await ok(c.call('PUT', `/carts/${second.id}/identity-document`, doc));
  const withDoc = await placed(c, second.id);
  t.match(withDoc, { identityDocumentRecorded: true });
  const [{ data }] = await h.db.query<{ data: { amlLinked: unknown } }>('select data from orders where id = $1', [withDoc.id]);
  t.same(data.amlLinked, { orderNumbers: [first.orderNumber], cents: first.totalGrossPrice.centAmount, withinHours: 720 }, 'the order keeps what it was counted with');

  api.clock.advance(30);
  const third = await readyCart(c, cashPickup('zuerich', 4));
  t.equal((await placeOrder(c, third.id)).json().code, 'identity_document_required', 'the third as well: CHF 41,000 together');

  // a bank transfer is no cash: it neither counts nor is counted
  const transfer = await readyCart(c, { lines: [{ sku: 'AU-KRUG-1OZ', quantity: 4 }] });
  t.equal((await placeOrder(c, transfer.id)).statusCode, 201);
});

t.test('CH: cancelled cash orders do not count', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const first = await placed(c, (await readyCart(c, cashPickup('zuerich', 4))).id);
  const sup = support();
  await life.cancelOrder(api.app.commerce, first.id, { reason: 'customer changed her mind' }, sup.actor, sup.roles);
  const second = await placed(c, (await readyCart(c, cashPickup('zuerich', 4))).id);
  t.match(second, { identityDocumentRecorded: false }, 'only the cancelled order came before');
});

t.test('CH guests: the same e-mail address and name link orders of different guests; the same address with another name does not', async (t) => {
  const { api } = await openShop(h, t);
  const asGuest = async (email: string, name: { firstName: string; lastName: string }) => {
    const g = await guest(api, 'ch');
    const cart = await readyCart(g, { ...cashPickup('zuerich', 4), addresses: false });
    const address = { ...addressOf.ch, ...name };
    await ok(g.call('PUT', `/carts/${cart.id}/addresses`, { shippingAddress: address, billingAddress: address, email }));
    return { g, cartId: cart.id };
  };
  const a = await asGuest('anna.muster@example.ch', { firstName: 'Anna', lastName: 'Müller' });
  await placed(a.g, a.cartId);

  const household = await asGuest('anna.muster@example.ch', { firstName: 'Ben', lastName: 'Müller' });
  t.equal((await placeOrder(household.g, household.cartId)).statusCode, 201, 'another person at the same address is another customer');

  const again = await asGuest('  Anna.Muster@Example.CH ', { firstName: 'anna ', lastName: 'MULLER' });
  const res = await placeOrder(again.g, again.cartId);
  t.match(res.json(), { code: 'identity_document_required', details: { linkedWithinHours: 720 } }, 'the same e-mail and name, written differently, is the same customer');
  t.equal(normalisedName({ firstName: ' Anna', lastName: 'Müller ' }), 'anna muller');
  t.notOk(sameCustomer({ customerId: 'a', email: 'x@example.ch', name: null }, { customerId: 'b', email: 'x@example.ch', name: null }), 'an e-mail address alone links nothing');
});

async function relogin(api: Api, c: Shopper & { email: string; password: string }): Promise<Shopper> {
  const session = await login(api, { email: c.email, password: c.password, store: c.store });
  return { ...c, token: session.accessToken, call: (method, url, body, headers) => api.call(method, url, { store: c.store, token: session.accessToken, body, headers }) };
}

t.test('US: a cash order 23 hours after another is related (Form 8300), 25 hours after it is not', async (t) => {
  const { api } = await openShop(h, t);
  const us = await customer(api, 'us');
  const first = await placed(us, (await readyCart(us, cashPickup('new-york', 2))).id);
  t.match(first, { identityDocumentRecorded: false, cashReport: null });
  t.ok(first.totalGrossPrice.centAmount < cashIdentificationThresholds.us.cents);

  api.clock.advance(23 * 3600);
  await pricesNow(api);
  let s = await relogin(api, us);
  const at23 = await readyCart(s, cashPickup('new-york', 2));
  t.ok(at23.totalGrossPrice!.centAmount < cashIdentificationThresholds.us.cents, 'alone below USD 10,000');
  t.match((await placeOrder(s, at23.id)).json(), { code: 'identity_document_required', details: { linkedWithinHours: 24 } }, '23 h later: related');

  api.clock.advance(2 * 3600);
  await pricesNow(api);
  s = await relogin(api, us);
  await h.db.query('delete from carts');
  const at25 = await placed(s, (await readyCart(s, cashPickup('new-york', 2))).id);
  t.match(at25, { identityDocumentRecorded: false, cashReport: null }, '25 h later: not related');

  // a minute later the next one is related to that one: with the document it is a Form 8300 case
  api.clock.advance(60);
  const next = await readyCart(s, cashPickup('new-york', 2));
  t.equal((await placeOrder(s, next.id)).json().code, 'identity_document_required');
  await ok(s.call('PUT', `/carts/${next.id}/identity-document`, { ...doc, issuingCountry: 'US', nationality: 'US', documentNumber: '561234567' }));
  t.match(await placed(s, next.id), { identityDocumentRecorded: true, cashReport: 'form-8300' }, 'over USD 10,000 together: reported on Form 8300');
});

t.test('CH: the cash payout cap holds for linked sales together', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const sale = (quantity: number) => readyCart(c, { type: 'sell', lines: [{ sku: 'AU-KRUG-1OZ', quantity }], shippingMethodId: 'leave-in-store', paymentMethod: 'cash', pickupStore: 'zuerich' });
  const first = await placed(c, (await sale(4)).id);
  t.ok(first.totalGrossPrice.centAmount < CASH_PAYOUT_MAX_CENTS);
  const second = await sale(1);
  t.ok(first.totalGrossPrice.centAmount + second.totalGrossPrice!.centAmount > CASH_PAYOUT_MAX_CENTS, 'together over 15,000');
  const res = await placeOrder(c, second.id);
  t.equal(res.statusCode, 409);
  t.match(res.json(), { code: 'cash_payout_limit', details: { reasons: ['cash_payout_limit', 'identity_document_required'], linkedWithinHours: 720 } });
  t.match(res.json().message, /count together/);
  await ok(c.call('PUT', `/carts/${second.id}`, { paymentMethod: 'bank-transfer', shippingMethodId: 'shippingSell' }));
  await ok(c.call('PUT', `/carts/${second.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'CH9300762011623852957' }));
  t.equal((await placeOrder(c, second.id)).statusCode, 201, 'paid out to an account it is no cash');
});

t.test('two linked cash orders placed at the same moment are counted one after the other', async (t) => {
  const { api } = await openShop(h, t);
  const carts = [];
  for (let i = 0; i < 2; i++) {
    const g = await guest(api, 'ch');
    carts.push({ g, cart: await readyCart(g, cashPickup('zuerich', 4)) });
  }
  const answers = await Promise.all(carts.map(({ g, cart }) => placeOrder(g, cart.id)));
  t.same(answers.map((r) => r.statusCode).sort(), [201, 409], 'one is placed, the other needs the document');
  t.equal(answers.find((r) => r.statusCode === 409)?.json().code, 'identity_document_required');
});
