// The order state machine as data (issue 24; the commercetools idea: states and transitions are data). ONE
// table says, for every change an order may go through after its placement: the step that starts it (the
// back office's action, if an operator takes it), the audit kind it writes, the states it starts from (with
// the facts of the order it needs), the states it leads to, who may take it and the customer's mail. A
// second table says which work queue(s) an order in a state belongs to. Everything else derives from them:
//   - `move()` (model.ts) refuses every audited change the table has no row for (409 invalid_transition),
//     whoever asks: a back-office step, the camt.053 import, a job, the customer's answer to a counter-offer,
//     the placement's own confirmation;
//   - `possible()`, the roles of a step (`actionRoles`) and the `actions` of the /ops order answer;
//   - the queue filters in SQL and the queues of one order in TypeScript (queue.ts);
//   - the graph of order and payment states (spec 4) the storefront's docs describe.
// Adding a transition: a row here, its step function (steps.ts) and its strings (the mail in the locale
// files, the audit kind's name under backoffice.event). src/commerce/README.md, "The order state machine".
import type { TransactionType } from '../../contracts/cart.ts';
import type { OperatorRole, OpsAction, OpsActionForm, OpsQueue } from '../../contracts/ops.ts';
import {
  AssayBody, CancelBody, GoodsReceivedBody, GoodsReturnedBody, opsActionPaths, opsActions, opsQueues, PaymentBody, PaymentFailedBody, PayoutBody, PickupBody,
  ShipmentBody,
} from '../../contracts/ops.ts';
import type { OrderState, PaymentState } from '../../contracts/order.ts';
import type { Actor } from '../../contracts/ops.ts';
import type { LifecycleMailKind } from './mail.ts';
import type { LifeRow } from './repository.ts';

// ---------------------------------------------------------------- shipping methods, spelled once

/** Buy methods the warehouse hands to a carrier (shipment step, queue to_ship). */
export const carrierMethods = ['shipping', 'insured-shipping'] as const;
/** Buy methods handed over at a store's counter (pickup step, queue to_collect). */
export const counterMethods = ['pickup', 'send-to-store'] as const;
/** The buy method whose metal goes into the customer's deposit (queue to_store). */
export const depositMethod = 'deposit';
/** The sell method whose metal is already in our vault (nothing to receive or assay). */
export const depositSellMethod = 'depositSell';
/** The sell method for which the warehouse first sends the customer an insured box (queue scrap_box_to_send). */
export const scrapBoxMethod = 'scrapMetalBox';

/** spec 3 defaults of an order written without a checkout. */
export const shippingMethodOf = (row: Pick<LifeRow, 'type' | 'data'>): string => row.data.shippingMethod ?? (row.type === 'buy' ? 'shipping' : 'leave-in-store');
const methodSql = `coalesce(o.data->>'shippingMethod', case when o.type = 'buy' then 'shipping' else 'leave-in-store' end)`;

// ---------------------------------------------------------------- facts beyond the two states

/** What a fact is checked against besides the row: each store's today (overdue). */
export interface FactEnv { today?: string }

/** A fact of the order beyond its states, in TypeScript and as SQL over `o` (orders; $today: each store's day by key). */
interface Fact { test: (row: LifeRow, env: FactEnv) => boolean; sql: string }

const lit = (v: string) => {
  if (!/^[A-Za-z_-]+$/.test(v)) throw new Error(`transitions: not a plain name: ${v}`);
  return `'${v}'`;
};
const inList = (vs: readonly string[]) => `(${vs.map(lit).join(', ')})`;

export const facts = {
  bankTransfer: { test: (r) => r.data.paymentMethod === 'bank-transfer', sql: `o.data->>'paymentMethod' = 'bank-transfer'` },
  cash: { test: (r) => r.data.paymentMethod === 'cash', sql: `o.data->>'paymentMethod' = 'cash'` },
  byCarrier: { test: (r) => (carrierMethods as readonly string[]).includes(shippingMethodOf(r)), sql: `${methodSql} in ${inList(carrierMethods)}` },
  atCounter: { test: (r) => (counterMethods as readonly string[]).includes(shippingMethodOf(r)), sql: `${methodSql} in ${inList(counterMethods)}` },
  toDeposit: { test: (r) => shippingMethodOf(r) === depositMethod, sql: `${methodSql} = ${lit(depositMethod)}` },
  fromDeposit: { test: (r) => shippingMethodOf(r) === depositSellMethod, sql: `${methodSql} = ${lit(depositSellMethod)}` },
  goodsReceived: { test: (r) => !!r.data.goodsReceivedAt, sql: `o.data->>'goodsReceivedAt' is not null` },
  payoutAccount: { test: (r) => !!r.data.payoutAccount, sql: `jsonb_typeof(o.data->'payoutAccount') = 'object'` },
  /** issue 23: an open or declined counter-offer holds the payout */
  offerHolds: { test: (r) => r.data.counterOffer?.status === 'open' || r.data.counterOffer?.status === 'declined', sql: `coalesce(o.data->'counterOffer'->>'status', '') in ('open', 'declined')` },
  offerOpen: { test: (r) => r.data.counterOffer?.status === 'open', sql: `o.data->'counterOffer'->>'status' = 'open'` },
  /** issue 23: declined and the goods not yet sent back */
  offerDeclined: {
    test: (r) => r.data.counterOffer?.status === 'declined' && !r.data.counterOffer.returnedAt,
    sql: `o.data->'counterOffer'->>'status' = 'declined' and o.data->'counterOffer'->>'returnedAt' is null`,
  },
  /** issue 23: the bank took a payment back; finance decides */
  inReview: { test: (r) => !!r.data.paymentReview, sql: `jsonb_typeof(o.data->'paymentReview') = 'object'` },
  /** issue 24: a sale that chose the Scrap Metal Box (spec 5), and the warehouse has sent the box */
  byScrapBox: { test: (r) => shippingMethodOf(r) === scrapBoxMethod, sql: `${methodSql} = ${lit(scrapBoxMethod)}` },
  scrapBoxSent: { test: (r) => !!r.data.scrapBoxSent, sql: `jsonb_typeof(o.data->'scrapBoxSent') = 'object'` },
  overdue: { test: (r, env) => !!r.due && !!env.today && r.due < env.today, sql: `o.payment_due_by < ($today::jsonb->>o.store_key)::date` },
} satisfies Record<string, Fact>;
export type FactName = keyof typeof facts;

// ---------------------------------------------------------------- matching a row to a state

/** A state of an order as the machine reads it: type, order and payment state, facts that must and must not hold. */
export interface StateMatch {
  type?: TransactionType;
  orderStates?: OrderState[];
  paymentStates?: PaymentState[];
  when?: FactName[];
  unless?: FactName[];
}

export function matches(row: LifeRow, m: StateMatch, env: FactEnv = {}): boolean {
  return (!m.type || row.type === m.type)
    && (!m.orderStates || m.orderStates.includes(row.order_state))
    && (!m.paymentStates || m.paymentStates.includes(row.payment_state))
    && (m.when ?? []).every((f) => facts[f].test(row, env))
    && !(m.unless ?? []).some((f) => facts[f].test(row, env));
}

/** The same match as an SQL condition over `o` (values from the table only, never from a request). */
export function matchSql(m: StateMatch): string {
  const c: string[] = [];
  if (m.type) c.push(`o.type = ${lit(m.type)}`);
  if (m.orderStates) c.push(`o.order_state in ${inList(m.orderStates)}`);
  if (m.paymentStates) c.push(`o.payment_state in ${inList(m.paymentStates)}`);
  for (const f of m.when ?? []) c.push(`(${facts[f].sql})`);
  // a fact's SQL may be null where the document lacks the field: "unless" reads null as false
  for (const f of m.unless ?? []) c.push(`not coalesce((${facts[f].sql}), false)`);
  return c.length > 0 ? c.join(' and ') : 'true';
}

// ---------------------------------------------------------------- the transitions

/** Who may take a transition: operator roles (admin holds every right), the customer, or a job ('system'). */
export type Party = OperatorRole | 'customer' | 'system';

/** Where a transition leads; absent: that state stays. 'same' in a list: staying is one of the outcomes. */
export interface StateTarget { orderState?: (OrderState | 'same')[]; paymentState?: (PaymentState | 'same')[] }

export interface Transition {
  /** the back-office step that starts it (offered in `actions`); null: a consequence, a job's, the customer's */
  step: OpsAction | null;
  /** the audit kind the change writes (order_audit.action); the row `move()` looks up */
  event: string;
  from: StateMatch;
  to: StateTarget;
  by: Party[];
  /** the customer's mail(s) it queues (mail.lifecycle.<kind>), none when empty */
  mail: LifecycleMailKind[];
}

const ops = (...roles: OperatorRole[]): Party[] => [...roles, 'admin'];
/** A sale by Scrap Metal Box whose box has not gone out yet (and no goods came without it). */
const scrapBoxWaiting: StateMatch = { type: 'sell', orderStates: ['Requested'], when: ['byScrapBox'], unless: ['scrapBoxSent', 'goodsReceived'] };
const OPEN: OrderState[] = ['Open', 'Created'];
const UNPAID: PaymentState[] = ['Pending', 'Failed'];

/**
 * A returned payment (the uploader of the statement is the actor): an order awaiting money keeps its state; a
 * Confirmed one goes back to Open; a depot purchase's Complete too when its metal leaves the depot again
 * (else it stays Complete, like delivered goods, for finance).
 */
function returned(event: string, paymentState: PaymentState, mail: LifecycleMailKind[]): Transition[] {
  const row = (from: StateMatch, orderState?: (OrderState | 'same')[]): Transition => ({
    step: null, event, from: { type: 'buy', paymentStates: ['Pending', 'Paid'], ...from }, to: { ...(orderState ? { orderState } : {}), paymentState: [paymentState] }, by: ops('finance'), mail,
  });
  return [
    row({ orderStates: OPEN }),
    row({ orderStates: ['Confirmed'] }, ['Open']),
    row({ orderStates: ['Complete'], when: ['toDeposit'] }, ['same', 'Open']),
    row({ orderStates: ['Complete'], unless: ['toDeposit'] }),
  ];
}

/**
 * The shop's transitions (spec 4 states; issues 15, 23). Several rows may share a step or an event: the
 * change is allowed when one of them matches. Order of the rows: the order's life, buy then sell, then the
 * events that change no state.
 */
export const orderMachine: readonly Transition[] = [
  // buy: the money (by hand, from a bank statement: the uploader), a new attempt after a failed one too
  { step: 'payment', event: 'payment_recorded', from: { type: 'buy', orderStates: OPEN, paymentStates: UNPAID, when: ['bankTransfer'] }, to: { paymentState: ['Pending', 'Paid'] }, by: ops('finance'), mail: ['payment_recorded'] },
  // goods delivered (or depot metal sold) whose payment the bank took back: paid again
  { step: 'payment', event: 'payment_recorded', from: { type: 'buy', orderStates: ['Complete'], paymentStates: UNPAID, when: ['bankTransfer', 'inReview'] }, to: { paymentState: ['Pending', 'Paid'] }, by: ops('finance'), mail: ['payment_recorded'] },
  { step: 'payment-failed', event: 'payment_failed', from: { type: 'buy', orderStates: OPEN, paymentStates: ['Pending'], when: ['bankTransfer'] }, to: { paymentState: ['Failed'] }, by: ops('finance'), mail: ['payment_failed'] },
  { step: null, event: 'confirmed', from: { type: 'buy', orderStates: OPEN, paymentStates: ['Paid'] }, to: { orderState: ['Confirmed'] }, by: ops('finance'), mail: ['confirmed'] },
  // cash on pickup: confirmed at placement, paid at the counter
  { step: null, event: 'confirmed', from: { type: 'buy', orderStates: OPEN, paymentStates: ['Pending'], when: ['cash', 'atCounter'] }, to: { orderState: ['Confirmed'] }, by: ['customer', 'system'], mail: [] },
  { step: null, event: 'stored', from: { type: 'buy', orderStates: ['Confirmed'], paymentStates: ['Paid'], when: ['toDeposit'] }, to: { orderState: ['Complete'] }, by: ops('finance'), mail: ['stored'] },
  { step: 'shipment', event: 'shipped', from: { type: 'buy', orderStates: ['Confirmed'], paymentStates: ['Paid'], when: ['byCarrier'] }, to: { orderState: ['Complete'] }, by: ops('warehouse'), mail: ['shipped', 'shipped_untracked'] },
  { step: 'pickup', event: 'collected', from: { type: 'buy', orderStates: ['Confirmed'], paymentStates: ['Paid'], when: ['atCounter'] }, to: { orderState: ['Complete'] }, by: ops('warehouse'), mail: ['collected'] },
  // cash at the counter: the pickup step books the money first (the row below), then hands over (the row above)
  { step: 'pickup', event: 'payment_recorded', from: { type: 'buy', orderStates: ['Confirmed'], paymentStates: ['Pending'], when: ['atCounter', 'cash'] }, to: { paymentState: ['Paid'] }, by: ops('warehouse'), mail: [] },
  { step: 'cancel', event: 'cancelled', from: { type: 'buy', orderStates: [...OPEN, 'Confirmed'], paymentStates: UNPAID }, to: { orderState: ['Cancelled'] }, by: [...ops('support', 'finance'), 'system'], mail: ['cancelled'] },
  // the bank took a payment back (camt.053 return; steps.ts reversePayment decides the outcome): payment_failed
  // when nothing is left paid, payment_reversed when some is
  ...returned('payment_failed', 'Failed', ['payment_failed']),
  ...returned('payment_reversed', 'Pending', []),
  { step: null, event: 'payment_reversed', from: { type: 'buy', orderStates: ['Cancelled'] }, to: {}, by: ops('finance'), mail: [] },
  // sell
  { step: 'goods-received', event: 'goods_received', from: { type: 'sell', orderStates: ['Requested'], unless: ['goodsReceived', 'fromDeposit'] }, to: {}, by: ops('warehouse'), mail: ['goods_received'] },
  // issue 24: the promised Scrap Metal Box goes out (an event: the order waits for the goods as before)
  { step: null, event: 'scrap_box_sent', from: scrapBoxWaiting, to: {}, by: ops('warehouse'), mail: [] },
  { step: 'assay', event: 'assayed', from: { type: 'sell', orderStates: ['Requested'], when: ['goodsReceived'] }, to: { orderState: ['Accepted'] }, by: ops('warehouse'), mail: ['assayed'] },
  { step: null, event: 'offer_accepted', from: { type: 'sell', orderStates: ['Accepted'], when: ['offerOpen'] }, to: {}, by: ['customer'], mail: ['offer_accepted'] },
  { step: null, event: 'offer_declined', from: { type: 'sell', orderStates: ['Accepted'], when: ['offerOpen'] }, to: {}, by: ['customer'], mail: ['offer_declined'] },
  { step: null, event: 'offer_expired', from: { type: 'sell', orderStates: ['Accepted'], when: ['offerOpen'] }, to: {}, by: ['system'], mail: ['offer_expired'] },
  // a bank payout needs the account the customer gave; a cash sale is paid out at the counter
  { step: 'payout', event: 'paid_out', from: { type: 'sell', orderStates: ['Accepted'], paymentStates: ['Pending'], when: ['payoutAccount'], unless: ['offerHolds'] }, to: { orderState: ['Complete'], paymentState: ['Paid'] }, by: ops('finance'), mail: ['paid_out'] },
  { step: 'payout', event: 'paid_out', from: { type: 'sell', orderStates: ['Accepted'], paymentStates: ['Pending'], when: ['cash'], unless: ['offerHolds'] }, to: { orderState: ['Complete'], paymentState: ['Paid'] }, by: ops('finance'), mail: ['paid_out_cash'] },
  { step: 'goods-returned', event: 'goods_returned', from: { type: 'sell', orderStates: ['Accepted'], paymentStates: ['Pending'], when: ['offerDeclined'] }, to: { orderState: ['Cancelled'] }, by: ops('warehouse'), mail: ['goods_returned'] },
  { step: 'cancel', event: 'cancelled', from: { type: 'sell', orderStates: ['Requested', 'Accepted'], paymentStates: UNPAID }, to: { orderState: ['Cancelled'] }, by: [...ops('support', 'finance'), 'system'], mail: ['cancelled'] },
  // events that change no state
  { step: null, event: 'payment_reminder', from: { type: 'buy', orderStates: OPEN, paymentStates: ['Pending'], when: ['bankTransfer'] }, to: {}, by: ['system'], mail: ['payment_reminder'] },
  // a statement line finance must look at (wrong amount, not awaiting payment, a return without its payment)
  { step: null, event: 'payment_flagged', from: {}, to: {}, by: ops('finance'), mail: [] },
];

/** The work queue(s) an order in a state belongs to (one queue may list several states). */
export const queueStates: Readonly<Record<OpsQueue, StateMatch[]>> = {
  to_pay: [{ type: 'buy', orderStates: OPEN, paymentStates: ['Pending'] }],
  to_ship: [{ type: 'buy', orderStates: ['Confirmed'], when: ['byCarrier'] }],
  to_collect: [{ type: 'buy', orderStates: ['Confirmed'], when: ['atCounter'] }],
  to_store: [{ type: 'buy', orderStates: ['Confirmed'], when: ['toDeposit'] }],
  goods_to_receive: [{ type: 'sell', orderStates: ['Requested'], unless: ['goodsReceived', 'fromDeposit'] }],
  to_assay: [{ type: 'sell', orderStates: ['Requested'], when: ['goodsReceived'] }],
  to_pay_out: [{ type: 'sell', orderStates: ['Accepted'], paymentStates: ['Pending'], unless: ['offerHolds'] }],
  overdue: [{ type: 'buy', orderStates: OPEN, paymentStates: ['Pending'], when: ['overdue'] }],
  offer_open: [{ type: 'sell', orderStates: ['Accepted'], when: ['offerOpen'] }],
  to_return: [{ type: 'sell', orderStates: ['Accepted'], when: ['offerDeclined'] }],
  scrap_box_to_send: [scrapBoxWaiting],
  payment_review: [
    { type: 'buy', orderStates: [...OPEN, 'Confirmed', 'Complete'], paymentStates: ['Failed'] },
    { type: 'buy', orderStates: [...OPEN, 'Confirmed', 'Complete'], paymentStates: ['Pending'], when: ['inReview'] },
  ],
};

// ---------------------------------------------------------------- the machine in use

/** The tables the lifecycle reads. */
export interface Machine { transitions: readonly Transition[]; queues: Readonly<Record<OpsQueue, StateMatch[]>> }

let active: Machine = { transitions: orderMachine, queues: queueStates };

/** The machine every path reads (steps, camt import, jobs, queues, the /ops answer). */
export const machine = (): Machine => active;

/**
 * Decision: the tables are module data, not configuration; a test swaps them (a planted table, e.g. one
 * without a row) to prove every path reads them, and puts the shop's back with the function answered.
 * Each tap test file runs in its own process.
 */
export function useMachine(m: Machine): () => void {
  const before = active;
  active = m;
  return () => {
    active = before;
  };
}

// ---------------------------------------------------------------- what derives from it

/** The body each back-office step takes (its call: the contract's opsActionPaths); the /ops routes and the forms read it. */
export const stepBodies = {
  payment: PaymentBody, shipment: ShipmentBody, pickup: PickupBody, cancel: CancelBody, 'goods-received': GoodsReceivedBody, assay: AssayBody,
  payout: PayoutBody, 'goods-returned': GoodsReturnedBody, 'payment-failed': PaymentFailedBody,
} as const satisfies Record<OpsAction, unknown>;

/** The back-office steps the table offers, in the contract's order (the order of the work: pay, ship, hand over, cancel, receive, assay, pay out). */
export const allSteps = (m: Machine = active): OpsAction[] => opsActions.filter((a) => m.transitions.some((t) => t.step === a));

/** What the form of a step needs: its call, the roles of its rows, its body's fields. */
export function stepForm(action: OpsAction, m: Machine = active): OpsActionForm {
  const body = stepBodies[action] as { properties: Record<string, unknown>; required?: string[] };
  const required = new Set(body.required ?? []);
  return {
    action, path: opsActionPaths[action], roles: stepRoles(action, m),
    fields: Object.keys(body.properties).map((name) => ({ name, required: required.has(name) })),
  };
}

/** The operator roles of a step: those of its rows (admin holds every right). */
export function stepRoles(action: OpsAction, m: Machine = active): OperatorRole[] {
  const roles = new Set<OperatorRole>();
  for (const t of m.transitions) if (t.step === action) for (const p of t.by) if (p !== 'customer' && p !== 'system') roles.add(p);
  return [...roles];
}

/** Whether the order's state allows the step (whoever asks): one of the step's rows matches. */
export function stepAllowed(row: LifeRow, action: OpsAction, m: Machine = active): boolean {
  return m.transitions.some((t) => t.step === action && matches(row, t.from));
}

const partyOf = (actor: Actor): ((p: Party) => boolean) =>
  actor.type === 'operator' ? (p) => p !== 'customer' && p !== 'system' : (p) => p === actor.type;

const reaches = <S extends string>(list: (S | 'same')[] | undefined, before: S, after: S) =>
  list === undefined ? after === before : list.includes(after) || (after === before && list.includes('same'));

/**
 * The row of the table that allows this change: the event from the order's state (before) to `after`, by
 * this kind of actor; undefined when none does (the change is refused).
 */
export function transitionFor(
  row: LifeRow, event: string, after: { orderState: OrderState; paymentState: PaymentState }, actor: Actor, m: Machine = active,
): Transition | undefined {
  const by = partyOf(actor);
  return m.transitions.find((t) => t.event === event && matches(row, t.from) && t.by.some(by)
    && reaches(t.to.orderState, row.order_state, after.orderState) && reaches(t.to.paymentState, row.payment_state, after.paymentState));
}

/** Whether the table has a row for the event from the order's state, by this actor (jobs ask before they act). */
export function eventAllowed(row: LifeRow, event: string, actor: Actor, m: Machine = active): boolean {
  const by = partyOf(actor);
  return m.transitions.some((t) => t.event === event && matches(row, t.from) && t.by.some(by));
}

/** The queues of one order, in the contract's order. */
export function queuesOf(row: LifeRow, today: string, m: Machine = active): OpsQueue[] {
  return opsQueues.filter((q) => m.queues[q].some((s) => matches(row, s, { today })));
}

/** The SQL condition of a queue over `o` ($today: each store's day, a JSON object by store key). */
export function queueSql(q: OpsQueue, m: Machine = active): string {
  return m.queues[q].length > 0 ? m.queues[q].map((s) => `(${matchSql(s)})`).join(' or ') : 'false';
}

const orderStatesAll: OrderState[] = ['Open', 'Created', 'Confirmed', 'Requested', 'Accepted', 'Complete', 'Cancelled'];
const paymentStatesAll: PaymentState[] = ['Pending', 'Paid', 'Failed'];

/** spec 4's graph of order states the table allows (no self-loops), e.g. Confirmed -> Complete, Cancelled, Open. */
export function orderStateGraph(m: Machine = active): Record<OrderState, OrderState[]> {
  return Object.fromEntries(orderStatesAll.map((s) => [s, orderStatesAll.filter((to) => to !== s && m.transitions.some((t) =>
    (t.from.orderStates ?? orderStatesAll).includes(s) && (t.to.orderState ?? []).includes(to)))])) as Record<OrderState, OrderState[]>;
}

/** The same for payment states, e.g. Paid -> Pending, Failed (the bank took a payment back). */
export function paymentStateGraph(m: Machine = active): Record<PaymentState, PaymentState[]> {
  return Object.fromEntries(paymentStatesAll.map((s) => [s, paymentStatesAll.filter((to) => to !== s && m.transitions.some((t) =>
    (t.from.paymentStates ?? paymentStatesAll).includes(s) && (t.to.paymentState ?? []).includes(to)))])) as Record<PaymentState, PaymentState[]>;
}
