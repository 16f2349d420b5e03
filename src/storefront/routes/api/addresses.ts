// /api calls on the customer's addresses (spec 3 Address; default shipping and billing flags).
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { AddressInput } from '../../../contracts/commerce.ts';
import type { AddressBody } from '../../../contracts/shop-api.ts';
import { apiError, apiLanguage } from './errors.ts';
import { emptyToNull, fail, refuse, route, send, UUID } from './respond.ts';

/** The flat address of the browser as the service's address input. */
function addressOf(body: Static<typeof AddressBody>): AddressInput {
  const a = emptyToNull(body, ['title', 'company', 'apartment', 'state', 'phone']);
  return { ...a, country: (a.country ?? '').toUpperCase() } as AddressInput;
}

export async function addressRoutes(api: FastifyInstance) {
  const { sessions } = api;

  route(api, 'addAddress', async (req, reply) => {
    const r = await sessions.accountFor(req, reply).addAddress(addressOf(req.body));
    if (r.error) return fail(req, reply, r.error, 'address.');
    return { customer: r.data };
  });

  route(api, 'updateAddress', async (req, reply) => {
    if (!UUID.test(req.params.addressId)) return refuse(req, reply, 404, 'address_not_found');
    const r = await sessions.accountFor(req, reply).updateAddress(req.params.addressId, addressOf(req.body));
    if (r.error) return fail(req, reply, r.error, 'address.');
    return { customer: r.data };
  });

  route(api, 'deleteAddress', async (req, reply) => {
    if (!UUID.test(req.params.addressId)) return refuse(req, reply, 404, 'address_not_found');
    const r = await sessions.accountFor(req, reply).deleteAddress(req.params.addressId);
    if (r.error) return fail(req, reply, r.error, 'address.');
    return { customer: r.data };
  });

  /**
   * Makes an address the default shipping and/or billing address: one commerce call with the rule inside
   * (issue 24; it used to read the address and write it back whole, so an edit from another tab was lost).
   */
  route(api, 'setDefaultAddress', async (req, reply) => {
    if (!UUID.test(req.params.addressId)) return refuse(req, reply, 404, 'address_not_found');
    if (req.body.shipping !== true && req.body.billing !== true) {
      return send(reply, apiError({ code: 'validation_failed', status: 400, message: '', details: { fields: [{ field: 'shipping', code: 'required', message: '' }] } }, apiLanguage(req)));
    }
    const flags = { ...(req.body.shipping ? { shipping: true } : {}), ...(req.body.billing ? { billing: true } : {}) };
    const r = await sessions.accountFor(req, reply).setDefaultAddress(req.params.addressId.toLowerCase(), flags);
    if (r.error) return fail(req, reply, r.error, 'address.');
    return { customer: r.data };
  });
}
