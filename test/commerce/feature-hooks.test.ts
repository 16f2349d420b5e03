// Issue 24, "commerce without cycles": orders sit below the lifecycle and the deposits, which build on them,
// so orders import neither; they meet through the kernel's hooks (src/commerce/context.ts). The lifecycle adds
// its part of an order's answer through orderAnswerHooks, the deposits give the order rules the customer's
// holdings through depotHoldings. Here a test plays the feature that registers: what it registers is what
// the customer's calls answer, and another customer's order stays 404 without running any hook.
import t from 'tap';
import type { Order, ShippingMethodsResponse } from '../../src/contracts/order.ts';
import { commerceHarness } from './helpers.ts';
import { customer, openShop, placeOrder, readyCart } from '../orders/helpers.ts';

const h = await commerceHarness(t);

t.test("an order's answer carries what the features add through orderAnswerHooks, after the lifecycle's part", async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const placed = await placeOrder(c, (await readyCart(c)).id);
  t.equal(placed.statusCode, 201, 'the order is placed');
  const order = placed.json() as Order;

  const seen: Order[] = [];
  api.app.commerce.orderAnswerHooks.push(async (_db, o, lang) => {
    seen.push(o);
    return { ...o, comment: `added by a feature (${lang})` };
  });
  const res = await c.call('GET', `/orders/${order.id}?languageTag=en`);
  t.equal(res.statusCode, 200);
  const answer = res.json() as Order;
  t.equal(answer.comment, 'added by a feature (en)', 'the registered hook shaped the answer, in the asked language');
  t.equal(seen.length, 1, 'run once per answer');
  // the lifecycle registered first (its plugin): the hook sees the order with the lifecycle's part
  t.equal(seen[0].paymentDueBy, answer.paymentDueBy, 'the transfer\'s due date is there');
  t.match(answer.paymentDueBy, /^\d{4}-\d{2}-\d{2}/, 'a bank transfer awaits its money by a date');
  t.same(answer.timeline?.map((e) => e.kind), ['placed'], 'the timeline is the lifecycle\'s');

  const other = await customer(api, 'ch');
  const foreign = await other.call('GET', `/orders/${order.id}`);
  t.equal(foreign.statusCode, 404, 'another customer\'s order is not found');
  t.equal(foreign.json().code, 'order_not_found');
  t.equal(seen.length, 1, 'and no hook ran for it');
});

t.test('the order rules read the customer\'s depot through depotHoldings, which the deposits feature sets', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const cart = await readyCart(c, { type: 'sell' });
  const offered = async () => {
    const res = await c.call('GET', `/orders/shipping-methods?cartId=${cart.id}`);
    t.equal(res.statusCode, 200);
    return (res.json() as ShippingMethodsResponse).methods.map((m) => m.key);
  };
  t.notOk((await offered()).includes('depositSell'), 'an empty depot (the deposits feature\'s answer): no sale from it');

  const asked: { customerId: string | null; storeKey: string }[] = [];
  const holdings = api.app.commerce.depotHoldings;
  api.app.commerce.depotHoldings = async (db, customerId, storeKey) => {
    asked.push({ customerId, storeKey });
    return new Map([['AU-KRUG-1OZ', 2]]);
  };
  t.teardown(() => { api.app.commerce.depotHoldings = holdings; });
  t.ok((await offered()).includes('depositSell'), 'holdings in the depot: a sale from it is offered');
  t.same(asked, [{ customerId: c.ownerId, storeKey: 'ch' }], 'asked for the cart\'s owner in the cart\'s store');
});
