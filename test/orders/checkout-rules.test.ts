// The commerce service keeps the checkout's rules (src/contracts/checkout-rules.ts): what the delivery step
// does not offer is refused when the order is placed, whatever a client sends, and the shipping methods
// carry the Scrap Metal Box's cap the step's insured-shipping note is judged by.
import t, { type Test } from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { paymentMethodsOffered } from '../../src/contracts/checkout-rules.ts';
import { customer, newKey, placeOrder, readyCart, openShop, type Shopper } from './helpers.ts';

const h = await commerceHarness(t);

async function reasonsOf(tt: Test, s: Shopper, cartId: string): Promise<string[]> {
  const res = await placeOrder(s, cartId, newKey());
  tt.equal(res.statusCode, 409, res.body.slice(0, 300));
  return (res.json() as { details?: { reasons?: string[] } }).details?.reasons ?? [];
}

t.test('a sale from the deposit with a cash payout, which the page does not offer, is refused', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  t.notOk(paymentMethodsOffered({ transactionType: 'sell', methodKey: 'depositSell' }).includes('cash'), 'the page offers no cash payout here');
  const cart = await readyCart(c, { type: 'sell', shippingMethodId: 'depositSell', paymentMethod: 'cash' });
  t.ok((await reasonsOf(t, c, cart.id)).includes('cash_requires_store_drop_off'), 'the service refuses it too');
  t.same(await h.db.query(`select id from orders where cart_id = $1`, [cart.id]), [], 'no order was written');
});

t.test('a coming-soon payment method that reached a cart is refused at the order (not only when it is set)', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api);
  const cart = await readyCart(c);
  const set = await c.call('PUT', `/carts/${cart.id}`, { paymentMethod: 'card' });
  t.equal(set.json().code, 'payment_method_unavailable', 'the cart does not take it');
  await h.db.query(`update carts set payment_method = 'card' where id = $1`, [cart.id]);
  // (the card's prices are not the transfer's, so 'not equal' may come first: every reason is listed)
  t.ok((await reasonsOf(t, c, cart.id)).includes('payment_method_unavailable'), 'nor does the order');
  t.same(await h.db.query(`select id from orders where cart_id = $1`, [cart.id]), [], 'no order was written');
});

t.test('the shipping methods of a cart carry the Scrap Metal Box cap in its currency (5,000 EUR at the set\'s rate)', async (t) => {
  const { api, set } = await openShop(h, t);
  const c = await customer(api);
  const cart = await readyCart(c, { type: 'sell', lines: [{ sku: 'AU-BAR-HERAEUS-1KG-CAST', quantity: 1 }] });
  const methods = (await c.call('GET', `/orders/shipping-methods?cartId=${cart.id}`)).json() as { scrapBoxCap: { centAmount: number; currencyCode: string } | null };
  t.same(methods.scrapBoxCap, { centAmount: Math.round(500_000 * set.eurRates.CHF), currencyCode: 'CHF' });
  t.ok(cart.totalPrice!.centAmount > methods.scrapBoxCap!.centAmount, 'a kilo bar is worth more: the note applies');
  const none = (await c.call('GET', '/orders/shipping-methods')).json() as { scrapBoxCap?: unknown };
  t.notOk(none.scrapBoxCap, 'without a cart there is no cap to say');
});
