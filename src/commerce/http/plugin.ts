// A commerce feature as a named Fastify plugin: `commerceFeature('carts', cartRoutes, ['customers'])` is the
// plugin `commerce-carts`, which needs the kernel's decorations (app.commerce, req.storeKey, req.authContext)
// and the named features registered before it. Its routes stay encapsulated in their own child scope (their
// hooks, such as the 404 on malformed path ids, never reach other features); only the name is visible to
// the siblings, so Fastify refuses to start when a dependency is missing or registered later.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export type CommerceFeature =
  | 'account-overview' | 'alerts' | 'applications' | 'carts' | 'catalogue' | 'customers' | 'deposits' | 'discounts' | 'documents' | 'limit-orders'
  | 'lifecycle' | 'newsletter' | 'ops' | 'orders' | 'outbox' | 'passkeys' | 'prices' | 'rate-limits' | 'shipping' | 'wishlists';

/** The name of the kernel plugin that decorates app.commerce (app.ts). */
export const KERNEL_PLUGIN = 'commerce-kernel';

export function commerceFeature(
  feature: CommerceFeature,
  routes: FastifyPluginAsync[],
  dependencies: CommerceFeature[] = [],
): FastifyPluginAsync {
  return fp(async (app) => {
    for (const r of routes) await app.register(r);
  }, {
    name: `commerce-${feature}`,
    fastify: '5.x',
    dependencies: [KERNEL_PLUGIN, ...dependencies.map((d) => `commerce-${d}`)],
    decorators: { fastify: ['commerce'], request: ['storeKey', 'authContext'] },
  });
}
