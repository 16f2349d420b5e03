// The catalogue tests run against the real commerce service (buildCommerceApp) on a migrated, seeded
// database from the commerce test harness: PGlite in memory by default, a fresh database on the server
// named by TEST_DATABASE_URL (postgres://...) when set, dropped when the file ends.
import type { FastifyInstance } from 'fastify';
import { testCompanyFacts } from '../company-facts.ts';
import { loadConfig } from '../../src/config.ts';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import type { Db } from '../../src/commerce/db/index.ts';
import { openTestDb } from '../../src/commerce/db/testing.ts';

interface Teardown { teardown(fn: () => unknown): void }

/** A fresh database with the migrations applied and the catalogue seeded. */
export async function seededDb(t: Teardown): Promise<Db> {
  const { db, close } = await openTestDb();
  t.teardown(close);
  return db;
}

/** The commerce service on that database (it checks x-store-key on every catalogue call). */
export async function catalogueApp(t: Teardown, db: Db, opts: { adminToken?: string } = {}): Promise<FastifyInstance> {
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }), ADMIN_TOKEN: opts.adminToken ?? '' };
  const app = await buildCommerceApp({ companyFacts: testCompanyFacts(), db, config, logger: false });
  await app.ready();
  t.teardown(() => app.close());
  return app;
}

/** GET with the store header; answers status and parsed body. */
export async function get<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-store-key': 'ch', ...headers } });
  return { status: res.statusCode, body: res.json() as T };
}
