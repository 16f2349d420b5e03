// A migrated, seeded catalogue database and a Fastify app serving the catalogue routes, for the
// catalogue tests. PGlite in memory by default; with TEST_DATABASE_URL (postgres://.../anydb) each test
// file gets a fresh database on that server, dropped when the file ends.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { FastifyInstance } from 'fastify';
import { migrate, openDb, type Db } from '../../src/commerce/db/index.ts';
import { catalogueRoutes } from '../../src/commerce/catalogue/routes.ts';
import { seedCatalogue } from '../../src/commerce/catalogue/seed.ts';
import { createService } from '../../src/lib/service.ts';
import { isStoreKey } from '../../src/stores.ts';

interface Teardown { teardown(fn: () => unknown): void }

/** A fresh database with the migrations applied and the catalogue seeded. */
export async function seededDb(t: Teardown): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  let db: Db;
  if (url) {
    const name = `catalogue_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    db = await openDb(u.toString());
    t.teardown(async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    });
  } else {
    db = await openDb('memory');
    t.teardown(() => db.close());
  }
  await migrate(db);
  await seedCatalogue(db);
  return db;
}

/**
 * The catalogue routes on a service with the house conventions. The x-store-key check stands in for
 * the commerce core's (every commerce request carries a known store key).
 */
export async function catalogueApp(t: Teardown, db: Db, opts: { adminToken?: string } = {}): Promise<FastifyInstance> {
  const app = createService({ name: 'commerce-test', logger: false });
  app.addHook('onRequest', async (req, reply) => {
    if (!isStoreKey(req.headers['x-store-key'])) {
      return reply.status(400).send({ statusCode: 400, code: 'invalid_store_key', message: 'Header x-store-key must name a store.' });
    }
  });
  await app.register(catalogueRoutes, { db, adminToken: opts.adminToken });
  await app.ready();
  t.teardown(() => app.close());
  return app;
}

/** GET with the store header; answers status and parsed body. */
export async function get<T = any>(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url, headers: { 'x-store-key': 'ch', ...headers } });
  return { status: res.statusCode, body: res.json() as T };
}
