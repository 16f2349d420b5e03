// Wishlists (spec 7; spec 4: if none exists, create one with the product; otherwise add or remove). One per
// customer; a token is needed (spec 6: wishlists only for non-guests: anonymous and signed-in sessions). The
// store key in the path must be the request's store. Another customer's wishlist answers 404. A guest's
// wishlist moves into the account at sign-in.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type {} from '@fastify/swagger';
import {
  CreateWishlistBody, ToggleWishlistBody, ToggleWishlistResponse, Wishlist, WishlistEntryBody, WishlistLineParams, WishlistQuery, WishlistStoreParams, WishlistsResponse,
  type Wishlist as WishlistT,
} from '../../contracts/wishlist.ts';
import { lineImageUrl, productsBySkus, pick } from '../catalogue/index.ts';
import { requireAuth, bearer } from '../http/auth.ts';
import { errorResponses } from '../http/errors.ts';
import { addMergeHook } from '../customers/index.ts';
import type { Db } from '../db/index.ts';
import { langOf } from '../lib/lang.ts';
import { wishlistLines, type WishlistRow } from './repository.ts';
import {
  createWishlist, mergeWishlists, removeWishlistLine, setWishlistEntry, toggleWishlist, wishlistOfCaller, type WishlistCall,
} from './service.ts';

const tags = ['wishlists'];
type LangQuery = { languageTag?: string; language?: string };

async function toWishlist(db: Db, w: WishlistRow, lang: 'de' | 'en'): Promise<WishlistT> {
  const lines = await wishlistLines(db, w.id);
  const products = new Map((await productsBySkus(db, lines.map((l) => l.sku))).map((p) => [p.sku, p]));
  return {
    id: w.id,
    storeKey: w.store_key,
    lineItems: lines.map((l) => {
      const p = products.get(l.sku);
      return {
        id: l.id, productId: l.product_id, sku: l.sku, quantity: l.quantity, name: pick(p?.name, lang) ?? l.sku, slug: p ? pick(p.slug, lang) : null,
        imageUrl: lineImageUrl(p, lang), availability: p?.availability ?? null, published: p?.published ?? false, addedAt: l.added_at.toISOString(),
      };
    }),
    createdAt: w.created_at.toISOString(),
    updatedAt: w.updated_at.toISOString(),
  };
}


export const wishlistRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock } = app.commerce;
  addMergeHook(app, mergeWishlists);
  const langOfReq = (req: FastifyRequest<{ Querystring: LangQuery }>) => langOf(req.query.languageTag ?? req.query.language, req.storeKey === 'us' ? 'en' : 'de');

  const callOf = async (req: FastifyRequest): Promise<WishlistCall> => ({ customerId: (await requireAuth(req)).customerId, storeKey: req.storeKey, now: clock() });

  app.post<{ Body: CreateWishlistBody; Querystring: LangQuery }>('/wishlists', {
    schema: {
      tags, summary: 'Creates the caller\'s wishlist, optionally with its first product (answers the existing one, 200, if there is one).',
      security: bearer, body: CreateWishlistBody, querystring: WishlistQuery, response: { 200: Wishlist, 201: Wishlist, ...errorResponses },
    },
  }, async (req, reply) => {
    const { row, created } = await createWishlist(db, await callOf(req), req.body ?? undefined);
    return reply.status(created ? 201 : 200).send(await toWishlist(db, row, langOfReq(req)));
  });

  app.post<{ Body: ToggleWishlistBody; Querystring: LangQuery }>('/wishlists/toggle', {
    schema: {
      tags, summary: 'The spec 4 toggle in one call (issue 24): puts the product on the caller\'s wishlist (created on demand) or takes it off, '
        + 'in one transaction under the wishlist\'s lock, so two tabs\' toggles take turns. added: whether it is on the wishlist now.',
      security: bearer, body: ToggleWishlistBody, querystring: WishlistQuery, response: { 200: ToggleWishlistResponse, ...errorResponses },
    },
  }, async (req) => {
    const auth = await requireAuth(req);
    const { row, added } = await toggleWishlist(db, auth.customerId, req.storeKey, req.body.sku, clock());
    return { wishlist: await toWishlist(db, row, langOfReq(req)), added };
  });

  app.get<{ Querystring: LangQuery }>('/wishlists', {
    schema: {
      tags, summary: 'The caller\'s wishlist (results holds none or one).', security: bearer, querystring: WishlistQuery,
      response: { 200: WishlistsResponse, ...errorResponses },
    },
  }, async (req) => {
    const w = await wishlistOfCaller(db, await callOf(req));
    return { results: w ? [await toWishlist(db, w, langOfReq(req))] : [] };
  });

  app.put<{ Params: { wishlistId: string; storeKey: string }; Body: WishlistEntryBody; Querystring: LangQuery }>('/wishlists/:wishlistId/store/:storeKey', {
    schema: {
      tags, summary: 'Adds a product to the wishlist or sets its quantity.', security: bearer, params: WishlistStoreParams, body: WishlistEntryBody,
      querystring: WishlistQuery, response: { 200: Wishlist, ...errorResponses },
    },
  }, async (req) => {
    const w = await setWishlistEntry(db, await callOf(req), req.params, req.body);
    return toWishlist(db, w, langOfReq(req));
  });

  app.delete<{ Params: { id: string; storeKey: string; lineItemId: string }; Querystring: LangQuery }>('/wishlists/:id/store/:storeKey/line-item/:lineItemId', {
    schema: {
      tags, summary: 'Removes a product from the wishlist.', security: bearer, params: WishlistLineParams, querystring: WishlistQuery,
      response: { 200: Wishlist, ...errorResponses },
    },
  }, async (req) => {
    const { id: wishlistId, storeKey, lineItemId } = req.params;
    const w = await removeWishlistLine(db, await callOf(req), { wishlistId, storeKey, lineItemId });
    return toWishlist(db, w, langOfReq(req));
  });
};
