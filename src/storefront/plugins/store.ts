// Store by host (src/stores.ts): <key>.localhost and the STORE_HOSTS names; anything else is the
// default store. Language by path (/en is English). Both are on every request and in its log line.
// A Host header that is not a host[:port] (userinfo, quotes, '<', spaces...) is refused with 400 bad_host
// before anything else runs, for every route (pages, /__data, /api, static files).
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.ts';
import { canonicalHosts, hostTable, isValidHost, storeForHost, type Language, type StoreKey } from '../../stores.ts';
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
      return `${protocol === 'https' ? 'https' : 'http'}://${host}${port ? `:${port}` : ''}`;
    },
  };
}

/** Every request knows its store and language (and logs its store). */
export const storePlugin = fp<{ resolver: StoreResolver }>(async (app, { resolver }) => {
  app.decorate('stores', resolver);
  app.decorateRequest('store', 'ch');
  app.decorateRequest('lang', 'de');
  app.addHook('onRequest', async (req) => {
    // req.host is X-Forwarded-Host behind a trusted proxy, else the Host header: both must be host[:port]
    for (const host of new Set([req.headers.host, req.host])) {
      if (host !== undefined && host !== '' && !isValidHost(host)) throw new AppError('bad_host');
    }
    req.store = resolver.storeOf(req.headers.host);
    req.lang = languageOfPath(req.url.split('?')[0]);
    req.logContext = { ...(req.logContext ?? {}), store: req.store };
  });
}, { name: 'shop-store', fastify: '5.x' });
