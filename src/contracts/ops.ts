// The operators' API (issue 15): what the back office and outside tools send to and get from the commerce
// service's /ops calls, and the order timeline a customer sees. The paths, field names and codes are a
// contract (back office, load testers, finance tools): change them only together with every caller.
//
// Auth: POST /ops/login answers an operator access token; every other /ops call needs
// `Authorization: Bearer <operator token>` (a customer token, none, an expired or revoked one: 401
// `operator_token_required`; a role without the right: 403 `operator_role_required`). /ops calls take no
// x-store-key: operators work across the five stores.
import Type, { type Static, type TLiteral } from 'typebox';
import { LanguageTag, Money, TransactionType } from './cart.ts';
import { CurrencyCode } from './prices.ts';
import { Order, OrderAssay, OrderAssayLine, OrderShipment, OrderState, PaymentState } from './order.ts';
import { WhistleblowAdminCase } from './application.ts';

const IsoTimestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' });
const IsoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Id = Type.String({ format: 'uuid' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const StoreKeyLit = Type.Union([Type.Literal('at'), Type.Literal('ch'), Type.Literal('de'), Type.Literal('li'), Type.Literal('us')]);

// ---------------------------------------------------------------- operators

/**
 * support: reads orders, cancels, answers customers; finance: payments, bank statements, payouts, cancels;
 * warehouse: shipments, pickups, goods received, assays; admin: everything, operators, whistleblower cases.
 */
export const OperatorRole = Type.Union([Type.Literal('support'), Type.Literal('finance'), Type.Literal('warehouse'), Type.Literal('admin')]);
export type OperatorRole = Static<typeof OperatorRole>;
export const operatorRoles: OperatorRole[] = ['support', 'finance', 'warehouse', 'admin'];

export const Operator = Type.Object({
  id: Id,
  email: Type.String(),
  /** issue 24: the name staff know the operator by (the back office shows it; null: the e-mail stands in) */
  name: Type.Optional(Nullable(Type.String())),
  roles: Type.Array(OperatorRole),
  /** a disabled operator cannot sign in; its sessions end */
  disabled: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(IsoTimestamp),
  lastLoginAt: Type.Optional(Nullable(IsoTimestamp)),
  /** issue 26: whether the operator has enrolled its second factor (TOTP); false: the next sign-in enrols it */
  secondFactor: Type.Optional(Type.Boolean()),
});
export type Operator = Static<typeof Operator>;

export const OpsLoginBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
}, { additionalProperties: false });
export type OpsLoginBody = Static<typeof OpsLoginBody>;

/** 401 invalid_credentials; 429 too_many_attempts (lockout after repeated failures, details.retryAfter) */
export const OpsLoginResponse = Type.Object({
  accessToken: Type.String(),
  /** seconds until the token expires (a working shift: 8 h) */
  expiresIn: Type.Integer(),
  operator: Operator,
  /** issue 26: the step the token opens until it is passed: enrol (no factor yet) or code (TOTP or a recovery code) */
  secondStep: Type.Union([Type.Literal('enrol'), Type.Literal('code')]),
});
export type OpsLoginResponse = Static<typeof OpsLoginResponse>;

/** POST /ops/login/enrolment: the TOTP secret being enrolled (the same until confirmed) and its otpauth URI */
export const OpsEnrolment = Type.Object({ secret: Type.String(), otpauthUri: Type.String() });
export type OpsEnrolment = Static<typeof OpsEnrolment>;

/** POST /ops/login/enrolment/confirm and /ops/login/second-factor: a TOTP code, or (second factor only) a recovery code */
export const OpsSecondFactorBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false });
export type OpsSecondFactorBody = Static<typeof OpsSecondFactorBody>;

/** The second step passed: the token opens every call for expiresIn seconds; recoveryCodes only after the
 * enrolment (shown once); recoveryCodesLeft after a recovery code was used */
export const OpsSecondStepResult = Type.Object({
  expiresIn: Type.Integer(),
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
  recoveryCodesLeft: Type.Optional(Type.Integer()),
});
export type OpsSecondStepResult = Static<typeof OpsSecondStepResult>;

/** GET /ops/me/sessions: the operator's live sessions (issue 26) */
export const OpsSession = Type.Object({
  id: Id,
  createdAt: IsoTimestamp,
  lastUsedAt: Nullable(IsoTimestamp),
  expiresAt: IsoTimestamp,
  /** a short description of the browser ("Firefox on Windows"); null: unknown */
  device: Nullable(Type.String()),
  current: Type.Boolean(),
});
export type OpsSession = Static<typeof OpsSession>;
export const OpsSessionsResponse = Type.Object({ results: Type.Array(OpsSession) });
export type OpsSessionsResponse = Static<typeof OpsSessionsResponse>;

/** POST /ops/operators (admin): 201 Operator; 409 operator_email_taken */
export const CreateOperatorBody = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  password: Type.String({ minLength: 12, maxLength: 200 }),
  roles: Type.Array(OperatorRole, { minItems: 1, maxItems: 4, uniqueItems: true }),
}, { additionalProperties: false });
export type CreateOperatorBody = Static<typeof CreateOperatorBody>;

/** PUT /ops/operators/{id} (admin): Operator. An admin cannot take its own admin role or disable itself (409 operator_self_lockout). */
export const UpdateOperatorBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  roles: Type.Optional(Type.Array(OperatorRole, { minItems: 1, maxItems: 4, uniqueItems: true })),
  disabled: Type.Optional(Type.Boolean()),
  /** a new password (ends the operator's sessions) */
  password: Type.Optional(Type.String({ minLength: 12, maxLength: 200 })),
}, { additionalProperties: false });
export type UpdateOperatorBody = Static<typeof UpdateOperatorBody>;

/**
 * PUT /ops/me/password (every operator, issue 26): the operator's own password, after the current one. 200
 * Operator; 400 invalid_current_password (the field currentPassword) or validation_failed (newPassword
 * password_unchanged); 429 too_many_attempts: wrong current passwords count toward the sign-in lock (5 in a row).
 * The operator's other sessions end; the one that changed it stays.
 */
export const ChangeOwnPasswordBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Type.String({ minLength: 12, maxLength: 200 }),
  /** issue 26: the second factor confirms it too: the authenticator's current code or one recovery code */
  code: Type.String({ minLength: 1, maxLength: 40 }),
}, { additionalProperties: false });
export type ChangeOwnPasswordBody = Static<typeof ChangeOwnPasswordBody>;

export const OperatorsResponse = Type.Object({ results: Type.Array(Operator), total: Type.Integer() });
export type OperatorsResponse = Static<typeof OperatorsResponse>;

// ---------------------------------------------------------------- who did it, and the order's history

/** Who made a change: an operator (named), the customer, or the shop itself (a job, a bank statement). */
export const Actor = Type.Object({
  type: Type.Union([Type.Literal('operator'), Type.Literal('customer'), Type.Literal('system')]),
  /** operator id, customer id, or the job's name (e.g. "payment-deadline") */
  id: Type.String(),
  /** the operator's e-mail; null for customers and the system */
  email: Nullable(Type.String()),
  /** issue 24: the operator's name (the audit log's listing), when it has one */
  name: Type.Optional(Type.String()),
});
export type Actor = Static<typeof Actor>;

export { OrderEventKind, OrderTimelineEntry } from './order.ts';

/** An entry of the append-only audit log (rows are never updated or deleted). */
export const AuditEntry = Type.Object({
  id: Id,
  at: IsoTimestamp,
  orderId: Nullable(Id),
  orderNumber: Nullable(Type.String()),
  actor: Actor,
  /** the event kind, or an operator action outside orders (operator_created, statement_uploaded, ...) */
  action: Type.String(),
  before: Nullable(Type.Object({ orderState: OrderState, paymentState: PaymentState })),
  after: Nullable(Type.Object({ orderState: OrderState, paymentState: PaymentState })),
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  orderId: Type.Optional(Id),
  operatorId: Type.Optional(Id),
  /** issue 24: the order's number (exactly, whatever its case) */
  orderNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  /** issue 24: the operator's name or e-mail, or part of it (case-insensitive) */
  operator: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, default: 0 })),
}, { additionalProperties: false });
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditResponse = Type.Object({ results: Type.Array(AuditEntry), total: Type.Integer() });
export type AuditResponse = Static<typeof AuditResponse>;

// ---------------------------------------------------------------- the order page's workbench (issue 24)

/**
 * POST /ops/orders/{id}/notes (any role): an internal note on the order's timeline, for staff only (never in
 * the customer's answers or mails). Trimmed, 1 to 2000 characters (400 validation_failed); written once,
 * never changed; an audit entry note_added names its author.
 */
export const OrderNoteBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 2000 }),
}, { additionalProperties: false });
export type OrderNoteBody = Static<typeof OrderNoteBody>;
export const ORDER_NOTE_MAX = 2000;

export const OrderNote = Type.Object({
  id: Id,
  at: IsoTimestamp,
  body: Type.String(),
  /** the operator who wrote it */
  by: Type.Object({ id: Id, email: Type.String(), name: Nullable(Type.String()) }),
});
export type OrderNote = Static<typeof OrderNote>;
/** GET /ops/orders/{id}/notes: oldest first. */
export const OrderNotesResponse = Type.Object({ results: Type.Array(OrderNote) });
export type OrderNotesResponse = Static<typeof OrderNotesResponse>;

/** A mail the shop wrote about the order (confirmation, each step's mail, and resends), oldest first. */
export const OrderMail = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  to: Type.String(),
  createdAt: IsoTimestamp,
  sentAt: Nullable(IsoTimestamp),
  failedAt: Nullable(IsoTimestamp),
  /** a resend: the mail it copied */
  resentFrom: Nullable(Type.Integer()),
});
export type OrderMail = Static<typeof OrderMail>;
/** GET /ops/orders/{id}/mails */
export const OrderMailsResponse = Type.Object({ results: Type.Array(OrderMail) });
export type OrderMailsResponse = Static<typeof OrderMailsResponse>;
export const OrderMailParams = Type.Object({ id: Id, mailId: Type.Integer({ minimum: 1 }) });
/**
 * POST /ops/orders/{id}/mails/{mailId}/resend (support, finance, warehouse, admin): the same mail again, as
 * written then, to the address it went to; 201 the new mail; audited (mail_resent). A mail not of this order:
 * 404 order_mail_not_found. Decision: one mail is resent at most once per 10 minutes, and an order's mails at
 * most 5 times per hour (429 too_many_requests, details.retryAfter): enough for a customer who lost it, not a
 * way to flood an inbox.
 */
export const RESEND_SAME_MAIL_S = 10 * 60;
export const RESENDS_PER_ORDER_HOUR = 5;

/** Another order of the customer, as the card lists it (newest first). */
export const CustomerCardOrder = Type.Object({
  id: Id,
  orderNumber: Type.String(),
  createdAt: IsoTimestamp,
  transactionType: TransactionType,
  orderState: OrderState,
  paymentState: PaymentState,
  total: Money,
});
export type CustomerCardOrder = Static<typeof CustomerCardOrder>;

/**
 * GET /ops/orders/{id}/customer (any role): who ordered, and what else of theirs the shop holds, on the
 * order's store only (an account belongs to one store; the same e-mail on another store is another
 * customer, never shown here). A guest's order: kind guest, nothing else is linked (Decision: orders are not
 * matched by e-mail or name, which others may share or know).
 */
export const CustomerCard = Type.Object({
  kind: Type.Union([Type.Literal('account'), Type.Literal('guest')]),
  customerId: Nullable(Id),
  email: Type.String(),
  name: Type.String(),
  store: StoreKeyLit,
  /** the account's creation; null for a guest */
  accountSince: Nullable(IsoTimestamp),
  /** the customer's other orders on this store, newest first (at most 10; total counts them all) */
  orders: Type.Object({ results: Type.Array(CustomerCardOrder), total: Type.Integer() }),
  /** the depot on this store, null: none */
  depot: Nullable(Type.Object({
    number: Type.String(),
    openedAt: IsoTimestamp,
    openingValue: Money,
    currentValue: Nullable(Money),
    holdings: Type.Array(Type.Object({ sku: Type.String(), name: Type.String(), quantity: Type.Integer(), currentValue: Nullable(Money) })),
  })),
  /** the customer's limit orders on this store, newest first (at most 10; total counts them all) */
  limitOrders: Type.Object({
    results: Type.Array(Type.Object({
      id: Id,
      number: Type.String(),
      status: Type.String(),
      name: Type.String(),
      quantity: Type.Integer(),
      limitPrice: Money,
      expiresAt: IsoTimestamp,
      /** executed: the order it became */
      orderId: Nullable(Type.String()),
      orderNumber: Nullable(Type.String()),
    })),
    total: Type.Integer(),
  }),
});
export type CustomerCard = Static<typeof CustomerCard>;

// ---------------------------------------------------------------- the order queue

/** The work queues of the back office; an order may be in none. */
export const OpsQueue = Type.Union([
  Type.Literal('to_pay'), // buy, Open, payment Pending
  Type.Literal('to_ship'), // buy, Confirmed, delivered by a carrier
  Type.Literal('to_collect'), // buy, Confirmed, pickup at a store
  Type.Literal('to_store'), // buy, Confirmed, into the deposit (booked at payment; completes at once)
  Type.Literal('goods_to_receive'), // sell, Requested
  Type.Literal('to_assay'), // sell, goods received, not yet assayed
  Type.Literal('to_pay_out'), // sell, Accepted, no counter-offer open or declined (issue 23)
  Type.Literal('overdue'), // buy by bank transfer past its 5 working days
  Type.Literal('offer_open'), // issue 23: sell, a counter-offer awaits the customer's answer
  Type.Literal('to_return'), // issue 23: sell, the customer declined the counter-offer: the goods go back
  Type.Literal('payment_review'), // buy, payment Failed, or a payment the bank took back (not paid again, not cancelled)
  Type.Literal('scrap_box_to_send'), // issue 24: sell by Scrap Metal Box, Requested, the box not yet sent to the customer
]);
export type OpsQueue = Static<typeof OpsQueue>;
export const opsQueues: OpsQueue[] = ['to_pay', 'to_ship', 'to_collect', 'to_store', 'goods_to_receive', 'to_assay', 'to_pay_out', 'overdue', 'offer_open', 'to_return', 'payment_review', 'scrap_box_to_send'];

/** Issue 24: the columns the order list sorts by (createdAt desc unless the query says otherwise). */
export const OpsOrderSort = Type.Union([
  Type.Literal('createdAt'), Type.Literal('orderNumber'), Type.Literal('customer'), Type.Literal('total'), Type.Literal('orderState'), Type.Literal('paymentDueBy'),
]);
export type OpsOrderSort = Static<typeof OpsOrderSort>;
export const opsOrderSorts: OpsOrderSort[] = ['createdAt', 'orderNumber', 'customer', 'total', 'orderState', 'paymentDueBy'];

/**
 * Issue 24: a day of the date range, the day the order was placed in its store's time zone: a date, or a day
 * relative to the store's today ("today", "today-3"), so that a saved view "unpaid after 3 days" stays true.
 */
export const OpsDay = Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}|today(-\\d{1,4})?)$', maxLength: 10, description: 'YYYY-MM-DD, today or today-N (days before the store\'s today)' });

export const OpsOrdersQuery = Type.Object({
  state: Type.Optional(OrderState),
  paymentState: Type.Optional(PaymentState),
  store: Type.Optional(StoreKeyLit),
  transactionType: Type.Optional(TransactionType),
  queue: Type.Optional(OpsQueue),
  /** order number, customer e-mail or name (case-insensitive, part of it) */
  q: Type.Optional(Type.String({ maxLength: 100 })),
  /** issue 24: placed on or after / on or before this day (the store's day); from after to: 400 invalid_date_range */
  from: Type.Optional(OpsDay),
  to: Type.Optional(OpsDay),
  /** issue 24: pickup, drop-off or delivery at this store of the shop (its key, e.g. zurich) */
  pickupStore: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' })),
  sort: Type.Optional(OpsOrderSort),
  dir: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, default: 0 })),
}, { additionalProperties: false });
export type OpsOrdersQuery = Static<typeof OpsOrdersQuery>;

export const OpsOrderSummary = Type.Object({
  id: Id,
  orderNumber: Type.String(),
  createdAt: IsoTimestamp,
  store: StoreKeyLit,
  transactionType: TransactionType,
  orderState: OrderState,
  paymentState: PaymentState,
  paymentMethod: Type.String(),
  shippingMethod: Type.String(),
  customerEmail: Type.String(),
  customerName: Type.String(),
  total: Money,
  /** issue 23: what is paid or paid out: a sale after its assay the accepted amount (total stays the estimate) */
  amount: Money,
  /** buy by bank transfer: the last day the transfer may arrive (5 working days); else null */
  paymentDueBy: Nullable(IsoDate),
  overdue: Type.Boolean(),
  queues: Type.Array(OpsQueue),
});
export type OpsOrderSummary = Static<typeof OpsOrderSummary>;

export const OpsOrdersResponse = Type.Object({
  results: Type.Array(OpsOrderSummary),
  /** how many match the filters (for paging) */
  total: Type.Integer(),
  /** how many orders each queue holds now, whatever the filters */
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type OpsOrdersResponse = Static<typeof OpsOrdersResponse>;

export const OpsPayment = Type.Object({
  id: Id,
  amount: Money,
  reference: Type.String(),
  valueDate: IsoDate,
  /** manual (an operator typed it) or camt053 (a bank statement line) */
  source: Type.Union([Type.Literal('manual'), Type.Literal('camt053')]),
  recordedAt: IsoTimestamp,
  recordedBy: Actor,
  /** when the bank took it back (a returned transfer, a chargeback); it no longer counts as paid */
  reversedAt: Type.Optional(Nullable(IsoTimestamp)),
});
export type OpsPayment = Static<typeof OpsPayment>;

export const OpsShipment = Type.Object({
  id: Id,
  ...OrderShipment.properties,
});
export type OpsShipment = Static<typeof OpsShipment>;

/** A sell order's assay: per line the estimated and the final fine weight and payout; when it was done. */
export const OpsAssayLine = OrderAssayLine;
export const OpsAssay = Type.Object({
  ...OrderAssay.properties,
  assayedAt: IsoTimestamp,
});
export type OpsAssay = Static<typeof OpsAssay>;

export const OpsPayout = Type.Object({
  amount: Money,
  /** bank-transfer or cash (at the store counter) */
  method: Type.Union([Type.Literal('bank-transfer'), Type.Literal('cash')]),
  /** the account paid to, masked (CH93 **** **** **** 2957 1, or a US account number's last digits); null for cash */
  iban: Nullable(Type.String()),
  valueDate: IsoDate,
  paidAt: IsoTimestamp,
});
export type OpsPayout = Static<typeof OpsPayout>;

/**
 * Anti-money-laundering (issue 23): the identity document staff checked at the counter (pickup or cash
 * payout), kept as type, issuing country, the number's last 4 characters and expiry, with who checked it.
 */
export const OpsIdentityCheck = Type.Object({
  documentType: Type.Union([Type.Literal('passport'), Type.Literal('id-card'), Type.Literal('residence-permit')]),
  issuingCountry: Type.String(),
  numberLast4: Type.String(),
  expiryDate: IsoDate,
  /** type, country and the number's end are those of the document the customer gave with the order (null: none given) */
  matchesOrder: Nullable(Type.Boolean()),
  checkedBy: Actor,
  checkedAt: IsoTimestamp,
  step: Type.Union([Type.Literal('pickup'), Type.Literal('payout')]),
});
export type OpsIdentityCheck = Static<typeof OpsIdentityCheck>;

export const OpsAml = Type.Object({
  /** the order reached the identification threshold (alone or with linked orders): pickup and cash payout need identityCheck */
  identityRequired: Type.Boolean(),
  /** the document the customer gave with the order: its type, issuing country, the number's last 4 characters, expiry */
  customerDocument: Nullable(Type.Object({ documentType: Type.String(), issuingCountry: Type.String(), numberLast4: Type.String(), expiryDate: IsoDate })),
  identityCheck: Nullable(OpsIdentityCheck),
  /** the customer's earlier cash orders this one was counted with (src/contracts/aml.ts), null: none */
  linked: Nullable(Type.Object({ orderNumbers: Type.Array(Type.String()), amount: Money, withinHours: Type.Integer() })),
});
export type OpsAml = Static<typeof OpsAml>;

/**
 * The identity document staff checked at the counter. Required (409 identity_check_required) for the pickup
 * and the cash payout of an order that reached the anti-money-laundering threshold; an expired document is
 * refused (400 validation_failed). Only type, country, the number's last 4 characters and expiry are kept.
 */
export const IdentityCheckBody = Type.Object({
  documentType: Type.Union([Type.Literal('passport'), Type.Literal('id-card'), Type.Literal('residence-permit')]),
  /** ISO 3166-1 alpha-2 */
  issuingCountry: Type.String({ minLength: 2, maxLength: 2, pattern: '^[A-Za-z]{2}$' }),
  documentNumber: Type.String({ minLength: 4, maxLength: 40, pattern: '^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$' }),
  expiryDate: IsoDate,
}, { additionalProperties: false });
export type IdentityCheckBody = Static<typeof IdentityCheckBody>;

/** An action the back office may offer on this order to this operator (role and state allow it). */
export const OpsAction = Type.Union([
  Type.Literal('payment'), Type.Literal('shipment'), Type.Literal('pickup'), Type.Literal('cancel'),
  Type.Literal('goods-received'), Type.Literal('assay'), Type.Literal('payout'), Type.Literal('goods-returned'), Type.Literal('payment-failed'),
]);
export type OpsAction = Static<typeof OpsAction>;
export const opsActions: OpsAction[] = OpsAction.anyOf.map((s) => s.const);
/** Issue 24: each step's call, POST /ops/orders/{id}/<path>, spelled once (commerce's routes, the /ops answer, the back office). */
export const opsActionPaths: Record<OpsAction, string> = {
  payment: 'payments', shipment: 'shipments', pickup: 'pickup', cancel: 'cancel', 'goods-received': 'goods-received', assay: 'assay', payout: 'payout',
  'goods-returned': 'goods-returned', 'payment-failed': 'payment-failed',
};

/** Issue 24: what a form of a step offered needs (from the order state machine): its call, who may take it, its body's fields. */
export const OpsActionForm = Type.Object({
  action: OpsAction,
  /** POST /ops/orders/{id}/<path> */
  path: Type.String(),
  roles: Type.Array(OperatorRole),
  /** the body's top-level fields; nested ones (lines, identityCheck) are objects of their own */
  fields: Type.Array(Type.Object({ name: Type.String(), required: Type.Boolean() })),
});
export type OpsActionForm = Static<typeof OpsActionForm>;

/**
 * Issue 23: the payout account in full, for finance and admin only (the detail leaves it out for other
 * roles): finance confirms the payout against it. Null for a cash sale.
 */
export const OpsPayoutAccount = Type.Object({
  accountOwner: Type.String(),
  iban: Nullable(Type.String()),
  bic: Nullable(Type.String()),
  accountNumber: Nullable(Type.String()),
  routingNumber: Nullable(Type.String()),
});
export type OpsPayoutAccount = Static<typeof OpsPayoutAccount>;

export const OpsOrderDetail = Type.Object({
  summary: OpsOrderSummary,
  /** the order as the customer sees it (names in the order's language, or in the languageTag asked for) */
  order: Order,
  /** the audit entries of this order, oldest first, naming the operators */
  timeline: Type.Array(AuditEntry),
  payments: Type.Array(OpsPayment),
  /** paid so far; the order is Paid when this reaches its total */
  paidAmount: Money,
  shipments: Type.Array(OpsShipment),
  assay: Nullable(OpsAssay),
  payout: Nullable(OpsPayout),
  /** what this operator may do now */
  actions: Type.Array(OpsAction),
  /** the same steps with what their forms need (issue 24), in the same order */
  actionForms: Type.Array(OpsActionForm),
  /**
   * A sale's estimated fine weight per line in grams, by line id (scrap: declared weight x fineness; coins and
   * bars: fine weight per piece x quantity), what the assay reprices from; a line whose weight is unknown is
   * left out. Absent for purchases.
   */
  estimatedFineWeightGrams: Type.Optional(Type.Record(Type.String(), Type.Number())),
  /** anti-money-laundering: a cash order's identification (issue 23); absent for orders not paid in cash */
  aml: Type.Optional(OpsAml),
  /** issue 23: a sale's payout account in full, to finance and admin only (absent for other roles and purchases) */
  payoutAccount: Type.Optional(Nullable(OpsPayoutAccount)),
  /**
   * A payment the bank took back, for finance to review (queue payment_review) until the order is paid again
   * or cancelled: returned (awaits its money again), metal_sold (the depot metal it bought was sold already),
   * goods_delivered (shipped or collected already). Absent otherwise.
   */
  paymentReview: Type.Optional(Type.Object({
    reason: Type.Union([Type.Literal('returned'), Type.Literal('metal_sold'), Type.Literal('goods_delivered')]),
    at: IsoTimestamp,
    amount: Money,
    entryReference: Type.String(),
  })),
});
export type OpsOrderDetail = Static<typeof OpsOrderDetail>;

export const OpsOrderParams = Type.Object({ id: Id });
/** GET /ops/orders/{id}?languageTag=en: the order's names (items, delivery, pickup store) in the operator's language; default the order's. */
export const OpsOrderQuery = Type.Object({ languageTag: LanguageTag }, { additionalProperties: false });
export type OpsOrderQuery = Static<typeof OpsOrderQuery>;

// ---------------------------------------------------------------- the steps (each answers OpsOrderDetail; an impossible step: 409)

/**
 * POST /ops/orders/{id}/payments (finance). A partial amount is recorded and the order stays Open; the
 * amount reaching the total makes it Paid and Confirmed. Currency other than the order's: 400
 * payment_currency_mismatch; more than is still owed: 409 payment_exceeds_total; not a buy order awaiting
 * payment: 409 invalid_transition; the same amount, value date and reference as a payment the order has
 * already (typed twice): 409 payment_duplicate.
 */
export const PaymentBody = Type.Object({
  centAmount: Type.Integer({ minimum: 1, maximum: 100_000_000_00 }),
  currency: CurrencyCode,
  reference: Type.String({ minLength: 1, maxLength: 140 }),
  valueDate: IsoDate,
}, { additionalProperties: false });
export type PaymentBody = Static<typeof PaymentBody>;

/** POST /ops/orders/{id}/shipments (warehouse): Confirmed -> Complete, a mail with the tracking link. */
export const ShipmentBody = Type.Object({
  carrier: Type.String({ minLength: 1, maxLength: 60 }),
  trackingNumber: Type.String({ minLength: 3, maxLength: 60, pattern: '^[A-Za-z0-9 -]+$' }),
}, { additionalProperties: false });
export type ShipmentBody = Static<typeof ShipmentBody>;

/** POST /ops/orders/{id}/pickup (warehouse): handed over at the counter; Confirmed -> Complete. */
export const PickupBody = Type.Object({
  /** who collected it (the customer, or a person with authority), as checked on the ID */
  collectedBy: Type.String({ minLength: 1, maxLength: 120 }),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
  /** the identity document checked (required where the order reached the anti-money-laundering threshold) */
  identityCheck: Type.Optional(IdentityCheckBody),
}, { additionalProperties: false });
export type PickupBody = Static<typeof PickupBody>;

/** Issue 28: the cancel reasons the customer is told, each translated into the customer's language by the
 * service (mail.lifecycle.cancelled.reasons.<code>); the back office offers them as a list. */
export const cancelReasonCodes = ['customer_request', 'payment_not_received', 'out_of_stock', 'price_error', 'duplicate_order', 'address_problem'] as const;
// the literals as a tuple type (the schema is the same): over a plain array, Static gave no type at all
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K] & string> };
const literals = <T extends readonly string[]>(values: T) => values.map((v) => Type.Literal(v)) as unknown as Literals<T>;
export const CancelReasonCode = Type.Union(literals(cancelReasonCodes));
export type CancelReasonCode = (typeof cancelReasonCodes)[number];

/** POST /ops/orders/{id}/cancel (support, finance, admin): 409 when paid or already done. A reason from the
 * list, and/or free text (with a listed reason: an addition to it, in the customer's language). */
export const CancelBody = Type.Object({
  reasonCode: Type.Optional(CancelReasonCode),
  reason: Type.Optional(Type.String({ minLength: 3, maxLength: 500 })),
}, { additionalProperties: false });
export type CancelBody = Static<typeof CancelBody>;

/**
 * POST /ops/orders/{id}/payment-failed (finance): the transfer of a purchase awaiting its money failed
 * (the bank reported it, the customer's bank refused it). Payment Pending -> Failed, nothing paid so far
 * (else 409 invalid_transition); the reason is told to the customer (mail and order page). A later
 * transfer still books (Failed -> Pending or Paid); the order may be cancelled.
 */
export const PaymentFailedBody = Type.Object({
  reason: Type.String({ minLength: 3, maxLength: 500 }),
}, { additionalProperties: false });
export type PaymentFailedBody = Static<typeof PaymentFailedBody>;

/** POST /ops/orders/{id}/goods-received (warehouse): the sell order's goods arrived. */
export const GoodsReceivedBody = Type.Object({
  note: Type.Optional(Type.String({ maxLength: 1000 })),
}, { additionalProperties: false });
export type GoodsReceivedBody = Static<typeof GoodsReceivedBody>;

/**
 * POST /ops/orders/{id}/assay (warehouse): the final fine weight of every line in whole milligrams (the
 * assay's precision). Decision (issue 23): weights cross the wire as integers, never as a float checked with
 * `multipleOf: 0.001` (which refused 7.1 g, 5.85 g and about 13 % of all weights: 7.1 / 0.001 is not a whole
 * number in binary floating point); a form turns the grams it was typed in into milligrams from the text.
 * The payout is recomputed at the price locked when the order was placed (the line's estimate per fine
 * gram); Requested -> Accepted; the customer's mail explains the difference to the estimate.
 */
export const AssayBody = Type.Object({
  lines: Type.Array(Type.Object({
    lineId: Type.String({ minLength: 1, maxLength: 64 }),
    finalFineWeightMg: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  }, { additionalProperties: false }), { minItems: 1, maxItems: 200 }),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
  /**
   * A final fine weight more than 20 % above or below a line's estimate is most often a typo (10000 for
   * 10.000): without this confirmation such an assay answers 409 assay_deviation_unconfirmed (details.lineIds)
   * and changes nothing.
   */
  confirmDeviation: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type AssayBody = Static<typeof AssayBody>;

/**
 * POST /ops/orders/{id}/payout (finance): the money went out; Accepted -> Complete, payment Paid. The
 * amount must be the accepted payout (409 payout_amount_mismatch); while the customer has not answered a
 * counter-offer, or declined it: 409 counter_offer_open (issue 23). A bank payout names the account the
 * money went to, and it must be the one the customer gave with the order (400 validation_failed): `iban`
 * for an IBAN account, `accountNumber` for a US account (routing and account number). A cash payout at the
 * store counter (payment method cash) names neither.
 */
export const PayoutBody = Type.Object({
  iban: Type.Optional(Type.String({ minLength: 15, maxLength: 42 })),
  accountNumber: Type.Optional(Type.String({ minLength: 4, maxLength: 17, pattern: '^[0-9 ]+$' })),
  centAmount: Type.Integer({ minimum: 1, maximum: 100_000_000_00 }),
  valueDate: IsoDate,
  /** a cash payout: the identity document checked at the counter (required where the order reached the threshold) */
  identityCheck: Type.Optional(IdentityCheckBody),
}, { additionalProperties: false });
export type PayoutBody = Static<typeof PayoutBody>;

/**
 * POST /ops/orders/{id}/goods-returned (warehouse), issue 23: the customer declined the counter-offer and the
 * goods went back to them, insured at the shop's cost; the order ends Cancelled (nothing is paid out).
 */
export const GoodsReturnedBody = Type.Object({
  trackingNumber: Type.Optional(Type.String({ minLength: 3, maxLength: 60, pattern: '^[A-Za-z0-9 -]+$' })),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
}, { additionalProperties: false });
export type GoodsReturnedBody = Static<typeof GoodsReturnedBody>;

// ---------------------------------------------------------------- bank statements (camt.053)

/**
 * POST /ops/bank-statements (finance): body { xml } with a camt.053 document (ISO 20022
 * BkToCstmrStmt, versions .001.02 to .001.08), at most 5 MB. Credit entries are matched to buy orders by
 * the order number in the remittance information (Ustrd or the structured creditor reference). Only an
 * exact match of amount and currency on an order awaiting payment is applied; everything else is listed
 * as flagged and changes nothing. Uploading the same statement again applies nothing twice
 * (entry reference or, without it, a hash of the entry).
 */
export const BankStatementBody = Type.Object({
  xml: Type.String({ minLength: 1, maxLength: 5_000_000 }),
}, { additionalProperties: false });
export type BankStatementBody = Static<typeof BankStatementBody>;

export const BankStatementEntryResult = Type.Union([
  Type.Literal('applied'),
  Type.Literal('amount_mismatch'),
  Type.Literal('currency_mismatch'),
  Type.Literal('no_order'),
  /** the remittance names more than one order number: finance decides */
  Type.Literal('ambiguous_reference'),
  Type.Literal('not_awaiting_payment'),
  Type.Literal('duplicate'),
  Type.Literal('debit'),
  /** not booked by the bank (status PDNG): not money yet, nothing recorded */
  Type.Literal('pending'),
  /** for information only (status INFO, or no status): nothing recorded */
  Type.Literal('info'),
  /** a credit that reverses an earlier debit of ours (RvslInd): never a payment */
  Type.Literal('reversal'),
  /** a debit taking back a payment (RvslInd, or a return code such as PMNT/RCDT/RRTN): that payment is undone */
  Type.Literal('payment_reversed'),
  /** such a debit whose payment was not found (order number and amount): finance decides */
  Type.Literal('reversal_unmatched'),
  /** a value date outside the rule for typed value dates (a year back, a week ahead): nothing recorded */
  Type.Literal('value_date_out_of_range'),
]);
export type BankStatementEntryResult = Static<typeof BankStatementEntryResult>;

export const BankStatementEntry = Type.Object({
  entryReference: Type.String(),
  amount: Money,
  valueDate: Nullable(IsoDate),
  remittance: Type.String(),
  debtorName: Nullable(Type.String()),
  orderNumber: Nullable(Type.String()),
  orderId: Nullable(Id),
  result: BankStatementEntryResult,
});
export type BankStatementEntry = Static<typeof BankStatementEntry>;

export const BankStatementResult = Type.Object({
  statementId: Type.String(),
  accountIban: Nullable(Type.String()),
  entries: Type.Array(BankStatementEntry),
  applied: Type.Integer(),
  flagged: Type.Integer(),
  /** entries not booked by the bank (pending, info): listed, nothing recorded */
  pending: Type.Optional(Type.Integer()),
  /** payments undone by a return or chargeback */
  reversed: Type.Optional(Type.Integer()),
});
export type BankStatementResult = Static<typeof BankStatementResult>;

/**
 * POST /ops/bank-statement-imports (finance): the same document as POST /ops/bank-statements, imported as
 * a job: its type is checked at once (400 invalid_bank_statement: a DOCTYPE, not a camt.053 namespace), 202
 * answers the job; the document is then read (total 0 until then), its account checked (a refusal ends the
 * job failed, with the code and reason the direct upload answers) and its entries processed in the
 * background. GET /ops/bank-statement-imports/{id}?offset&limit:
 * its progress, and once done the result with a page of its entries (at most 500; `processed` entries in
 * all), for the operator who started it or an admin (else 404).
 */
export const BankStatementImport = Type.Object({
  id: Id,
  statementId: Type.String(),
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  total: Type.Integer(),
  processed: Type.Integer(),
  startedAt: IsoTimestamp,
  finishedAt: Nullable(IsoTimestamp),
  result: Nullable(BankStatementResult),
  /** why a failed import stopped: the document refused (invalid_bank_statement with details.reason, as the direct upload answers), or another error code */
  error: Nullable(Type.Object({ code: Type.String(), details: Type.Optional(Type.Record(Type.String(), Type.Unknown())) })),
});
export type BankStatementImport = Static<typeof BankStatementImport>;

export const BankStatementImportQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 500 })),
}, { additionalProperties: false });
export type BankStatementImportQuery = Static<typeof BankStatementImportQuery>;

// ---------------------------------------------------------------- whistleblower cases (admin: the reporting office)

export const OpsCasesQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('received'), Type.Literal('in-progress'), Type.Literal('closed')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000000, default: 0 })),
}, { additionalProperties: false });
export type OpsCasesQuery = Static<typeof OpsCasesQuery>;

/** POST /ops/whistleblower/{reference}/answers { message, close? } -> the case; 409 whistleblow_case_closed */
export const OpsCaseAnswerBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 5000 }),
  close: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type OpsCaseAnswerBody = Static<typeof OpsCaseAnswerBody>;

/** GET /ops/whistleblower/{reference}: a case as the office sees it (the reporter only when not anonymous). */
export const OpsCase = WhistleblowAdminCase;
export type OpsCase = Static<typeof OpsCase>;
/** GET /ops/whistleblower (OpsCasesQuery): newest first; total counts every case of the filter. */
export const OpsCasesResponse = Type.Object({ results: Type.Array(OpsCase), total: Type.Integer() });
export type OpsCasesResponse = Static<typeof OpsCasesResponse>;

export { CurrencyCode, StoreKeyLit as OpsStoreKey };
