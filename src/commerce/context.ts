// What every commerce route needs, decorated on the service instance (app.commerce), and the request
// helpers other commerce plugins call: storeKeyOf; the auth hooks live in the kernel (http/auth.ts) and are
// re-exported here. The kernel's hooks are declared here: the features meet through them (a feature registers
// its hook in its plugin, the feature that runs them calls them), never by importing each other's insides, and
// the kernel names no feature (the rows the hooks pass are the kernel's, db/rows.ts).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { CompanyFactsSource } from '../contracts/company-facts.ts';
import type { StoreKey } from '../stores.ts';
import type { AuthContext, TokenLifetimes } from './auth/tokens.ts';
import type { Order } from '../contracts/order.ts';
import type { Db } from './db/index.ts';
import type { OrderRow } from './db/rows.ts';
import type { Clock } from './lib/clock.ts';
import type { Job } from './lib/jobs.ts';
import type { Lang } from './lib/lang.ts';
import type { Outbox } from './lib/outbox.ts';
import type { PagePurge } from './lib/page-purge.ts';

export { optionalAuth, requireAuth, requireUser } from './http/auth.ts';

export type CommerceConfig = Pick<
  Config,
  'NODE_ENV' | 'LOG_LEVEL' | 'ACCESS_TOKEN_TTL_S' | 'REFRESH_TOKEN_TTL_S' | 'SMTP_URL' | 'MAIL_FROM' | 'TRUST_PROXY' | 'RATE_LIMITS' | 'STORE_HOSTS' | 'PORT'
  | 'ADMIN_TOKEN' | 'SERVICE_SECRET' | 'OPS_DEMO_PASSWORD' | 'FOUR_EYES_PAYOUT_THRESHOLDS' | 'CMS_API_URL' | 'CMS_TOKEN' | 'CMS_CACHE_TTL_S'
>;

export interface CommerceContext {
  db: Db;
  clock: Clock;
  config: CommerceConfig;
  ttl: TokenLifetimes;
  outbox: Outbox;
  /** the company's facts per store (bank accounts of bank-transfer orders), from the CMS story `company` */
  companyFacts: CompanyFactsSource;
  /** run inside the merge transaction when an anonymous customer's data moves into an account */
  mergeHooks: MergeHook[];
  /** run inside the order transaction after an order is written (the deposit books its lots) */
  orderPlacedHooks: OrderPlacedHook[];
  /** what other features add to one order's answer to its customer, in order (the lifecycle: timeline, parcels,
   * the transfer's due date, the assay, the counter-offer) */
  orderAnswerHooks: OrderAnswerHook[];
  /** the customer's depot holdings by SKU, which the order rules check a sale from the depot against (set by
   * the deposits plugin; without it the depot is empty) */
  depotHoldings: DepotHoldings;
  /** run inside the account-deletion transaction, before the customer row goes (data kept by e-mail) */
  accountDeletionHooks: AccountDeletionHook[];
  /** run inside the password reset's transaction (issue 26: the passkeys go with the reset) */
  passwordResetHooks: PasswordResetHook[];
  /** told after a new price set became current (limit orders execute); never awaited by the hand-over */
  priceSetListeners: ((setId: string) => void)[];
  /** drops the storefronts' and the CDN's pages that name these surrogate keys (product:<sku>), after a
   * catalogue change committed; never throws (lib/page-purge.ts) */
  purgePages: PagePurge;
  /** scheduled work of the plugins by name (limit orders, contact-data purge); tests run them directly */
  jobs: Map<string, Job>;
}

export type OrderPlacedHook = (tx: Db, order: OrderRow, now: Date) => Promise<void>;

export type OrderAnswerHook = (db: Db, order: Order, lang: Lang) => Promise<Order>;

export type DepotHoldings = (db: Db, customerId: string | null, storeKey: StoreKey) => Promise<ReadonlyMap<string, number>>;

export interface MergeArgs {
  /** the anonymous customer whose data moves (deleted after the hooks ran) */
  anonymousId: string;
  /** the signed-in customer who receives it */
  customerId: string;
  storeKey: string;
  now: Date;
}

/** Moves what a feature keeps of a guest into the account at sign-in (customers run them: customers/merge.ts). */
export type MergeHook = (tx: Db, args: MergeArgs) => Promise<void>;

export interface AccountDeletion {
  customerId: string;
  storeKey: StoreKey;
  /** the account's e-mail (lower case), or null */
  emailLower: string | null;
  now: Date;
}

export type AccountDeletionHook = (tx: Db, account: AccountDeletion) => Promise<void>;

/** What a feature removes of the account's sign-in means when the password is reset by the mailed link. */
export type PasswordResetHook = (tx: Db, reset: { customerId: string; now: Date }) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    commerce: CommerceContext;
  }
  interface FastifyRequest {
    /** the store of x-store-key (checked for every route but /health and /openapi.json) */
    storeKey: StoreKey;
    /** cache of requireAuth */
    authContext: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** false: the route answers without x-store-key */
    storeKey?: boolean;
  }
}

export function storeKeyOf(req: FastifyRequest): StoreKey {
  return req.storeKey;
}
