// The deposit (spec 3, 7 GET /deposits; issue 10): purchases shipped with the Deposit method go into it as
// tax lots; opening value, current value at the current sell prices and the difference follow price sets;
// per lot the gain or loss and, on the German and Austrian stores, the days until a year has passed; a sale
// takes the oldest lots first (the preview call); another customer's deposit answers 404.
import t from 'tap';
import type { Deposit, SellPreview } from '../../src/contracts/deposit.ts';
import type { Order } from '../../src/contracts/order.ts';
import { fifoTake, lotTaxInfo } from '../../src/commerce/deposits/model.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, handOver, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { openAccountShop, setWithPrice } from './helpers.ts';

const h = await commerceHarness(t);
const BAR = 'AU-BAR-HERAEUS-100G';
const COIN = 'AU-KRUG-1OZ';

async function depositPurchase(s: Shopper, lines: { sku: string; quantity: number }[]): Promise<Order> {
  const cart = await readyCart(s, { lines, shippingMethodId: 'deposit' });
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
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
  const order = await depositPurchase(c, [{ sku: BAR, quantity: 2 }]);
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

t.test('each deposit purchase is a lot; a sale takes the oldest lots first', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'at');
  const first = await depositPurchase(c, [{ sku: COIN, quantity: 2 }, { sku: BAR, quantity: 1 }]);
  api.clock.advance(60);
  const second = await depositPurchase(c, [{ sku: COIN, quantity: 3 }]);
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

t.test('stores outside Germany and Austria show no holding-period countdown', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'ch');
  await depositPurchase(c, [{ sku: BAR, quantity: 1 }]);
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
  await depositPurchase(owner, [{ sku: BAR, quantity: 1 }]);
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
