// Limit orders execute in the commerce service when a new price set arrives (ARCHITECTURE: exactly once, in
// their own transactions), expire on time, and fail with a reason when their price comes but the order
// cannot be placed.
//
// Exactly once, also with two price sets close together and with several instances on one PostgreSQL:
//   1. claim: `update ... set status = 'pending', claim_id = <new> where id = $1 and status = 'active' and
//      expires_at > now` (autocommit). Only one claimer gets the row; the others see 0 rows and move on.
//   2. execute, one transaction: lock the row (`for update`) and check it is still pending under this claim
//      (a stale claim that the recovery below handed back is never executed); check product, addresses and
//      price against the set current now; build the limit order's own cart and place the order through the
//      POST /orders code (placeOrder, in a savepoint, Idempotency-Key `limit-order:<id>`); mark the limit
//      order executed with the order's number. The confirmation mail goes into the outbox in the same
//      transaction. orders.limit_order_id is unique: the database refuses a second order in any case.
//   A refusal (an order reason) rolls back the savepoint and marks the limit order failed with its code, in
//   the same transaction; a price that moved back above the target hands the claim back (active again).
//   3. recovery: a claim older than PENDING_TIMEOUT_S (its instance died between 1 and 2) goes back to active.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CartAddress } from '../../contracts/cart.ts';
import { AppError } from '../../lib/service.ts';
import { stores } from '../../stores.ts';
import { limitOrderCart } from '../carts/index.ts';
import { pick, productsBySkus } from '../catalogue/index.ts';
import type { CommerceContext } from '../context.ts';
import { addressesOf, customerById, type AddressRow, type CustomerRow } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { addSeconds } from '../lib/clock.ts';
import { canonicalOrigin } from '../lib/http.ts';
import { placeOrder } from '../orders/index.ts';
import { tierPrice, currentPriceSet, orderable, priceList } from '../prices/index.ts';
import { shopName } from '../outbox/index.ts';
import { executedMail, expiredMail, failedMail, type LimitOrderMailArgs } from './mail.ts';
import { currentUnitPrice } from './model.ts';
import {
  activeLimitOrders, claimLimitOrder, dueForExpiry, expireLimitOrder, limitOrderById, markExecuted, markFailed, releaseClaim,
  releaseStaleClaims, type LimitOrderRow,
} from './repository.ts';

/** Decision: a claim older than two minutes belongs to an instance that died; the limit order becomes active again. */
export const PENDING_TIMEOUT_S = 120;

export interface SweepReport {
  /** ids of limit orders that became inactive */
  expired: string[];
  executed: string[];
  failed: string[];
  /** stale claims handed back */
  recovered: number;
}

type Outcome = 'executed' | 'failed' | 'released' | 'lost';

class PriceMoved extends Error {}

function cartAddress(a: AddressRow): CartAddress {
  return {
    title: a.title, firstName: a.first_name, lastName: a.last_name, company: a.company, streetName: a.street_name, streetNumber: a.street_number,
    apartment: a.apartment, zipCode: a.zip_code, city: a.city, state: a.state, country: a.country, phone: a.phone,
  };
}

function displayName(c: CustomerRow | null): string | null {
  return [c?.first_name, c?.last_name].filter(Boolean).join(' ') || null;
}

export function createLimitOrderExecutor(ctx: CommerceContext, log: FastifyBaseLogger) {
  const { db, clock, outbox, config } = ctx;
  const shop = shopName(config.MAIL_FROM);

  async function mailArgs(tx: Db, lo: LimitOrderRow): Promise<LimitOrderMailArgs> {
    const [product] = await productsBySkus(tx, [lo.sku]);
    return { lo, productName: pick(product?.name, lo.language) ?? lo.sku, shop, origin: canonicalOrigin(lo.store_key, config) };
  }

  async function mailCustomer(tx: Db, lo: LimitOrderRow, build: (name: string | null) => { subject: string; text: string; html: string }, now: Date): Promise<number | null> {
    const customer = await customerById(tx, lo.customer_id);
    if (!customer?.email) return null;
    return outbox.add(tx, { channel: 'mail', customerId: customer.id, storeKey: lo.store_key, to: customer.email, ...build(displayName(customer)) }, now);
  }

  /** Claims given back by instances that died between claim and execution. */
  async function recoverStaleClaims(now: Date): Promise<number> {
    return releaseStaleClaims(db, now, addSeconds(now, -PENDING_TIMEOUT_S));
  }

  /** Active limit orders whose expiry has passed become inactive, each with its mail, each once. */
  async function expireDue(now: Date): Promise<string[]> {
    const due = await dueForExpiry(db, now);
    const expired: string[] = [];
    for (const { id } of due) {
      const mailId = await db.transaction(async (tx) => {
        const lo = await expireLimitOrder(tx, id, now);
        if (!lo) return undefined; // another instance (or the customer) was first
        const args = await mailArgs(tx, lo);
        return mailCustomer(tx, lo, (name) => expiredMail(args, name, lo.expires_at), now);
      });
      if (mailId === undefined) continue;
      expired.push(id);
      if (mailId !== null) outbox.deliver([mailId]);
    }
    return expired;
  }

  /** One limit order whose price the current set reaches: claim it, then execute, fail or give it back. */
  async function executeOne(id: string, now: Date): Promise<Outcome> {
    const claim = randomUUID();
    if (!(await claimLimitOrder(db, id, claim, now))) return 'lost';
    const { outcome, mailIds } = await db.transaction(async (tx): Promise<{ outcome: Outcome; mailIds: number[] }> => {
      const lo = await limitOrderById(tx, id, true);
      if (!lo || lo.status !== 'pending' || lo.claim_id !== claim) return { outcome: 'lost', mailIds: [] };

      const release = async () => {
        await releaseClaim(tx, id, now);
        return { outcome: 'released' as const, mailIds: [] };
      };
      const fail = async (code: string) => {
        await markFailed(tx, id, code, now);
        const args = await mailArgs(tx, lo);
        const mailId = await mailCustomer(tx, lo, (name) => failedMail(args, code, name), now);
        log.info({ limitOrderId: id, reason: code }, 'limit order failed');
        return { outcome: 'failed' as const, mailIds: mailId === null ? [] : [mailId] };
      };

      const set = await currentPriceSet(tx);
      if (!orderable(set, now)) return release();
      const [product] = await productsBySkus(tx, [lo.sku]);
      // spec 4 / issue: never executes a product that is sold out or no longer published
      if (!product || !product.published) return fail('product_no_longer_available');
      if (product.availability === 'soldOut') return fail('product_out_of_stock');
      const customer = await customerById(tx, lo.customer_id);
      const addresses = await addressesOf(tx, lo.customer_id);
      const shipping = addresses.find((a) => a.default_shipping);
      const billing = addresses.find((a) => a.default_billing);
      if (!customer?.email || !shipping || !billing) return fail('no_default_address');
      const store = stores[lo.store_key];
      if (!(store.shippingCountries as string[]).includes(shipping.country)) return fail('country_not_allowed');

      // the price of the cart that will be ordered: the shipping country's list (its VAT), this quantity's tier
      const list = await priceList(tx, set.id, shipping.country, lo.currency);
      const unit = tierPrice(list?.[lo.sku], 'buy', lo.quantity);
      if (!unit || unit.centAmount > lo.target_cents) return release();

      let placed;
      let unitCents = unit.centAmount;
      try {
        placed = await tx.transaction(async (sp) => {
          // the cart is the carts feature's: it builds, prices and stores it (issue 24: no second cart insert here)
          const cart = await limitOrderCart(sp, {
            customerId: lo.customer_id, storeKey: lo.store_key, country: shipping.country, currency: lo.currency,
            locale: store.locales[lo.language], customerGroup: customer.account_type ?? 'individual', sku: lo.sku, productId: product.productId,
            quantity: lo.quantity, customerEmail: customer.email, shippingAddress: cartAddress(shipping), billingAddress: cartAddress(billing), now,
          });
          const cartId = cart.id;
          // a set stored since the check above prices the cart: it must still be at or below the target
          const priced = cart.line_items[0]?.price;
          if (!priced || priced.centAmount > lo.target_cents) throw new PriceMoved();
          unitCents = priced.centAmount;
          const args = await mailArgs(sp, lo);
          // the same code and rules as POST /orders (issue: no second implementation)
          return placeOrder(ctx, {
            auth: { customerId: lo.customer_id, level: 'User', familyId: claim, storeKey: lo.store_key },
            storeKey: lo.store_key,
            body: { cartId },
            idempotencyKey: `limit-order:${lo.id}`,
            languageTag: lo.language,
            limitOrder: { id: lo.id, mail: executedMail(args, unitCents) },
          }, sp);
        });
      } catch (err) {
        // prices changed under the execution: the next run (the new set's) decides again
        if (err instanceof PriceMoved) return release();
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        if (err.code === 'prices_unavailable' || err.code === 'price_not_equal') return release();
        return fail(err.code);
      }
      await markExecuted(tx, id, { orderId: placed.row.id, orderNumber: placed.row.order_number, now, unitCents });
      log.info({ limitOrderId: id, orderId: placed.row.id, orderNumber: placed.row.order_number }, 'limit order executed');
      return { outcome: 'executed', mailIds: placed.outboxIds };
    });
    outbox.deliver(mailIds);
    return outcome;
  }

  /** Every active limit order the current set reaches, oldest first. */
  async function executeDue(now: Date, report: SweepReport): Promise<void> {
    const set = await currentPriceSet(db);
    if (!orderable(set, now)) return;
    const active = await activeLimitOrders(db, now);
    for (const lo of active) {
      const price = await currentUnitPrice(db, set, lo);
      if (price === null || price > lo.target_cents) continue;
      try {
        const outcome = await executeOne(lo.id, now);
        if (outcome === 'executed') report.executed.push(lo.id);
        if (outcome === 'failed') report.failed.push(lo.id);
      } catch (err) {
        // left pending: the recovery hands it back after PENDING_TIMEOUT_S; the others go on
        log.error({ err, limitOrderId: lo.id }, 'limit order execution failed');
      }
    }
  }

  return {
    /** After a price set: expiry first (an expired limit order never executes), then execution. */
    async onPriceSet(): Promise<SweepReport> {
      const now = clock();
      const report: SweepReport = { expired: [], executed: [], failed: [], recovered: await recoverStaleClaims(now) };
      report.expired = await expireDue(now);
      await executeDue(now, report);
      return report;
    },
    /** On the timer: expiry on time and the recovery of stale claims; execution waits for a price set. */
    async onTimer(): Promise<SweepReport> {
      const now = clock();
      const recovered = await recoverStaleClaims(now);
      return { expired: await expireDue(now), executed: [], failed: [], recovered };
    },
  };
}
