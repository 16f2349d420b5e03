// The deposit (spec 3, 7 GET /deposits; issue 10): purchases shipped with the Deposit method go into it as
// tax lots; opening value, current value at the current sell prices and the difference follow price sets;
// per lot the gain or loss and, on the German and Austrian stores, the days until a year has passed; a sale
// takes the oldest lots first (the preview call, and a sell order with the depositSell method, which takes
// the pieces out of the lots in the order's transaction); another customer's deposit answers 404.
import t from 'tap';
import type { Deposit, SellPreview } from '../../src/contracts/deposit.ts';
import type { Cart } from '../../src/contracts/cart.ts';
import type { Order, ShippingMethodsResponse } from '../../src/contracts/order.ts';
import { fifoTake, lotTaxInfo, takeDepositSale } from '../../src/commerce/deposits/model.ts';
import { recordPayment } from '../../src/commerce/lifecycle/index.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import type { OrderRow } from '../../src/commerce/orders/model.ts';
import { formatDate } from '../../src/i18n.ts';
import { commerceHarness, login, proof, type Api } from '../commerce/helpers.ts';
import { customer, guest, handOver, ok, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { lastMessageTo, openAccountShop, setWithPrice } from './helpers.ts';

const h = await commerceHarness(t);
const BAR = 'AU-BAR-HERAEUS-100G';
const COIN = 'AU-KRUG-1OZ';

const FINANCE = { type: 'operator' as const, id: '00000000-0000-4000-8000-0000000000f1', email: 'finance@aurum.example' };

/** A deposit purchase, paid at once (issue 15: the metal enters the deposit only when paid; test/lifecycle/deposit.test.ts covers the unpaid one). */
async function depositPurchase(api: Api, s: Shopper, lines: { sku: string; quantity: number }[]): Promise<Order> {
  const cart = await readyCart(s, { lines, shippingMethodId: 'deposit' });
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const o = res.json() as Order;
  await recordPayment(api.app.commerce, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.currency, reference: o.orderNumber, valueDate: '2026-11-23' }, FINANCE, ['finance']);
  return o;
}

/**
 * A guest's deposit purchase as guests could place them before issue 23 (now refused with
 * deposit_requires_account): shipped, then made a deposit order in the database, then paid, so its metal is
 * booked into the guest's deposit. Such deposits exist and still move at sign-in.
 */
async function legacyGuestDepositPurchase(api: Api, g: Shopper, lines: { sku: string; quantity: number }[]): Promise<Order> {
  const res = await placeOrder(g, (await readyCart(g, { lines })).id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const o = res.json() as Order;
  await h.db.query(`update orders set data = jsonb_set(data, '{shippingMethod}', '"deposit"') where id = $1`, [o.id]);
  await recordPayment(api.app.commerce, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.currency, reference: o.orderNumber, valueDate: '2026-11-23' }, FINANCE, ['finance']);
  return o;
}

async function depositOf(s: Shopper): Promise<Deposit> {
  const res = await s.call('GET', '/deposits');
  t.equal(res.statusCode, 200);
  const results = res.json().results as Deposit[];
  if (results.length !== 1) throw new Error(`expected one deposit, got ${results.length}`);
  return results[0];
}

t.test('a deposit purchase opens the deposit as a lot; its values follow the sell prices of each new price set', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'de');
  t.same((await c.call('GET', '/deposits')).json(), { results: [] }, 'no deposit before the first deposit purchase');
  const order = await depositPurchase(api, c, [{ sku: BAR, quantity: 2 }]);
  const unit = order.lineItems[0].price.centAmount;

  const d = await depositOf(c);
  t.match(d.number, /^DE-D-\d{8}$/);
  t.equal(d.openedAt, order.createdAt, 'open date: the first purchase');
  t.equal(d.currency, 'EUR');
  t.same(d.openingValue, { centAmount: 2 * unit, currencyCode: 'EUR' }, 'opening value: what the metal cost');
  t.match(d.lots, [{ sku: BAR, quantity: 2, remainingQuantity: 2, orderNumber: order.orderNumber, acquiredAt: order.createdAt, unitCost: { centAmount: unit }, heldDays: 0 }]);
  t.match(d.holdings, [{ sku: BAR, quantity: 2, cost: { centAmount: 2 * unit }, name: 'Goldbarren 100 g Heraeus' }]);
  t.ok(d.currentValue && d.currentValue.centAmount < 2 * unit, 'valued at the buy-back price, below what it cost');
  t.equal(d.difference?.centAmount, d.currentValue!.centAmount - 2 * unit);
  t.match(d.holdingPeriodRule, { country: 'DE', source: '§ 23 Abs. 1 Satz 1 Nr. 2 EStG', holdingPeriodYears: 1 });
  t.same(d.lots[0].tax, { taxFreeFrom: '2027-11-23', daysUntilTaxFree: 366, taxFree: false }, 'tax-free from the day after the anniversary');

  const sell = unit + 10_000;
  await handOver(api, await setWithPrice(api, BAR, 'sell', sell));
  const later = await depositOf(c);
  t.same(later.currentValue, { centAmount: 2 * sell, currencyCode: 'EUR' }, 'current value at the new sell price');
  t.same(later.difference, { centAmount: 20_000, currencyCode: 'EUR' });
  t.match(later.lots[0], { currentValue: { centAmount: 2 * sell }, gain: { centAmount: 20_000 } }, 'the lot\'s gain follows');
  t.equal(later.priceSetId, (await api.call('GET', '/admin/prices', { store: null })).json().id);

  await handOver(api, await setWithPrice(api, BAR, 'sell', unit - 5_000));
  t.match((await depositOf(c)).lots[0].gain, { centAmount: -10_000 }, 'and a loss');
  const standard = await placeOrder(c, (await readyCart(c, { lines: [{ sku: BAR, quantity: 1 }] })).id);
  t.equal(standard.statusCode, 201);
  t.equal((await depositOf(c)).lots.length, 1, 'a purchase shipped elsewhere does not go in');
});

// Issue 14: a guest's orders and deposit move into an account only with the guest's anonymous token; an
// account holder who merely knows the guest's id (ctUserId) gets nothing, and the guest keeps everything.
t.test('a guest\'s order and deposit move at sign-in only with the guest\'s token', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const g = await guest(api);
  const order = await legacyGuestDepositPurchase(api, g, [{ sku: COIN, quantity: 2 }]);
  const attacker = await customer(api);
  const stolen = await login(api, { email: attacker.email, password: attacker.password, store: 'ch' }, { anonymousId: g.ownerId });
  t.equal(stolen.merged, false, 'an id is no proof');
  t.same((await api.call('GET', '/deposits', { token: stolen.accessToken })).json(), { results: [] }, 'the attacker gets no deposit');
  t.same((await api.call('GET', '/orders', { token: stolen.accessToken })).json().total, 0, 'and no orders');
  t.same(await h.db.query('select customer_id from deposits where customer_id = $1', [g.ownerId]), [{ customer_id: g.ownerId }], 'the guest keeps its deposit');
  t.equal((await g.call('GET', `/orders/${order.id}`)).statusCode, 200, 'and reads its order');

  const owner = await customer(api);
  const session = await login(api, { email: owner.email, password: owner.password, store: 'ch' }, { anonymousId: g.ownerId }, proof(g.token));
  t.equal(session.merged, true, 'the guest signing in from the same browser brings it along');
  const deposits = (await api.call('GET', '/deposits', { token: session.accessToken })).json().results as Deposit[];
  t.same(deposits[0]?.lots.map((l) => l.quantity), [2]);
  t.same((await api.call('GET', '/orders', { token: session.accessToken })).json().results.map((o: Order) => o.id), [order.id]);
});

t.test('each deposit purchase is a lot; a sale takes the oldest lots first', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'at');
  const first = await depositPurchase(api, c, [{ sku: COIN, quantity: 2 }, { sku: BAR, quantity: 1 }]);
  api.clock.advance(60);
  const second = await depositPurchase(api, c, [{ sku: COIN, quantity: 3 }]);
  const d = await depositOf(c);
  t.same(d.lots.map((l) => [l.sku, l.quantity, l.orderNumber]), [[COIN, 2, first.orderNumber], [BAR, 1, first.orderNumber], [COIN, 3, second.orderNumber]], 'oldest first');
  t.match(d.holdings.find((x) => x.sku === COIN), { quantity: 5 });
  t.match(d.holdingPeriodRule, { country: 'AT', source: '§ 31 Abs. 1 EStG 1988' });

  const preview = (await c.call('GET', `/deposits/${d.id}/sell-preview?sku=${COIN}&quantity=3`)).json() as SellPreview;
  t.match(preview, { sku: COIN, quantity: 3, available: 5, taxFreeQuantity: 0 });
  t.same(preview.lots.map((l) => [l.orderNumber, l.quantity]), [[first.orderNumber, 2], [second.orderNumber, 1]], 'two from the first lot, one from the second');
  const unitFirst = first.lineItems.find((l) => l.sku === COIN)!.price.centAmount;
  const unitSecond = second.lineItems[0].price.centAmount;
  t.equal(preview.cost.centAmount, 2 * unitFirst + unitSecond, 'the cost of exactly those pieces');
  t.equal(preview.proceeds!.centAmount, 3 * preview.unitSellPrice!.centAmount);
  t.equal(preview.gain!.centAmount, preview.proceeds!.centAmount - preview.cost.centAmount);
  t.equal(preview.lots[0].tax?.daysUntilTaxFree, 366);

  const tooMany = await c.call('GET', `/deposits/${d.id}/sell-preview?sku=${COIN}&quantity=6`);
  t.equal(tooMany.statusCode, 409);
  t.match(tooMany.json(), { code: 'deposit_quantity_exceeded', details: { available: 5 } });
  t.match((await c.call('GET', `/deposits/${d.id}/sell-preview?sku=AG-PHIL-1OZ&quantity=1`)).json(), { details: { available: 0 } });
  t.equal((await c.call('GET', `/deposits/${d.id}/sell-preview?sku=${COIN}&quantity=0`)).statusCode, 400);
});

/** A new sell cart (the customer's one active sell cart, started afresh) of the given products to be sold
 * from the deposit, paid out by bank transfer. */
async function depositSale(s: Shopper, lines: { sku: string; quantity: number }[]): Promise<Cart> {
  for (const c of ((await s.call('GET', '/carts')).json().results as Cart[]).filter((x) => x.transactionType === 'sell')) {
    await ok(s.call('DELETE', `/carts/${c.id}`));
  }
  const cart = await readyCart(s, { type: 'sell', lines, shippingMethodId: 'depositSell' });
  return ok(s.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
}

const sellMethod = async (s: Shopper, cart: Cart) =>
  ((await s.call('GET', `/orders/shipping-methods?cartId=${cart.id}`)).json() as ShippingMethodsResponse).methods.find((m) => m.key === 'depositSell');

interface Withdrawal { order_number: string; lot_order: string; quantity: number; unit_cost_cents: string; unit_price_cents: string }
const withdrawals = (orderNumber: string) => h.db.query<Withdrawal>(
  `select w.order_number, l.order_number as lot_order, w.quantity, w.unit_cost_cents::text, w.unit_price_cents::text
   from deposit_withdrawals w join deposit_lots l on l.id = w.lot_id where w.order_number = $1 order by l.acquired_at, l.seq`,
  [orderNumber],
);

t.test('a sell order from the deposit takes the oldest lots first; the deposit keeps the rest at their own cost', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'de');
  const first = await depositPurchase(api, c, [{ sku: COIN, quantity: 2 }, { sku: BAR, quantity: 1 }]);
  api.clock.advance(60);
  const second = await depositPurchase(api, c, [{ sku: COIN, quantity: 3 }]);
  const unitFirst = first.lineItems.find((l) => l.sku === COIN)!.price.centAmount;
  const unitSecond = second.lineItems[0].price.centAmount;
  const barCost = first.lineItems.find((l) => l.sku === BAR)!.price.centAmount;

  const cart = await depositSale(c, [{ sku: COIN, quantity: 3 }]);
  t.match(await sellMethod(c, cart), { available: true, reason: null, deliveryMethod: 'deposit', price: { centAmount: 0 }, name: 'Aus meinem Depot verkaufen' });
  const preview = (await c.call('GET', `/deposits/${(await depositOf(c)).id}/sell-preview?sku=${COIN}&quantity=3`)).json() as SellPreview;
  const res = await placeOrder(c, cart.id);
  t.equal(res.statusCode, 201, res.body);
  const sale = res.json() as Order;
  t.match(sale, { type: 'sell', orderState: 'Accepted', shippingInfo: { key: 'depositSell' }, deliveryMethod: 'deposit' });

  const taken = await withdrawals(sale.orderNumber);
  t.same(taken.map((w) => [w.lot_order, w.quantity]), [[first.orderNumber, 2], [second.orderNumber, 1]], 'two from the older lot, one from the newer');
  t.same(taken.map((w) => [w.lot_order, w.quantity]), preview.lots.map((l) => [l.orderNumber, l.quantity]), 'exactly the lots the preview named');
  t.same(taken.map((w) => Number(w.unit_cost_cents)), [unitFirst, unitSecond], 'each part keeps its lot\'s cost');
  t.ok(taken.every((w) => Number(w.unit_price_cents) === sale.lineItems[0].price.centAmount), 'and the price the sale pays');
  const paid = sale.lineItems[0].price.centAmount;
  t.same(sale.depositParts, [
    { sku: COIN, lotOrderNumber: first.orderNumber, acquiredAt: first.createdAt, quantity: 2, unitCost: { centAmount: unitFirst, currencyCode: 'EUR' },
      cost: { centAmount: 2 * unitFirst, currencyCode: 'EUR' }, proceeds: { centAmount: 2 * paid, currencyCode: 'EUR' }, gain: { centAmount: 2 * (paid - unitFirst), currencyCode: 'EUR' } },
    { sku: COIN, lotOrderNumber: second.orderNumber, acquiredAt: second.createdAt, quantity: 1, unitCost: { centAmount: unitSecond, currencyCode: 'EUR' },
      cost: { centAmount: unitSecond, currencyCode: 'EUR' }, proceeds: { centAmount: paid, currencyCode: 'EUR' }, gain: { centAmount: paid - unitSecond, currencyCode: 'EUR' } },
  ], 'the order names the lots it took, with cost, proceeds and gain');
  t.same((await c.call('GET', `/orders/${sale.id}`)).json().depositParts, sale.depositParts, 'also when read again');
  t.notOk(first.depositParts, 'a purchase has none');

  const d = await depositOf(c);
  t.same(d.lots.map((l) => [l.orderNumber, l.sku, l.remainingQuantity, l.quantity]), [[first.orderNumber, BAR, 1, 1], [second.orderNumber, COIN, 2, 3]], 'the emptied lot is gone; the newer lot holds 2 of 3');
  t.match(d.holdings.find((x) => x.sku === COIN), { quantity: 2, cost: { centAmount: 2 * unitSecond } });
  t.equal(d.openingValue.centAmount, barCost + 2 * unitSecond, 'the opening value: what the remaining metal cost');
  const mail = (await lastMessageTo(h.db, c.email))?.text ?? '';
  t.match(mail, /Wir entnehmen die Stücke Ihrem Online-Depot/);
  t.match(mail, `2 × Krügerrand 1 Unze Gold, gekauft am ${formatDate(first.createdAt, 'de-DE')} (${first.orderNumber}) zu je`, 'the mail lists the lots taken');
  t.match(mail, 'Wir überweisen den Betrag auf Ihr Konto DE89', 'the payout: nothing has to arrive first');
  t.notMatch(mail, /Nach Eingang und Prüfung/);

  const again = await depositSale(c, [{ sku: COIN, quantity: 2 }, { sku: BAR, quantity: 1 }]);
  t.equal((await placeOrder(c, again.id)).statusCode, 201, 'the rest can be sold too');
  const empty = await depositOf(c);
  t.same([empty.lots, empty.holdings], [[], []], 'an emptied deposit holds nothing');
  t.equal(empty.number, d.number, 'and stays open for the next purchase');
});

t.test('a sale from the deposit only of what it holds: refused before and at the order, changing nothing; a sale racing another is rolled back whole', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'de');
  await depositPurchase(api, c, [{ sku: COIN, quantity: 2 }]);
  const before = await depositOf(c);

  const tooMany = await depositSale(c, [{ sku: COIN, quantity: 3 }]);
  t.match(await sellMethod(c, tooMany), { available: false, reason: 'deposit_sell_quantity_exceeded' });
  const refused = await placeOrder(c, tooMany.id);
  t.equal(refused.statusCode, 409);
  t.match(refused.json(), { code: 'deposit_sell_quantity_exceeded', details: { reasons: ['deposit_sell_quantity_exceeded'] } });

  const notHeld = await depositSale(c, [{ sku: BAR, quantity: 1 }]);
  t.match(await sellMethod(c, notHeld), { available: false, reason: 'deposit_sell_quantity_exceeded' }, 'a product the deposit does not hold');
  const withScrap = await depositSale(c, [{ sku: COIN, quantity: 1 }]);
  await ok(c.call('POST', `/carts/${withScrap.id}/scrap-items`, { metal: 'gold', fineness: 585, weightGrams: 5 }));
  t.match((await placeOrder(c, withScrap.id)).json(), { code: 'deposit_sell_invalid_items' }, 'scrap never came from the deposit');
  t.same(await depositOf(c), before, 'nothing changed');

  // One active sell cart per customer, so two sales cannot race through the API today; the order's
  // transaction still takes the lots under a lock and refuses what is gone. A hook placed before the sale's
  // plays the other sale, committed between the order's checks and the taking of the lots.
  const sale = await depositSale(c, [{ sku: COIN, quantity: 2 }]);
  const hooks = api.app.commerce.orderPlacedHooks;
  const otherSale = async (tx: Db, order: OrderRow) => {
    if (order.cart_id === sale.id) await tx.query('update deposit_lots set remaining = 0 where deposit_id = $1', [before.id]);
  };
  hooks.splice(hooks.indexOf(takeDepositSale), 0, otherSale);
  const raced = await placeOrder(c, sale.id);
  hooks.splice(hooks.indexOf(otherSale), 1);
  t.equal(raced.statusCode, 409);
  t.match(raced.json(), { code: 'deposit_sell_quantity_exceeded', details: { sku: COIN, available: 0 } }, 'the lots are gone by the time the sale takes them');
  t.same(await h.db.query('select id from orders where cart_id = $1', [sale.id]), [], 'no order is left behind');
  t.equal((await c.call('GET', `/carts/${sale.id}`)).statusCode, 200, 'the cart is still active');
  t.same(await depositOf(c), before, 'the whole transaction was rolled back: lots as before, nothing withdrawn');

  const placed = await placeOrder(c, sale.id);
  t.equal(placed.statusCode, 201, placed.body);
  const [{ n }] = await h.db.query<{ n: number }>(
    `select coalesce(sum(w.quantity), 0)::int as n from deposit_withdrawals w join deposit_lots l on l.id = w.lot_id where l.deposit_id = $1`, [before.id],
  );
  t.equal(n, 2, 'the two pieces left the deposit once');
  t.same((await depositOf(c)).lots, []);
});

t.test('a sell cart offers the sale from the deposit only to a customer whose deposit holds metal', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const none = await customer(api, 'de');
  const cart = await readyCart(none, { type: 'sell', lines: [{ sku: COIN, quantity: 1 }] });
  t.notOk(await sellMethod(none, cart), 'not offered without a deposit');
  const chosen = await ok(none.call('PUT', `/carts/${cart.id}`, { shippingMethodId: 'depositSell' }));
  t.match(await sellMethod(none, chosen), { available: false, reason: 'deposit_sell_quantity_exceeded' }, 'shown with its reason once chosen');
  t.equal((await placeOrder(none, chosen.id)).json().code, 'deposit_sell_quantity_exceeded');
  const buy = await readyCart(none, {});
  t.equal((await none.call('PUT', `/carts/${buy.id}`, { shippingMethodId: 'depositSell' })).json().code, 'shipping_method_not_found', 'not a method of a purchase');

  const owner = await customer(api, 'de');
  await depositPurchase(api, owner, [{ sku: COIN, quantity: 1 }]);
  t.ok(await sellMethod(owner, await readyCart(owner, { type: 'sell', lines: [{ sku: COIN, quantity: 1 }] })), 'offered to the owner of a deposit');
  const ownerBefore = await depositOf(owner);
  t.match((await placeOrder(none, (await depositSale(none, [{ sku: COIN, quantity: 1 }])).id)).json(), { code: 'deposit_sell_quantity_exceeded' },
    'another customer\'s deposit is not for sale');
  t.same(await depositOf(owner), ownerBefore, 'the owner\'s lots are untouched');
});

t.test('stores outside Germany and Austria show no holding-period countdown', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'ch');
  await depositPurchase(api, c, [{ sku: BAR, quantity: 1 }]);
  const d = await depositOf(c);
  t.equal(d.currency, 'CHF');
  t.equal(d.holdingPeriodRule, null);
  t.equal(d.lots[0].tax, null);
  t.equal((await c.call('GET', `/deposits/${d.id}/sell-preview?sku=${BAR}&quantity=1`)).json().taxFreeQuantity, null);
});

t.test('another customer\'s deposit answers 404', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const owner = await customer(api, 'de');
  const other = await customer(api, 'de');
  await depositPurchase(api, owner, [{ sku: BAR, quantity: 1 }]);
  const d = await depositOf(owner);
  for (const url of [`/deposits/${d.id}`, `/deposits/${d.id}/sell-preview?sku=${BAR}&quantity=1`, '/deposits/not-a-uuid']) {
    const res = await other.call('GET', url);
    t.equal(res.statusCode, 404, url);
    t.equal(res.json().code, 'deposit_not_found');
  }
  t.same((await other.call('GET', '/deposits')).json(), { results: [] });
  t.equal((await owner.call('GET', `/deposits/${d.id}`)).json().number, d.number);
  t.equal((await api.call('GET', '/deposits', { store: 'de' })).statusCode, 401);
});

t.test('the one-year countdown: the day after the anniversary, in the store\'s time zone; 29 February ends with February', async (t) => {
  const at = (iso: string) => new Date(iso);
  t.same(lotTaxInfo(at('2026-03-10T09:00:00Z'), 'de', at('2026-03-10T09:00:00Z')), { taxFreeFrom: '2027-03-11', daysUntilTaxFree: 366, taxFree: false });
  t.same(lotTaxInfo(at('2026-03-10T09:00:00Z'), 'de', at('2027-03-10T21:00:00Z')), { taxFreeFrom: '2027-03-11', daysUntilTaxFree: 1, taxFree: false }, 'on the anniversary still taxable');
  t.same(lotTaxInfo(at('2026-03-10T09:00:00Z'), 'de', at('2027-03-10T23:30:00Z')), { taxFreeFrom: '2027-03-11', daysUntilTaxFree: 0, taxFree: true }, 'from midnight in Berlin');
  t.equal(lotTaxInfo(at('2026-03-10T23:30:00Z'), 'at', at('2026-03-11T00:00:00Z'))?.taxFreeFrom, '2027-03-12', 'bought after midnight in Vienna: the next day');
  t.equal(lotTaxInfo(at('2028-02-29T10:00:00Z'), 'de', at('2028-02-29T10:00:00Z'))?.taxFreeFrom, '2029-03-01');
  t.equal(lotTaxInfo(at('2026-03-10T09:00:00Z'), 'ch', at('2026-03-10T09:00:00Z')), null);
  t.same(fifoTake([{ remaining: 2 }, { remaining: 0 }, { remaining: 5 }], 4).map((x) => x.take), [2, 2]);
});
