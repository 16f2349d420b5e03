// The lifecycle tests' harness: operators (actor and roles) calling the lifecycle's door directly, orders
// placed through the customer API, the audit and the mails of an order.
import { randomUUID } from 'node:crypto';
import type { Actor, OperatorRole } from '../../src/contracts/ops.ts';
import type { Order } from '../../src/contracts/order.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { ok, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';

export interface Operator { actor: Actor; roles: OperatorRole[] }

export function operator(roles: OperatorRole[], name = roles[0]): Operator {
  return { actor: { type: 'operator', id: randomUUID(), email: `${name}.${Math.random().toString(36).slice(2, 7)}@aurum.example` }, roles };
}

export const finance = () => operator(['finance']);
export const warehouse = () => operator(['warehouse']);
export const support = () => operator(['support']);

export async function order(s: Shopper, opts: Parameters<typeof readyCart>[1] = {}): Promise<Order> {
  const cart = await readyCart(s, opts);
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** A sale of scrap (bank transfer payout to a German IBAN), sent by parcel. */
export async function scrapSale(s: Shopper, scrap: { metal: string; fineness: number; weightGrams: number }[] = [{ metal: 'gold', fineness: 750, weightGrams: 10 }]): Promise<Order> {
  const cart = await readyCart(s, { type: 'sell', lines: [] });
  for (const item of scrap) await ok(s.call('POST', `/carts/${cart.id}/scrap-items`, item));
  await ok(s.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`sale: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

export async function auditActions(db: Db, orderId: string): Promise<string[]> {
  return (await db.query<{ action: string }>('select action from order_audit where order_id = $1 order by seq', [orderId])).map((r) => r.action);
}

/** The mails about one order (its number in the subject), oldest first. */
export async function mailsTo(db: Db, to: string, orderNumber?: string): Promise<{ subject: string; text: string }[]> {
  const rows = await db.query<{ subject: string; text: string }>('select subject, text from outbox where "to" = $1 order by id', [to]);
  return orderNumber ? rows.filter((r) => r.subject?.includes(orderNumber)) : rows;
}

export const today = (d: Date) => d.toISOString().slice(0, 10);
