// The browsers' price API, answered from the price hub's cache (spec 7 shapes); browsers never reach the
// price service. The store's country and currency come from the host; ?currency=USD is the one other
// currency a store shows (spec 1). Every answer carries an ETag and answers If-None-Match with 304, and
// whole lists go out as the brotli or gzip copy the workers prepared.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maxSkusPerRequest, type CurrencyCode, type MetalName, type SnapshotRange } from '../../contracts/prices.ts';
import { skuPattern } from '../../contracts/catalogue.ts';
import { productListJson } from '../../contracts/price-stream.ts';
import { priceHubErrorCodes, serverTimeHeader } from '../../contracts/price-stream-constants.ts';
import { AppError } from '../../lib/errors.ts';
import type { BufferBody, PayloadKey, PriceHub, ReadyPayload } from '../price-hub/hub.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const metalNames: readonly MetalName[] = ['gold', 'silver', 'platinum', 'palladium'];
const ranges: readonly SnapshotRange[] = ['1w', '6m', '1y'];
const skuRe = new RegExp(skuPattern);
/** Decision: answers about a few skus are compressed only past this size (below it headers dominate). */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip' | null;

/** Picks br, then gzip, from Accept-Encoding (q=0 refuses a coding). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (coding) accepted.add(coding);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** If-None-Match against our ETag (a list, weak or strong, or *). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function invalid(message: string): AppError {
  return new AppError(priceHubErrorCodes.invalidQuery, { message });
}

function common(reply: FastifyReply, etag: string) {
  // Prices change every 180 s: browsers revalidate every time (cheap with the ETag), shared caches
  // may not mix stores (the host is part of the URL) and vary by encoding.
  void reply
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .header('vary', 'accept-encoding')
    .header(serverTimeHeader, String(Date.now()));
}

function sendBody(req: FastifyRequest, reply: FastifyReply, body: BufferBody) {
  common(reply, body.etag);
  if (etagMatches(req.headers['if-none-match'], body.etag)) return reply.status(304).send();
  const enc = pickEncoding(req.headers['accept-encoding']);
  void reply.type('application/json; charset=utf-8');
  if (enc) void reply.header('content-encoding', enc);
  return reply.send(enc === 'br' ? body.br : enc === 'gzip' ? body.gzip : body.json);
}

function readyPayload(hub: PriceHub, req: FastifyRequest, reply: FastifyReply): ReadyPayload {
  const q = req.query as Record<string, unknown>;
  const currency = typeof q.currency === 'string' ? q.currency : undefined;
  const key: PayloadKey | null = hub.keyFor(req.store, currency);
  if (!key) throw invalid(`currency must be the store's currency or USD.`);
  const payload = hub.payload(key);
  if (!payload) {
    void reply.header('retry-after', '5');
    throw new AppError(priceHubErrorCodes.notReady, { message: 'Prices are being loaded; please try again in a few seconds.', details: { retryAfter: 5 } });
  }
  return payload;
}

/** Answers built per request (a few skus, a chart series) are compressed here, off the event loop:
 * zlib's async API runs on libuv's thread pool. */
async function sendCompressed(req: FastifyRequest, reply: FastifyReply, json: Buffer) {
  void reply.type('application/json; charset=utf-8');
  const enc = json.length >= COMPRESS_FROM_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
  if (enc === 'br') return reply.header('content-encoding', 'br').send(await brotliAsync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (enc === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(json, { level: 5 }));
  return reply.send(json);
}

/** Parses ?skus=a,b: trimmed, de-duplicated, in the order asked. Throws a clear 400. */
export function parseSkus(raw: unknown): string[] {
  if (typeof raw !== 'string') throw invalid('skus must be one comma-separated list of skus, e.g. skus=AU-KRUG-1OZ,AG-MAPLE-1OZ.');
  const skus = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
  if (skus.length === 0) throw invalid('skus is empty: name at least one sku, or leave skus out for every product.');
  if (skus.length > maxSkusPerRequest) throw invalid(`At most ${maxSkusPerRequest} skus per request (got ${skus.length}).`);
  const bad = skus.find((s) => s.length > 64 || !skuRe.test(s));
  if (bad !== undefined) throw invalid(`"${bad.slice(0, 64)}" is not a sku: skus are letters, digits, dot, dash and underscore.`);
  return skus;
}

/** FNV-1a, 32 bit: a compact fingerprint of the sku list for its ETag. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

export function registerPriceRoutes(app: FastifyInstance, hub: PriceHub) {
  app.get('/api/prices/metals', async (req, reply) => sendBody(req, reply, readyPayload(hub, req, reply).metals));

  app.get('/api/prices/products', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const payload = readyPayload(hub, req, reply);
    if (q.skus === undefined) return sendBody(req, reply, payload.products);
    const skus = parseSkus(q.skus);
    const joined = skus.join(',');
    // The answer is fixed by the price list's content and the skus asked: that is its ETag.
    const etag = `"${payload.productsVersion}-${fnv1a(joined)}-${skus.length}"`;
    common(reply, etag);
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
    const parts: string[] = [];
    for (const sku of skus) {
      const i = payload.index.get(sku);
      if (i !== undefined) parts.push(payload.fragments[i]);
    }
    const json = Buffer.from(productListJson(parts, payload.lastRecalculatedAt));
    return sendCompressed(req, reply, json);
  });

  app.get('/api/prices/snapshots', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const metal = q.metal;
    const range = q.range ?? '6m';
    if (typeof metal !== 'string' || !metalNames.includes(metal as MetalName)) throw invalid('metal must be one of gold, silver, platinum, palladium.');
    if (typeof range !== 'string' || !ranges.includes(range as SnapshotRange)) throw invalid('range must be one of 1w, 6m, 1y.');
    const width = q.width === undefined ? 800 : Number(q.width);
    if (!Number.isInteger(width) || width < 100 || width > 4000) throw invalid('width must be a whole number of pixels from 100 to 4000.');
    const currency = typeof q.currency === 'string' ? q.currency : undefined;
    const key = hub.keyFor(req.store, currency);
    if (!key) throw invalid(`currency must be the store's currency or USD.`);
    const cached = await hub.snapshots({ metal: metal as MetalName, range: range as SnapshotRange, currency: key.split(':')[1] as CurrencyCode, width });
    common(reply, cached.etag);
    if (etagMatches(req.headers['if-none-match'], cached.etag)) return reply.status(304).send();
    return sendCompressed(req, reply, cached.body);
  });
}
