// The price service's price answers (spec 7): metal prices, product prices per country and currency,
// and chart snapshots. Before the first good recalculation they answer 503 prices_not_ready.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  maxSkusPerRequest, pricingErrorCodes, ProductPricesQuery, SnapshotsQuery,
  type MetalPricesResponse, type ProductPricesQuery as ProductPricesQueryT, type ProductPricesResponse,
  type SnapshotsQuery as SnapshotsQueryT, type SnapshotsResponse,
} from '../../contracts/prices.ts';
import { AppError, sendError, toErrorBody } from '../../lib/errors.ts';
import type { Clock } from '../feed/types.ts';
import type { SpotHistory } from '../history.ts';
import type { Recalculator } from '../recalculation.ts';

export interface PriceRoutesOptions {
  recalculator: Recalculator;
  history: SpotHistory;
  clock: Clock;
}

// Clear messages per query field (the generic schema messages name anyOf branches, not the choices).
const fieldHelp: Record<string, string> = {
  country: 'country must be one of AT, CH, DE, LI, US',
  currency: 'currency must be one of EUR, CHF, USD',
  skus: `skus must be one comma-separated list of at most ${maxSkusPerRequest} skus`,
  metal: 'metal must be one of gold, silver, platinum, palladium',
  range: 'range must be one of 1w, 6m, 1y',
  type: 'type must be bid or ask',
};

export function queryError(req: FastifyRequest): AppError {
  const first = (req.validationError as { validation?: { instancePath?: string; params?: { missingProperty?: string } }[] } | undefined)?.validation?.[0];
  const missing = first?.params?.missingProperty;
  const field = missing ?? first?.instancePath?.split('/')[1] ?? '';
  const help = fieldHelp[field];
  const message = missing ? `${missing} is required: ${help ?? 'see the API documentation'}.` : help ? `Invalid query: ${help}.` : 'Invalid query string.';
  return new AppError(pricingErrorCodes.invalidQuery, { message });
}

/** Answered directly, not thrown: an expected state while the catalogue is not reachable yet, not a
 * failure worth an error line with a stack for every poll (the cycle logs the cause once per attempt). */
function notReady(reply: FastifyReply): FastifyReply {
  const body = toErrorBody(new AppError(pricingErrorCodes.notReady, { message: 'Prices are being calculated for the first time; try again in a few seconds.' }));
  return sendError(reply.header('retry-after', '5').header('cache-control', 'no-store'), body);
}

export const priceRoutes: FastifyPluginAsync<PriceRoutesOptions> = async (app, { recalculator, history, clock }) => {
  app.get('/api/prices/metals', async (_req, reply): Promise<MetalPricesResponse | FastifyReply> => {
    const book = recalculator.book();
    if (!book) return notReady(reply);
    void reply.header('cache-control', 'no-store');
    return { serverTimestamp: new Date(clock()).toISOString(), metals: book.metals, lastRecalculatedAt: book.lastRecalculatedAt };
  });

  app.get<{ Querystring: ProductPricesQueryT }>(
    '/api/prices/products',
    { schema: { querystring: ProductPricesQuery }, attachValidation: true },
    async (req, reply) => {
      if (req.validationError) throw queryError(req);
      const { country, currency, skus } = req.query;
      let wanted: string[] | null = null;
      if (skus !== undefined) {
        wanted = [...new Set(skus.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
        if (wanted.length > maxSkusPerRequest) {
          throw new AppError(pricingErrorCodes.tooManySkus, { message: `At most ${maxSkusPerRequest} skus per request (got ${wanted.length}); omit skus to get every product.` });
        }
      }
      const book = recalculator.book();
      if (!book) return notReady(reply);
      const list = book.lists.get(`${country}:${currency}`);
      if (!list) throw new AppError(pricingErrorCodes.invalidQuery, { message: 'Invalid query: unknown country or currency.' });
      void reply.header('cache-control', 'no-store');
      if (wanted === null) {
        // the price hub fetches everything once per recalculation and instance: serialise once
        list.allJson ??= JSON.stringify({ products: list.products, lastRecalculatedAt: book.lastRecalculatedAt } satisfies ProductPricesResponse);
        return reply.type('application/json; charset=utf-8').send(list.allJson);
      }
      const products = wanted.flatMap((sku) => list.bySku.get(sku) ?? []);
      return { products, lastRecalculatedAt: book.lastRecalculatedAt } satisfies ProductPricesResponse;
    },
  );

  app.get<{ Querystring: SnapshotsQueryT }>(
    '/prices/metals/snapshots',
    { schema: { querystring: SnapshotsQuery }, attachValidation: true },
    async (req): Promise<SnapshotsResponse> => {
      if (req.validationError) throw queryError(req);
      const { metal, currency, range } = req.query;
      const type = req.query.type ?? 'ask';
      const points = history.points({ metal, currency, type, range, now: clock(), latest: recalculator.book()?.quote ?? null });
      return { metal, currency, range, type, points };
    },
  );
};
