// The price hand-over's receiving end: PUT /admin/prices stores the price service's new set (loopback or
// ADMIN_TOKEN), GET /admin/prices says which set is current. The body is JSON, usually gzip-compressed
// (Content-Encoding: gzip); the body limit applies to the decompressed JSON, so a compressed bomb is
// refused like any other oversized body.
import { createGunzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import type {} from '@fastify/swagger';
import { CurrentPriceSetResponse, PriceSetHandOver, PriceSetReceipt } from '../../contracts/price-set.ts';
import { adminAllowed, adminSecurity } from '../http/auth.ts';
import { errorResponses, fail, validationFailed } from '../http/errors.ts';
import { fieldError } from '../../lib/errors.ts';
import { compactPriceError, currentPriceSet, savePriceSet } from './store.ts';

/** Decision: 32 MB of JSON is 50 times the seed catalogue's set; a set that large is a fault, not prices. */
const MAX_SET_BYTES = 32 * 1024 * 1024;

export const priceRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config } = app.commerce;

  app.put<{ Body: PriceSetHandOver }>('/admin/prices', {
    bodyLimit: MAX_SET_BYTES,
    // prices are the same call for every store: no x-store-key
    config: { storeKey: false },
    schema: {
      tags: ['admin', 'prices'], security: adminSecurity,
      summary: 'Price hand-over: the price service stores each new price set here before announcing RecalculationProcessFinished (loopback or ADMIN_TOKEN).',
      body: PriceSetHandOver,
      response: { 200: PriceSetReceipt, ...errorResponses },
    },
    // before the body is read: a stranger's gigabytes are not even decompressed
    onRequest: async (req) => {
      if (!adminAllowed(req, config.ADMIN_TOKEN)) fail('forbidden');
      const encoding = String(req.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'gzip' && encoding !== 'identity') fail('unsupported_content_encoding');
    },
    preParsing: async (req, _reply, payload) => {
      if (String(req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return payload;
      const gunzip = createGunzip() as ReturnType<typeof createGunzip> & { receivedEncodedLength: number };
      // Fastify compares content-length with the bytes received on the wire, not the decompressed ones
      gunzip.receivedEncodedLength = 0;
      payload.on('data', (chunk: Buffer) => {
        gunzip.receivedEncodedLength += chunk.length;
      });
      payload.on('error', (err) => gunzip.destroy(err));
      payload.pipe(gunzip);
      return gunzip;
    },
  }, async (req) => {
    const set = req.body;
    const misplaced = compactPriceError(set);
    if (misplaced) throw validationFailed([fieldError(misplaced, 'invalid_format')]);
    const { current } = await savePriceSet(db, set, clock());
    if (current) {
      req.log.info({ priceSetId: set.id, lastRecalculatedAt: set.lastRecalculatedAt }, 'price set received');
      // limit orders the new prices reach execute after the answer: the hand-over never waits for them
      for (const listener of app.commerce.priceSetListeners) listener(set.id);
    } else req.log.warn({ priceSetId: set.id }, 'price set older than the current one ignored');
    return { id: set.id, lastRecalculatedAt: set.lastRecalculatedAt, current };
  });

  app.get('/admin/prices', {
    config: { storeKey: false },
    schema: {
      tags: ['admin', 'prices'], security: adminSecurity,
      summary: 'The price set commerce prices carts and orders from (loopback or ADMIN_TOKEN).',
      response: { 200: CurrentPriceSetResponse, ...errorResponses },
    },
  }, async (req) => {
    if (!adminAllowed(req, config.ADMIN_TOKEN)) fail('forbidden');
    const set = await currentPriceSet(db);
    return {
      id: set?.id ?? null,
      lastRecalculatedAt: set?.lastRecalculatedAt.toISOString() ?? null,
      validUntil: set?.validUntil.toISOString() ?? null,
      receivedAt: set?.receivedAt.toISOString() ?? null,
    };
  });
};
