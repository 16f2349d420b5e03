// The commerce service (spec 7 calls on PostgreSQL): buildCommerceApp(opts) returns a ready Fastify
// instance that never listens; src/commerce/main.ts listens, src/main.ts embeds it on PORT+1.
// Every request but GET /health and GET /openapi.json carries x-store-key (spec 6); the OpenAPI document is
// generated from the TypeBox schemas that validate the routes.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import Type from 'typebox';
import { AppError, sendError, toErrorBody } from '../lib/errors.ts';
import { createService, trustOneProxy } from '../lib/service.ts';
import { isStoreKey, storeKeys } from '../stores.ts';
import { purgeExpiredTokens } from './auth/tokens.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { seedCatalogue } from './catalogue/seed.ts';
import type { CommerceConfig, CommerceContext } from './context.ts';
import { accountRoutes } from './customers/account-routes.ts';
import { profileRoutes } from './customers/profile-routes.ts';
import { sessionRoutes } from './customers/session-routes.ts';
import { migrate, migrationsDir, type Db } from './db/index.ts';
import { addSeconds, systemClock, type Clock } from './lib/clock.ts';
import { purgeRateState } from './lib/rate.ts';
import { createOutbox } from './outbox/outbox.ts';
import { outboxRoutes } from './outbox/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { priceRoutes } from './prices/routes.ts';
import { wishlistRoutes } from './wishlists/routes.ts';
import { alertRoutes } from './alerts/routes.ts';
import { applicationRoutes } from './applications/routes.ts';
import { depositRoutes } from './deposits/routes.ts';
import { limitOrderRoutes } from './limit-orders/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { lifecyclePlugin } from './lifecycle/index.ts';
import { opsRoutes } from './ops/index.ts';

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
    mergeHooks: [],
    orderPlacedHooks: [],
    accountDeletionHooks: [],
    priceSetListeners: [],
    jobs: new Map(),
  };
  app.decorate('commerce', ctx);
  app.decorateRequest('storeKey', 'ch');
  app.decorateRequest('authContext', null);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Commerce API',
        version: '1.0.0',
        description: 'Customers, sessions, catalogue, carts, orders and wishlists of the precious-metals shop. Every call but /health and /openapi.json needs header x-store-key (at, ch, de, li, us). Errors: { statusCode, code, message, details? }.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          // the /ops calls (src/commerce/ops/): an operator token from POST /ops/login, never a customer's
          operatorToken: { type: 'http', scheme: 'bearer', description: 'Operator token (op_...) from POST /ops/login, valid 8 hours.' },
        },
      },
    },
  });

  // Document x-store-key on every route that needs it (the hook below answers a missing one with a
  // stable code before schema validation runs).
  const storeKeyHeader = Type.Object({ 'x-store-key': Type.Union(storeKeys.map((k) => Type.Literal(k))) });
  app.addHook('onRoute', (route) => {
    if (route.config?.storeKey === false || !route.schema || (route.schema as { hide?: boolean }).hide) return;
    const existing = route.schema.headers as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    route.schema.headers = {
      type: 'object',
      properties: { ...(existing?.properties ?? {}), ...storeKeyHeader.properties },
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

  app.get('/health', { config: { storeKey: false }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok', db: db.kind };
    } catch {
      return sendError(reply, toErrorBody(new AppError('db_unavailable')));
    }
  });
  app.get('/openapi.json', { config: { storeKey: false }, schema: { hide: true } }, async () => app.swagger());

  // The API routes in one scope (errors: the service's handler, src/lib/errors.ts toErrorBody).
  await app.register(async (api) => {
    await api.register(sessionRoutes);
    await api.register(accountRoutes);
    await api.register(profileRoutes);
    await api.register(outboxRoutes);
    await api.register(catalogueRoutes, { db, adminToken: config.ADMIN_TOKEN });
    // carts, orders, wishlists and the price hand-over (src/commerce/README.md, carts and orders)
    await api.register(priceRoutes);
    await api.register(cartRoutes);
    await api.register(orderRoutes);
    await api.register(wishlistRoutes);
    // the account's features (src/commerce/README.md, limit orders to data retention)
    await api.register(limitOrderRoutes);
    await api.register(depositRoutes);
    await api.register(alertRoutes);
    await api.register(newsletterRoutes);
    await api.register(applicationRoutes);
    // issue 15: the order lifecycle (placement hook, payment-deadline job)
    await api.register(lifecyclePlugin);
    // the operators' API (/ops, issue 15)
    await api.register(opsRoutes);
  });

  // Housekeeping: dead tokens, old counters, abandoned anonymous customers, spent one-time tokens.
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

async function purge(db: Db, now: Date, refreshTtlS: number): Promise<void> {
  await purgeExpiredTokens(db, now);
  await purgeRateState(db, now);
  // Guests whose last session ended: nothing can reach their data any more. A guest who placed an order
  // stays: the order (kept for the shop's books) belongs to it.
  await db.query(
    `delete from customers c where c.kind = 'anonymous' and c.created_at < $1
       and not exists (select 1 from tokens t where t.customer_id = c.id and t.expires_at > $2 and t.revoked_at is null)
       and not exists (select 1 from orders o where o.customer_id = c.id)`,
    [addSeconds(now, -refreshTtlS), now],
  );
  await db.query('delete from one_time_tokens where expires_at < $1', [addSeconds(now, -86400)]);
  await db.query('delete from sms_codes where expires_at < $1 and (locked_until is null or locked_until < $1)', [now]);
  await db.query('delete from outbox where created_at < $1', [addSeconds(now, -OUTBOX_RETENTION_S)]);
}
