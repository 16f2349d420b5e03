// Cart, order and wishlist calls of spec 7 through the session-aware client, for the browser's API
// (routes/api/carts.ts, orders.ts, wishlist.ts). Every wrapper returns { data, error }; carts come back as
// the shop's ShopCart (the service's cart without the owner's id). Cart writes need a session: a guest gets
// an anonymous token first (spec 4), reads never create one.
import type {
  AddLineBody, Cart, CartAddressesBody, CartChangeResponse, CartPrices, CartsResponse, CouponBody, IdentityDocumentBody, PayoutAccountBody,
  RemoveCouponBody, ScrapItemBody, TransactionType, UpdateCartBody,
} from '../../contracts/cart.ts';
import type { CreateOrderBody, Order, ShippingMethodsResponse } from '../../contracts/order.ts';
import type { Result } from '../../contracts/result.ts';
import type { ShopCart } from '../../contracts/shop-api.ts';
import type { ToggleWishlistResponse, Wishlist } from '../../contracts/wishlist.ts';
import { stores, type Currency, type Language, type StoreKey } from '../../stores.ts';
import { fail, ok } from './http.ts';
import type { SessionClient } from './session-client.ts';
import { NOT_SIGNED_IN } from './account.ts';

export function reshapeCart(c: Cart): ShopCart {
  const { ownerId: _owner, ...cart } = c;
  return cart;
}

function mapCart(r: Result<Cart>): Result<ShopCart> {
  return r.error ? fail(r.error) : ok(reshapeCart(r.data));
}

/** The language tag of names in answers and of the confirmation mail: the page's locale (de-CH, en-US ...). */
export function cartLanguageTag(store: StoreKey, lang: Language): string {
  return stores[store].locales[lang];
}

/** Cart calls bound to one request's session, store and language. */
export class CartClient {
  private readonly client: SessionClient;
  private readonly store: StoreKey;
  private readonly lang: Language;
  /** the visitor's currency (the store's or USD, spec 1): carts are created and kept in it */
  readonly currency: Currency;

  constructor(client: SessionClient, store: StoreKey, lang: Language, currency: Currency = stores[store].currency) {
    this.client = client;
    this.store = store;
    this.lang = lang;
    this.currency = currency;
  }

  get session(): SessionClient {
    return this.client;
  }

  /** de-CH, en-US ...: the locale carts are kept in (spec 4: a cart in another locale is updated). */
  get locale(): string {
    return cartLanguageTag(this.store, this.lang);
  }

  private get query() {
    return { languageTag: this.locale };
  }

  /**
   * Issue 24: the language and currency the visitor sees carts in. Reads answer the carts in them and store
   * nothing; a write (the customer acts) keeps the cart in them (spec 4 cart language, spec 1 USD).
   */
  private get visitorQuery() {
    return { languageTag: this.locale, currency: this.currency };
  }

  /**
   * The customer's active carts (buy and sell), in the visitor's language and currency (a read: nothing is
   * stored). A guest without any token has none: no call, no token.
   * prices: current (the service's default) prices them from the current set as they are read; held, as stored.
   */
  async carts(prices?: CartPrices): Promise<Result<ShopCart[]>> {
    if (!this.client.session.current) return ok([]);
    const r = await this.client.call<CartsResponse>({ path: '/carts', query: { ...this.visitorQuery, ...(prices ? { prices } : {}) } });
    return r.error ? fail(r.error) : ok(r.data.results.map(reshapeCart));
  }

  /** One cart as stored (its own currency, the prices it holds): what an order of it would be. */
  async storedCart(id: string): Promise<Result<ShopCart>> {
    if (!this.client.session.current) return fail({ code: 'cart_not_found', status: 404, message: 'Cart not found.' });
    return mapCart(await this.client.call<Cart>({ path: `/carts/${id}`, query: { ...this.query, prices: 'held' } }));
  }

  /**
   * The active cart of a type, created on demand (spec 4) after a guest got an anonymous token; POST /carts
   * answers the existing one when there is one. Priced for the store's country in the visitor's currency.
   */
  async cartOfType(transactionType: TransactionType): Promise<Result<ShopCart>> {
    const s = await this.client.ensureSession();
    if (s.error) return fail(s.error);
    const store = stores[this.store];
    return mapCart(await this.client.call<Cart>({
      method: 'POST', path: '/carts', query: this.query,
      body: { transactionType, orderType: 'order', country: store.country, currency: this.currency, locale: this.locale },
    }));
  }

  /**
   * Add to cart in one call (issue 16): the service adds to what the cart of the type holds, creates it on
   * demand and switches its delivery mode (recreated: started anew for the other mode, spec 4).
   */
  async addLine(body: Omit<AddLineBody, 'country' | 'currency' | 'locale'>): Promise<Result<{ cart: ShopCart; recreated: boolean }>> {
    const s = await this.client.ensureSession();
    if (s.error) return fail(s.error);
    const store = stores[this.store];
    const r = await this.client.call<CartChangeResponse>({
      method: 'POST', path: '/carts/lines', query: this.query,
      body: { ...body, country: store.country, currency: this.currency, locale: this.locale },
    });
    return r.error ? fail(r.error) : ok({ cart: reshapeCart(r.data.cart), recreated: r.data.recreated });
  }

  /**
   * A scrap item in one call (issue 24): commerce adds it to the sell cart, created on demand, which leaves the
   * deposit mode in the same transaction (spec 4: scrap is sent in or brought; recreated: started anew).
   */
  async addScrapItem(body: ScrapItemBody): Promise<Result<{ cart: ShopCart; recreated: boolean }>> {
    const s = await this.client.ensureSession();
    if (s.error) return fail(s.error);
    const r = await this.client.call<CartChangeResponse>({ method: 'POST', path: '/carts/scrap-items', query: this.visitorQuery, body });
    return r.error ? fail(r.error) : ok({ cart: reshapeCart(r.data.cart), recreated: r.data.recreated });
  }

  /** The cart's delivery mode in one call (spec 4: a cart with goods in the other mode is started anew). */
  async setMode(id: string, deposit: boolean): Promise<Result<{ cart: ShopCart; recreated: boolean }>> {
    if (!this.client.session.current) return fail({ code: 'cart_not_found', status: 404, message: 'Cart not found.' });
    const r = await this.client.call<CartChangeResponse>({ method: 'PUT', path: `/carts/${id}/mode`, query: this.query, body: { deposit } });
    return r.error ? fail(r.error) : ok({ cart: reshapeCart(r.data.cart), recreated: r.data.recreated });
  }

  deleteCart(id: string): Promise<Result<ShopCart>> {
    return this.write('DELETE', `/carts/${id}`);
  }

  update(id: string, body: UpdateCartBody): Promise<Result<ShopCart>> {
    return this.write('PUT', `/carts/${id}`, body);
  }

  setQuantity(id: string, body: { sku: string; quantity: number; version?: number }): Promise<Result<ShopCart>> {
    return this.write('PUT', `/carts/${id}/line-items`, body);
  }

  removeLine(id: string, body: { sku: string; version?: number }): Promise<Result<ShopCart>> {
    return this.write('DELETE', `/carts/${id}/line-items`, body);
  }

  addScrap(id: string, body: ScrapItemBody): Promise<Result<ShopCart>> {
    return this.write('POST', `/carts/${id}/scrap-items`, body);
  }

  removeScrap(id: string, lineItemId: string): Promise<Result<ShopCart>> {
    return this.write('DELETE', `/carts/${id}/scrap-items/${lineItemId}`);
  }

  setAddresses(id: string, body: CartAddressesBody): Promise<Result<ShopCart>> {
    return this.write('PUT', `/carts/${id}/addresses`, body);
  }

  setPayoutAccount(id: string, body: PayoutAccountBody): Promise<Result<ShopCart>> {
    return this.write('PUT', `/carts/${id}/payout-account`, body);
  }

  setIdentityDocument(id: string, body: IdentityDocumentBody): Promise<Result<ShopCart>> {
    return this.write('PUT', `/carts/${id}/identity-document`, body);
  }

  recalculate(id: string): Promise<Result<ShopCart>> {
    return this.write('POST', `/carts/${id}/recalculate`);
  }

  /** spec 6: admin-prefixed path serves the cart coupon */
  applyCoupon(id: string, body: CouponBody): Promise<Result<ShopCart>> {
    return this.write('PUT', `/admin/carts/${id}/coupon`, body);
  }

  removeCoupon(id: string, body: RemoveCouponBody): Promise<Result<ShopCart>> {
    return this.write('DELETE', `/admin/carts/${id}/coupon`, body);
  }

  shippingMethods(cartId: string): Promise<Result<ShippingMethodsResponse>> {
    return this.client.call({ path: '/orders/shipping-methods', query: { cartId, ...this.query } });
  }

  /** POST /orders with the browser's Idempotency-Key (exactly once, also when the browser repeats it). */
  placeOrder(body: CreateOrderBody, idempotencyKey: string): Promise<Result<Order>> {
    return this.client.call({ method: 'POST', path: '/orders', query: this.query, body, headers: { 'idempotency-key': idempotencyKey } });
  }

  order(id: string): Promise<Result<Order>> {
    return this.client.call({ path: `/orders/${id}`, query: this.query });
  }

  private async write(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Result<ShopCart>> {
    // Without a session there is no cart to change: the service would answer 401, the guest has no cart.
    if (!this.client.session.current) return fail({ code: 'cart_not_found', status: 404, message: 'Cart not found.' });
    return mapCart(await this.client.call<Cart>({ method, path, query: this.visitorQuery, body: body ?? (method === 'DELETE' ? undefined : {}) }));
  }

  // ---------------------------------------------------------------- wishlist (spec 4, 7; signed-in customers)

  private signedIn(): boolean {
    return this.client.session.current?.level === 'User';
  }

  async wishlist(): Promise<Result<Wishlist | null>> {
    if (!this.signedIn()) return fail({ ...NOT_SIGNED_IN });
    const r = await this.client.call<{ results: Wishlist[] }>({ path: '/wishlists', query: this.query });
    return r.error ? fail(r.error) : ok(r.data.results[0] ?? null);
  }

  /**
   * spec 4: if no wishlist exists, create one with the product; otherwise add the product or remove it. One
   * commerce call with the rule inside (issue 24: two tabs' clicks both count). Answers the wishlist and
   * whether the product is on it now.
   */
  async toggleWishlist(sku: string): Promise<Result<{ wishlist: Wishlist; added: boolean }>> {
    if (!this.signedIn()) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<ToggleWishlistResponse>({ method: 'POST', path: '/wishlists/toggle', query: this.query, body: { sku } });
  }

  async removeWishlistItem(lineItemId: string): Promise<Result<Wishlist | null>> {
    const current = await this.wishlist();
    if (current.error) return fail(current.error);
    if (!current.data) return fail({ code: 'wishlist_item_not_found', status: 404, message: 'This item is not on your wishlist.' });
    return this.client.call<Wishlist>({ method: 'DELETE', path: `/wishlists/${current.data.id}/store/${this.store}/line-item/${lineItemId}`, query: this.query });
  }
}
