// The account area's calls of spec 7 through the session-aware client (issue 10): the customer's orders,
// limit orders and deposit, for the browser's API (routes/api/account-orders.ts, limit-orders.ts,
// deposits.ts) and the account pages' loaders (the AccountAreaReader port). Names in answers come in the
// page's language (languageTag: the store's locale for it). Every wrapper returns { data, error }; the
// service answers another customer's order, limit order or deposit with 404, which goes on as it is.
import type { CreateLimitOrderBody, LimitOrder, LimitOrdersResponse, UpdateLimitOrderBody } from '../../contracts/limit-order.ts';
import type { Deposit, DepositsResponse, SellPreview } from '../../contracts/deposit.ts';
import type { DepotStatement, DepotStatementsResponse } from '../../contracts/depot-statement.ts';
import type { AccountOverviewResponse } from '../../contracts/account-overview.ts';
import type { AccountAreaReader, AccountOverview, AccountOverviewPage, LimitOrdersPage, OrdersPage } from '../../contracts/loader-ports.ts';
import type { Order, OrdersResponse } from '../../contracts/order.ts';
import type { Result } from '../../contracts/result.ts';
import type { Language, StoreKey } from '../../stores.ts';
import { NOT_SIGNED_IN, reshapeCustomer } from './account.ts';
import { cartLanguageTag } from './carts.ts';
import { fail, ok, type Download } from './http.ts';
import type { SessionClient } from './session-client.ts';

export type { AccountAreaReader };

export class AccountAreaClient implements AccountAreaReader {
  private readonly client: SessionClient;
  private readonly languageTag: string;

  constructor(client: SessionClient, store: StoreKey, lang: Language) {
    this.client = client;
    this.languageTag = cartLanguageTag(store, lang);
  }

  /** Only a signed-in customer has orders, limit orders and a deposit: others are answered without a call. */
  private get signedIn(): boolean {
    return this.client.session.current?.level === 'User';
  }

  /** The overview page's one call (issue 16): instead of GET /customers/me, /orders and /limit-orders. */
  async overview(q: AccountOverviewPage): Promise<Result<AccountOverview>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    const r = await this.client.call<AccountOverviewResponse>({
      path: '/customers/me/overview', query: { orders: String(q.orders), limitOrders: String(q.limitOrders), languageTag: this.languageTag },
    });
    return r.error ? fail(r.error) : ok({ ...r.data, customer: reshapeCustomer(r.data.customer) });
  }

  async orders(q: OrdersPage): Promise<Result<OrdersResponse>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<OrdersResponse>({
      path: '/orders', query: { ...(q.type ? { type: q.type } : {}), limit: String(q.limit), offset: String(q.offset), languageTag: this.languageTag },
    });
  }

  async order(id: string): Promise<Result<Order>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<Order>({ path: `/orders/${encodeURIComponent(id)}`, query: { languageTag: this.languageTag } });
  }

  /** Issue 23: accept or decline the counter-offer of one of the customer's sales; answers the order. */
  async answerCounterOffer(id: string, decision: 'accept' | 'decline'): Promise<Result<Order>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<Order>({ method: 'POST', path: `/orders/${encodeURIComponent(id)}/counter-offer`, query: { languageTag: this.languageTag }, body: { decision } });
  }

  /**
   * Issue 25: a file of one of the customer's orders as the service answers it (the owner check is the
   * service's: another's order is 404): `documents/{id}` (the stored PDF), `documents/{id}/xml` (the
   * e-invoice XML), `payment-slip.pdf` (the QR-bill), or the slip's SVG (from `payment-slip`).
   */
  async orderFile(orderId: string, file: string): Promise<Result<Download>> {
    // a guest's confirmation page shows its slip too: the service checks the owner of the token (a guest's own)
    if (!this.client.session.current) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<Download>({ path: `/orders/${encodeURIComponent(orderId)}/${file}`, query: { languageTag: this.languageTag }, binary: true });
  }

  /** Issue 25: the payment slip of an unpaid bank-transfer order as the page shows it (its SVG). */
  async paymentSlip(orderId: string): Promise<Result<{ kind: 'qr-bill' | 'epc'; svg: string }>> {
    if (!this.client.session.current) return fail({ ...NOT_SIGNED_IN });
    return this.client.call({ path: `/orders/${encodeURIComponent(orderId)}/payment-slip`, query: { languageTag: this.languageTag } });
  }

  async limitOrders(q: LimitOrdersPage): Promise<Result<LimitOrdersResponse>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<LimitOrdersResponse>({
      path: '/limit-orders', query: { ...(q.status ? { status: q.status } : {}), limit: String(q.limit), offset: String(q.offset), languageTag: this.languageTag },
    });
  }

  async limitOrder(id: string): Promise<Result<LimitOrder>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<LimitOrder>({ path: `/limit-orders/${encodeURIComponent(id)}`, query: { languageTag: this.languageTag } });
  }

  async createLimitOrder(body: CreateLimitOrderBody): Promise<Result<LimitOrder>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<LimitOrder>({ method: 'POST', path: '/limit-orders', query: { languageTag: this.languageTag }, body });
  }

  async updateLimitOrder(id: string, body: UpdateLimitOrderBody): Promise<Result<LimitOrder>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<LimitOrder>({ method: 'PUT', path: `/limit-orders/${encodeURIComponent(id)}`, query: { languageTag: this.languageTag }, body });
  }

  async deleteLimitOrder(id: string): Promise<Result<LimitOrder>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<LimitOrder>({ method: 'DELETE', path: `/limit-orders/${encodeURIComponent(id)}`, query: { languageTag: this.languageTag } });
  }

  /** The customer's deposit in this store (the service keeps at most one per store), null when none. */
  async deposit(): Promise<Result<Deposit | null>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    const r = await this.client.call<DepositsResponse>({ path: '/deposits', query: { languageTag: this.languageTag } });
    return r.error ? fail(r.error) : ok(r.data.results[0] ?? null);
  }

  async sellPreview(depositId: string, sku: string, quantity: number): Promise<Result<SellPreview>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<SellPreview>({
      path: `/deposits/${encodeURIComponent(depositId)}/sell-preview`, query: { sku, quantity: String(quantity), languageTag: this.languageTag },
    });
  }

  /** Issue 25: the customer's depot statements in this store, newest first, each linked to the storefront's download. */
  async depotStatements(): Promise<Result<DepotStatement[]>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    const r = await this.client.call<DepotStatementsResponse>({ path: '/deposits/statements', query: { languageTag: this.languageTag } });
    return r.error ? fail(r.error) : ok(r.data.results.map(storefrontStatement));
  }

  /** Issue 25: a statement as of now, in the page's language (the service numbers, stores and rate-limits it). */
  async createDepotStatement(): Promise<Result<DepotStatement>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    const r = await this.client.call<DepotStatement>({ method: 'POST', path: '/deposits/statements', query: { languageTag: this.languageTag } });
    return r.error ? fail(r.error) : ok(storefrontStatement(r.data));
  }

  /** Issue 25: the stored PDF of one of the customer's statements as issued (another's: the service's 404). */
  async depotStatementFile(id: string): Promise<Result<Download>> {
    if (!this.signedIn) return fail({ ...NOT_SIGNED_IN });
    return this.client.call<Download>({ path: `/deposits/statements/${encodeURIComponent(id)}`, binary: true });
  }
}

/** Decision: the browser gets the storefront's download path in url, not the commerce service's path. */
export const depotStatementPath = (id: string) => `/api/deposits/statements/${encodeURIComponent(id)}.pdf`;
const storefrontStatement = (s: DepotStatement): DepotStatement => ({ ...s, url: depotStatementPath(s.id) });
