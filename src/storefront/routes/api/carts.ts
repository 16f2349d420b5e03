// /api cart calls (spec 4, 5, 7; issue 9): the customer's carts, add to cart (created on demand after an
// anonymous token), quantities, scrap items, the checkout's data (addresses, delivery and payment, payout
// account, identity document), recalculation, coupons and the cart's shipping methods. The commerce
// service is the truth: every answer carries the whole cart as it is now.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AddressInput } from '../../../contracts/commerce.ts';
import type { AddressBody, AnswerOf, BodyOf, ShopApi, ShopCart } from '../../../contracts/shop-api.ts';
import type { Result } from '../../../contracts/result.ts';
import { CartClient } from '../../commerce-client/carts.ts';
import { CURRENCY_COOKIE, chosenCurrency } from '../../../contracts/display-currency.ts';
import { apiLanguage } from './errors.ts';
import { fail, refuse, route, UUID } from './respond.ts';

/** the calls that change one cart, named by its id in the path */
type CartWrite = 'setLineQuantity' | 'removeLine' | 'updateCart' | 'setCartAddresses' | 'setPayoutAccount' | 'setIdentityDocument' | 'recalculateCart'
  | 'applyCoupon' | 'removeCoupon';

export function cartsFor(api: FastifyInstance, req: FastifyRequest, reply: FastifyReply): CartClient {
  return new CartClient(api.sessions.clientFor(req, reply), req.store, apiLanguage(req), chosenCurrency(req.store, req.cookies[CURRENCY_COOKIE]));
}

/** The browser's flat address as the service's address input: '' of an optional field is none, a missing
 * required field is '' (the service then names it: 'This field is required.'). */
export function cartAddressOf(a: Static<typeof AddressBody>): AddressInput {
  const opt = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);
  return {
    title: opt(a.title), firstName: a.firstName ?? '', lastName: a.lastName ?? '', company: opt(a.company),
    streetName: a.streetName ?? '', streetNumber: a.streetNumber ?? '', apartment: opt(a.apartment), zipCode: a.zipCode ?? '',
    city: a.city ?? '', state: opt(a.state), country: (a.country ?? '').toUpperCase(), phone: opt(a.phone),
  };
}

export async function cartRoutes(api: FastifyInstance) {
  /** A cart id that is not a UUID names nothing of the customer's: 404, as another's cart would. */
  const badId = (id: string) => !UUID.test(id);

  const answer = (req: FastifyRequest, reply: FastifyReply, r: Result<ShopCart>) => (r.error ? fail(req, reply, r.error) : { cart: r.data });

  route(api, 'carts', async (req, reply) => {
    // issue 16: priced from the current set as read (default), or the prices the cart holds (cart and checkout pages).
    // Issue 24: a read writes nothing. Commerce answers each cart in the visitor's language and currency (spec 4,
    // spec 1); the stored cart takes them with the customer's next write.
    const r = await cartsFor(api, req, reply).carts(req.query.prices);
    if (r.error) return fail(req, reply, r.error);
    return { carts: r.data };
  });

  route(api, 'addToCart', async (req, reply) => {
    const { transactionType, sku, quantity, deposit } = req.body;
    // issue 16: one upstream call; a sell add without the flag is an item sent in (product page, price list),
    // never into a depositSell cart
    const r = await cartsFor(api, req, reply).addLine({ transactionType, sku, quantity, deposit: deposit ?? (transactionType === 'sell' ? false : undefined) });
    if (r.error) return fail(req, reply, r.error);
    return { cart: r.data.cart, ...(r.data.recreated ? { notice: 'cart_recreated' as const } : {}) };
  });

  route(api, 'addScrapItem', async (req, reply) => {
    // issue 24: one call; commerce takes the sell cart out of the deposit mode in the same transaction (spec 4:
    // scrap is always sent in or brought; a depositSell cart with goods is started anew)
    const r = await cartsFor(api, req, reply).addScrapItem(req.body);
    if (r.error) return fail(req, reply, r.error);
    return { cart: r.data.cart, ...(r.data.recreated ? { notice: 'cart_recreated' as const } : {}) };
  });

  /**
   * A write to one of the customer's carts by id: a malformed id answers 404 like another customer's cart
   * would; the answer is the whole cart as it is now.
   */
  const cartWrite = <N extends CartWrite>(name: N, run: (carts: CartClient, cartId: string, body: BodyOf<ShopApi[N]>) => Promise<Result<ShopCart>>) =>
    route(api, name, async (req, reply) => {
      const { cartId } = req.params as { cartId: string };
      if (badId(cartId)) return refuse(req, reply, 404, 'cart_not_found');
      return answer(req, reply, await run(cartsFor(api, req, reply), cartId, req.body as BodyOf<ShopApi[N]>)) as AnswerOf<ShopApi[N]> | FastifyReply;
    });

  cartWrite('setLineQuantity', (carts, id, body) => carts.setQuantity(id, body));
  cartWrite('removeLine', (carts, id, body) => carts.removeLine(id, body));
  // (bodies are not coerced, src/lib/service.ts: a JSON null of a string-or-null field reaches the service as null and clears it)
  cartWrite('updateCart', (carts, id, body) => carts.update(id, body));
  cartWrite('setCartAddresses', (carts, id, { email, shippingAddress, billingAddress, version }) => carts.setAddresses(id, {
    ...(email !== undefined ? { email } : {}),
    ...(shippingAddress !== undefined ? { shippingAddress: shippingAddress && cartAddressOf(shippingAddress) } : {}),
    ...(billingAddress !== undefined ? { billingAddress: billingAddress && cartAddressOf(billingAddress) } : {}),
    ...(version !== undefined ? { version } : {}),
  }));
  cartWrite('setPayoutAccount', (carts, id, body) => carts.setPayoutAccount(id, body));
  cartWrite('setIdentityDocument', (carts, id, body) => carts.setIdentityDocument(id, body));
  cartWrite('recalculateCart', (carts, id) => carts.recalculate(id));
  cartWrite('applyCoupon', (carts, id, body) => carts.applyCoupon(id, body));
  cartWrite('removeCoupon', (carts, id, body) => carts.removeCoupon(id, body));

  route(api, 'removeScrapItem', async (req, reply) => {
    if (badId(req.params.cartId)) return refuse(req, reply, 404, 'cart_not_found');
    if (badId(req.params.lineItemId)) return refuse(req, reply, 404, 'line_item_not_found');
    return answer(req, reply, await cartsFor(api, req, reply).removeScrap(req.params.cartId, req.params.lineItemId));
  });

  route(api, 'shippingMethods', async (req, reply) => {
    if (badId(req.params.cartId)) return refuse(req, reply, 404, 'cart_not_found');
    const r = await cartsFor(api, req, reply).shippingMethods(req.params.cartId);
    return r.error ? fail(req, reply, r.error) : r.data;
  });
}
