// Issue 15: the deposit books metal only when it is paid. The attack of the issue: buy 3 coins into the
// deposit by bank transfer, do not pay, sell 2 back: refused. Unpaid metal is listed under awaitingPayment
// (no lot, no tax clock); the payment books the lots with the payment's time and the order is Complete;
// a cancelled purchase never enters; a sale from the deposit starts Accepted and a cancelled one puts its
// pieces back.
import t from 'tap';
import type { Cart } from '../../src/contracts/cart.ts';
import type { Deposit } from '../../src/contracts/deposit.ts';
import type { Order } from '../../src/contracts/order.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, ok, placeOrder, pricesNow, readyCart, type Shopper } from '../orders/helpers.ts';
import { openAccountShop } from '../account/helpers.ts';
import { auditActions, finance, mailsTo, order, support } from './helpers.ts';

const h = await commerceHarness(t);
const COIN = 'AU-KRUG-1OZ';

async function depositOf(s: Shopper): Promise<Deposit> {
  const results = (await s.call('GET', '/deposits')).json().results as Deposit[];
  if (results.length !== 1) throw new Error(`expected one deposit, got ${results.length}`);
  return results[0];
}

async function sellCart(s: Shopper & { password: string }, quantity: number): Promise<Cart> {
  for (const c of ((await s.call('GET', '/carts')).json().results as Cart[]).filter((x) => x.transactionType === 'sell')) await ok(s.call('DELETE', `/carts/${c.id}`));
  const cart = await readyCart(s, { type: 'sell', lines: [{ sku: COIN, quantity }], shippingMethodId: 'depositSell' });
  // issue 26: a payout account needs a confirmation of the session within 5 minutes (the password, no second factor)
  await ok(s.call('POST', `/customers/${s.ownerId}/step-up`, { password: s.password }));
  return ok(s.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
}

const payAll = (o: Order) => ({ centAmount: o.totalGrossPrice.centAmount, currency: o.currency, reference: o.orderNumber, valueDate: '2026-11-24' });

t.test('the attack: 3 coins bought into the deposit and not paid cannot be sold; paid, they are booked with the payment\'s date', async (t) => {
  // sessions outlive the days the test moves forward
  const { api } = await openAccountShop(h, t, { config: { ACCESS_TOKEN_TTL_S: 30 * 86_400, REFRESH_TOKEN_TTL_S: 60 * 86_400 } });
  t.teardown(() => h.db.query('delete from deposits'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const bought = await order(c, { lines: [{ sku: COIN, quantity: 3 }], shippingMethodId: 'deposit' });
  t.match(bought, { orderState: 'Open', paymentState: 'Pending' });

  const d = await depositOf(c);
  t.same([d.lots, d.holdings], [[], []], 'no lot and no holding before the money arrives');
  t.match(d.awaitingPayment, [{ orderId: bought.id, orderNumber: bought.orderNumber, sku: COIN, quantity: 3, paymentDueBy: '2026-11-27', cost: { centAmount: 3 * bought.lineItems[0].price.centAmount } }]);
  t.ok(d.awaitingPayment[0].currentValue, 'valued at today\'s sell price');
  t.same(d.openingValue.centAmount, 0);

  const preview = await c.call('GET', `/deposits/${d.id}/sell-preview?sku=${COIN}&quantity=2`);
  t.equal(preview.statusCode, 409, 'the preview offers nothing');
  t.match(preview.json(), { code: 'deposit_quantity_exceeded', details: { available: 0 } });
  const cart = await sellCart(c, 2);
  const methods = (await c.call('GET', `/orders/shipping-methods?cartId=${cart.id}`)).json().methods as { key: string; available: boolean; reason: string | null }[];
  t.match(methods.find((m) => m.key === 'depositSell'), { available: false, reason: 'deposit_sell_quantity_exceeded' });
  const sale = await placeOrder(c, cart.id);
  t.equal(sale.statusCode, 409, 'selling unpaid metal back is refused');
  t.match(sale.json(), { code: 'deposit_sell_quantity_exceeded' });
  t.same(await h.db.query(`select id from orders where type = 'sell'`), [], 'no sale was written');

  api.clock.advance(2 * 86_400 + 3600);
  const fin = finance();
  const paid = await life.recordPayment(ctx, bought.id, payAll(bought), fin.actor, fin.roles);
  t.match(paid.summary, { orderState: 'Complete', paymentState: 'Paid', queues: [] }, 'paid: confirmed and stored at once');
  t.same(await auditActions(h.db, bought.id), ['placed', 'payment_recorded', 'invoice_issued', 'confirmed', 'stored'], 'separate entries confirmed and stored');
  const after = await depositOf(c);
  t.same(after.awaitingPayment, []);
  t.match(after.lots, [{ sku: COIN, quantity: 3, remainingQuantity: 3, orderNumber: bought.orderNumber, acquiredAt: api.clock().toISOString() }],
    'the lot is acquired when paid');
  t.equal(after.lots[0].tax?.taxFreeFrom, '2027-11-25', 'the tax clock starts with the payment');
  t.match((await mailsTo(h.db, bought.customerEmail, bought.orderNumber)).at(-1), { subject: /in Ihrem Depot/, text: new RegExp(after.number) });

  await pricesNow(api);
  const nowSale = await placeOrder(c, (await sellCart(c, 2)).id);
  t.equal(nowSale.statusCode, 201, 'paid metal can be sold');
  t.match(nowSale.json(), { orderState: 'Accepted', paymentState: 'Pending' }, 'a sale from the deposit starts Accepted: nothing to receive or assay');
});

t.test('a cancelled deposit purchase never enters the deposit; a cancelled sale from it puts the pieces back', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const first = await order(c, { lines: [{ sku: COIN, quantity: 2 }], shippingMethodId: 'deposit' });
  const second = await order(c, { lines: [{ sku: COIN, quantity: 1 }], shippingMethodId: 'deposit' });
  const sup = support();
  await life.cancelOrder(ctx, first.id, { reason: 'Customer changed their mind' }, sup.actor, sup.roles);
  let d = await depositOf(c);
  t.same(d.awaitingPayment.map((x) => x.orderNumber), [second.orderNumber], 'the cancelled purchase leaves the list');
  const fin = finance();
  t.match(await life.recordPayment(ctx, first.id, payAll(first), fin.actor, fin.roles).catch((e) => e), { code: 'invalid_transition' }, 'and takes no payment');
  await life.recordPayment(ctx, second.id, payAll(second), fin.actor, fin.roles);
  d = await depositOf(c);
  t.same(d.lots.map((l) => [l.orderNumber, l.quantity]), [[second.orderNumber, 1]], 'only the paid purchase is booked');

  const sale = (await placeOrder(c, (await sellCart(c, 1)).id)).json() as Order;
  t.same((await depositOf(c)).lots, [], 'the sale took the piece');
  const cancelled = await life.cancelOrder(ctx, sale.id, { reason: 'Sold by mistake' }, sup.actor, sup.roles);
  t.match(cancelled.summary, { orderState: 'Cancelled' });
  t.match(cancelled.timeline.at(-1), { action: 'cancelled', details: { piecesRestored: 1 } });
  t.match((await depositOf(c)).lots, [{ orderNumber: second.orderNumber, remainingQuantity: 1 }], 'the piece is back in its lot');

  // a sale from the deposit is paid out at its total, then Complete
  const again = (await placeOrder(c, (await sellCart(c, 1)).id)).json() as Order;
  const bad = await life.recordPayout(ctx, again.id, { iban: 'DE89370400440532013000', centAmount: again.totalGrossPrice.centAmount + 1, valueDate: '2026-11-24' }, fin.actor, fin.roles).catch((e) => e);
  t.match(bad, { statusCode: 409, code: 'payout_amount_mismatch', details: { expected: { centAmount: again.totalGrossPrice.centAmount } } });
  const out = await life.recordPayout(ctx, again.id, { iban: 'DE89 3704 0044 0532 0130 00', centAmount: again.totalGrossPrice.centAmount, valueDate: '2026-11-24' }, fin.actor, fin.roles);
  t.match(out.summary, { orderState: 'Complete', paymentState: 'Paid' });
  t.match(out.payout, { iban: 'DE89 **** **** **** *130 00', amount: { centAmount: again.totalGrossPrice.centAmount } });
});

t.test('an account cannot be deleted while an order is in progress: partly paid metal, a paid parcel not yet sent', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const ctx = api.app.commerce;
  const fin = finance();
  const del = (s: Shopper & { password: string }) => s.call('DELETE', `/customers/${s.ownerId}`, { password: s.password });

  // metal bought into the deposit, half paid: no lot yet, but the money is the customer's
  const c = await customer(api, 'de');
  const bought = await order(c, { lines: [{ sku: COIN, quantity: 2 }], shippingMethodId: 'deposit' });
  await life.recordPayment(ctx, bought.id, { ...payAll(bought), centAmount: 1000 }, fin.actor, fin.roles);
  const refused = await del(c);
  t.equal(refused.statusCode, 409, refused.body);
  t.equal(refused.json().code, 'orders_in_progress');
  const [{ n }] = await h.db.query<{ n: number }>('select count(*)::int as n from order_payments where order_id = $1', [bought.id]);
  t.equal(n, 1, 'the payment record is still there');
  // paid in full the metal is stored (Complete): the depot then blocks (deposit_not_empty), not the order
  await life.recordPayment(ctx, bought.id, { ...payAll(bought), centAmount: bought.totalGrossPrice.centAmount - 1000 }, fin.actor, fin.roles);
  t.equal((await del(c)).json().code, 'deposit_not_empty');

  // a parcel paid and not yet sent
  const d = await customer(api, 'ch');
  const parcel = await order(d);
  await life.recordPayment(ctx, parcel.id, payAll(parcel), fin.actor, fin.roles);
  t.equal((await del(d)).json().code, 'orders_in_progress');
  await life.cancelOrder(ctx, (await order(d)).id, { reason: 'test' }, support().actor, support().roles);
  const wh = { actor: { ...fin.actor, email: 'w@x.example' }, roles: ['warehouse' as const] };
  await life.recordShipment(ctx, parcel.id, { carrier: 'DHL', trackingNumber: '00340434161234567890' }, wh.actor, wh.roles);
  t.equal((await del(d)).statusCode, 200, 'shipped and cancelled orders are history: deletion goes ahead');
});
