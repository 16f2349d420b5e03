// /api wishlist calls (spec 4, 6, 7; issue 9): signed-in customers only. The toggle of spec 4: without a
// wishlist one is created with the product; otherwise the product is added or removed.
import type { FastifyInstance } from 'fastify';
import { cartsFor } from './carts.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function wishlistRoutes(api: FastifyInstance) {
  route(api, 'wishlist', async (req, reply) => {
    const r = await cartsFor(api, req, reply).wishlist();
    if (r.error) return fail(req, reply, r.error);
    return { wishlist: r.data };
  });

  route(api, 'toggleWishlist', async (req, reply) => {
    const r = await cartsFor(api, req, reply).toggleWishlist(req.body.sku);
    if (r.error) return fail(req, reply, r.error);
    return r.data;
  });

  route(api, 'removeWishlistItem', async (req, reply) => {
    if (!UUID.test(req.params.lineItemId)) return refuse(req, reply, 404, 'wishlist_item_not_found');
    const r = await cartsFor(api, req, reply).removeWishlistItem(req.params.lineItemId);
    if (r.error) return fail(req, reply, r.error);
    return { wishlist: r.data };
  });
}
