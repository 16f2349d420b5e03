// /api search calls: suggestions for the header search while a visitor types (spec 2 search). Public
// catalogue data, the same for everyone: no session, no cookies. Answers in the page's language.
import type { FastifyInstance } from 'fastify';
import { pathFor } from '../../../screens.ts';
import { catalogueClient } from '../../commerce-client/catalogue.ts';
import type { CommerceHttp } from '../../commerce-client/http.ts';
import { apiLanguage } from './errors.ts';
import { fail, route } from './respond.ts';

/** Decision: six suggestions fit a phone screen above the keyboard and are enough to recognise a product. */
const SUGGESTIONS = 6;

export async function searchRoutes(api: FastifyInstance, opts: { commerce: CommerceHttp }) {
  route(api, 'searchSuggestions', async (req, reply) => {
    const lang = apiLanguage(req);
    const q = req.query.q.trim();
    if (q === '') return { query: '', total: 0, suggestions: [] };
    const r = await catalogueClient(opts.commerce, req.store, lang).search(q, { limit: SUGGESTIONS, sort: 'relevance' });
    if (r.error) return fail(req, reply, r.error);
    return {
      query: q,
      total: r.data.total,
      suggestions: r.data.products.map((p) => ({
        sku: p.sku,
        name: p.localizedName,
        path: pathFor('product', lang, { slug: p.localizedSlug }),
        image: p.images[0]?.url ?? null,
        details: [p.attributes.weightLabel, p.attributes.manufacturer].filter(Boolean).join(' · '),
      })),
    };
  });
}
