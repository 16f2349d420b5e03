// Store by host (src/stores.ts): <key>.localhost and the STORE_HOSTS names; anything else is the
// default store. Language by path (/en is English). Both are on every request and in its log line.
import fp from 'fastify-plugin';
import { canonicalHosts, hostTable, storeForHost, type Language, type StoreKey } from '../../stores.ts';
import { languageOfPath } from '../../screens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    store: StoreKey;
    lang: Language;
  }
  interface FastifyInstance {
    /** host -> store, and the origins of every store */
    stores: StoreResolver;
  }
}

export interface StoreResolver {
  storeOf(host: string | undefined): StoreKey;
  /** absolute origin of a store for links and canonical URLs, on the protocol and port of this request */
  originOf(store: StoreKey, protocol: string, requestHost: string | undefined): string;
}

export function storeResolver(storeHosts: string, fallback: StoreKey): StoreResolver {
  const table = hostTable(storeHosts);
  const canonical = canonicalHosts(storeHosts);
  return {
    storeOf: (host) => storeForHost(host, table, fallback),
    originOf: (store, protocol, requestHost) => {
      const host = canonical[store];
      // Development hosts (*.localhost) keep the port the visitor used; production hosts have none.
      const port = host.endsWith('.localhost') ? /:(\d+)$/.exec(requestHost ?? '')?.[1] : undefined;
      return `${protocol}://${host}${port ? `:${port}` : ''}`;
    },
  };
}

/** Every request knows its store and language (and logs its store). */
export const storePlugin = fp<{ resolver: StoreResolver }>(async (app, { resolver }) => {
  app.decorate('stores', resolver);
  app.decorateRequest('store', 'ch');
  app.decorateRequest('lang', 'de');
  app.addHook('onRequest', async (req) => {
    req.store = resolver.storeOf(req.headers.host);
    req.lang = languageOfPath(req.url.split('?')[0]);
    req.logContext = { ...(req.logContext ?? {}), store: req.store };
  });
}, { name: 'shop-store', fastify: '5.x' });
