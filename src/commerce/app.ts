// The commerce service (spec 7 calls on PostgreSQL): buildCommerceApp(opts) returns a ready Fastify
// instance that never listens; src/commerce/main.ts listens, src/main.ts embeds it on PORT+1.
// Every request but GET /health and GET /openapi.json carries x-store-key (spec 6); the OpenAPI document is
// generated from the TypeBox schemas that validate the routes.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { AppError, sendError, toErrorBody } from '../lib/errors.ts';
import { createService, trustOneProxy } from '../lib/service.ts';
import { isStoreKey } from '../stores.ts';
import { servicePorts } from '../config.ts';
import { companyFactsFromCms, type CompanyFactsSource } from '../contracts/company-facts.ts';
import { purgeStepUps } from './auth/step-up.ts';
import { purgeExpiredTokens } from './auth/tokens.ts';
import type { CommerceConfig, CommerceContext } from './context.ts';
import { migrate, migrationsDir, type Db } from './db/index.ts';
import { documentOperations, openApiOptions } from './http/openapi.ts';
import { KERNEL_PLUGIN } from './http/plugin.ts';
import { StoreKeyHeader } from './http/schemas.ts';
import { addSeconds, systemClock, type Clock } from './lib/clock.ts';
import { purgeRateState } from './lib/rate.ts';
import { pagePurger } from './lib/page-purge.ts';
import type { PurgeTargets } from '../lib/purge.ts';
import alertsPlugin from './alerts/plugin.ts';
import applicationsPlugin from './applications/plugin.ts';
import cartsPlugin from './carts/plugin.ts';
import cataloguePlugin from './catalogue/plugin.ts';
import { seedCatalogue } from './catalogue/index.ts';
import accountOverviewPlugin from './account-overview/plugin.ts';
import customersPlugin from './customers/plugin.ts';
import { purgeCustomerData, purgeSecondFactorData } from './customers/index.ts';
import depositsPlugin from './deposits/plugin.ts';
import discountsPlugin from './discounts/plugin.ts';
import limitOrdersPlugin from './limit-orders/plugin.ts';
import newsletterPlugin from './newsletter/plugin.ts';
import ordersPlugin from './orders/plugin.ts';
import outboxPlugin from './outbox/plugin.ts';
import { createOutbox, purgeOutbox } from './outbox/index.ts';
import pricesPlugin from './prices/plugin.ts';
import shippingPlugin from './shipping/plugin.ts';
import wishlistsPlugin from './wishlists/plugin.ts';
import documentsPlugin from './documents/plugin.ts';
import lifecyclePlugin from './lifecycle/plugin.ts';
import opsPlugin from './ops/plugin.ts';
import metricsPlugin from './metrics/plugin.ts';
import passkeysPlugin from './passkeys/plugin.ts';
import { purgeChallenges } from './passkeys/index.ts';
import { purgeOperatorSessions } from './ops/index.ts';
import rateLimitsPlugin from './rate-limits/plugin.ts';
import { purgeBudgets } from './rate-limits/index.ts';

export { migrationsDir };
export type { CommerceConfig };

export interface CommerceAppOptions {
  db: Db;
  config: CommerceConfig;
  /** a pino logger configuration or instance; false for silence (tests) */
  logger?: FastifyServerOptions['logger'];
  /** the service's now (tests move time); default: the system clock */
  clock?: Clock;
  /** upsert the seed catalogue after migrating */
  seed?: boolean;
  /** where the company's facts come from; default: the CMS story `company` over HTTP (CMS_API_URL, or the
   * embedded content service on PORT+3) */
  companyFacts?: CompanyFactsSource;
  /** issue 27: whom a catalogue change purges (the storefront instances, the CDN); default: nobody */
  purge?: PurgeTargets | null;
}

export type CommerceApp = FastifyInstance;

const HOUSEKEEPING_INTERVAL_MS = 3600_000;
/** Decision: outbox messages are personal data; a month is enough to follow up on a mail. */
const OUTBOX_RETENTION_S = 30 * 86400;

export async function buildCommerceApp(opts: CommerceAppOptions): Promise<CommerceApp> {
  const { db, config } = opts;
  const clock = opts.clock ?? systemClock;
  await migrate(db);
  if (opts.seed) await seedCatalogue(db);

  const app = createService({
    name: 'commerce',
    logLevel: config.LOG_LEVEL,
    logger: opts.logger,
    // one proxy hop, like the storefront: a client cannot make its address up in X-Forwarded-For
    trustProxy: config.TRUST_PROXY === 'on' ? trustOneProxy : false,
  });
  const outbox = createOutbox({ db, smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM, log: app.log, clock });
  const ctx: CommerceContext = {
    db,
    clock,
    config,
    ttl: { accessTtlS: config.ACCESS_TOKEN_TTL_S, refreshTtlS: config.REFRESH_TOKEN_TTL_S },
    outbox,
    companyFacts: opts.companyFacts ?? companyFactsFromCms({
      endpoint: config.CMS_API_URL || `http://127.0.0.1:${servicePorts(config).content}/v2`,
      token: config.CMS_TOKEN,
      ttlMs: config.CMS_CACHE_TTL_S * 1000,
    }),
    mergeHooks: [],
    orderPlacedHooks: [],
    orderAnswerHooks: [],
    // Decision: without the deposits feature a customer holds nothing in a depot (a sale from it is refused)
    depotHoldings: async () => new Map(),
    accountDeletionHooks: [],
    passwordResetHooks: [],
    priceSetListeners: [],
    purgePages: pagePurger(opts.purge, () => app.log),
    jobs: new Map(),
  };
  // The kernel: what every feature plugin needs (they declare it as their dependency, http/plugin.ts).
  await app.register(fp(async (kernel) => {
    kernel.decorate('commerce', ctx);
    kernel.decorateRequest('storeKey', 'ch');
    kernel.decorateRequest('authContext', null);
    kernel.decorateRequest('operatorSession', null);
  }, { name: KERNEL_PLUGIN, fastify: '5.x' }));

  // issue 27: GET /metrics and the request counts of every route registered after it
  await app.register(metricsPlugin);
  await app.register(swagger, openApiOptions);
  documentOperations(app);

  // Document x-store-key on every route that needs it (the hook below answers a missing one with a
  // stable code before schema validation runs).
  app.addHook('onRoute', (route) => {
    if (route.config?.storeKey === false || !route.schema || (route.schema as { hide?: boolean }).hide) return;
    const existing = route.schema.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    route.schema.headers = {
      type: 'object',
      properties: { ...(existing?.properties ?? {}), ...StoreKeyHeader.properties },
      required: [...new Set([...(existing?.required ?? []), 'x-store-key'])],
    };
  });

  app.addHook('onRequest', async (req) => {
    // unmatched routes answer 404 whatever their headers
    if (req.routeOptions.url === undefined || req.routeOptions.config?.storeKey === false || req.routeOptions.config?.operational) return;
    const key = req.headers['x-store-key'];
    if (!isStoreKey(key)) {
      throw new AppError('invalid_store_key');
    }
    req.storeKey = key;
  });

  app.get('/health', { config: { storeKey: false, operational: true }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok', db: db.kind };
    } catch {
      return sendError(reply, toErrorBody(new AppError('db_unavailable')));
    }
  });
  app.get('/openapi.json', { config: { storeKey: false }, schema: { hide: true } }, async () => app.swagger());

  // The API routes in one scope (errors: the service's handler, src/lib/errors.ts toErrorBody). Each feature
  // is a named plugin (its folder's plugin.ts, imported here alone) registered after the features it depends on.
  await app.register(async (api) => {
    await api.register(customersPlugin);
    // issue 26: customers' passkeys (sign-in opens the customers' session)
    await api.register(passkeysPlugin);
    await api.register(outboxPlugin);
    await api.register(cataloguePlugin);
    // carts, orders, wishlists and the price hand-over (src/commerce/README.md, carts and orders)
    await api.register(pricesPlugin);
    await api.register(discountsPlugin);
    await api.register(shippingPlugin);
    await api.register(cartsPlugin);
    await api.register(ordersPlugin);
    await api.register(wishlistsPlugin);
    // the account's features (src/commerce/README.md, limit orders to data retention)
    await api.register(limitOrdersPlugin);
    await api.register(accountOverviewPlugin);
    await api.register(depositsPlugin);
    await api.register(alertsPlugin);
    await api.register(newsletterPlugin);
    await api.register(applicationsPlugin);
    // issue 25: the documents (the lifecycle issues the invoice through their door)
    await api.register(documentsPlugin);
    // issue 15: the order lifecycle (placement hook, payment-deadline job; its steps are called by ops)
    await api.register(lifecyclePlugin);
    // the operators' API (/ops, issue 15)
    await api.register(opsPlugin);
    // issue 27: the storefront instances' shared /api budgets
    await api.register(rateLimitsPlugin);
  });

  // Housekeeping: dead tokens (customers' and operators'), old counters, abandoned anonymous customers, spent one-time tokens,
  // the second factor's spent rows (issue 26).
  const housekeeping = async () => {
    try {
      await purge(db, clock(), config.REFRESH_TOKEN_TTL_S);
    } catch (err) {
      app.log.warn({ err }, 'housekeeping failed');
    }
  };
  await housekeeping();
  const timer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    for (const job of ctx.jobs.values()) await job.stop();
    await outbox.close();
  });

  // Not ready()-ed here: later plugins (carts, orders) may still register routes and merge hooks.
  return app;
}

/** Housekeeping: each feature's repository purges its own tables (issue 24: app.ts holds no SQL). */
async function purge(db: Db, now: Date, refreshTtlS: number): Promise<void> {
  await purgeExpiredTokens(db, now);
  await purgeRateState(db, now);
  await purgeBudgets(db, now);
  await purgeOperatorSessions(db, now);
  await purgeCustomerData(db, now, refreshTtlS);
  // issue 26: spent second steps, remembered devices past their 30 days, step-up confirmations older than a day
  await purgeSecondFactorData(db, now);
  await purgeStepUps(db, now);
  await purgeChallenges(db, now);
  await purgeOutbox(db, addSeconds(now, -OUTBOX_RETENTION_S));
}
