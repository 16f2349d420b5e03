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

  /** Makes an address the default shipping and/or billing address (the service replaces whole addresses). */
  route(api, 'setDefaultAddress', async (req, reply) => {
    if (!UUID.test(req.params.addressId)) return refuse(req, reply, 404, 'address_not_found');
    if (req.body.shipping !== true && req.body.billing !== true) {
      return send(reply, apiError({ code: 'validation_failed', status: 400, message: '', details: { fields: [{ field: 'shipping', code: 'required', message: '' }] } }, apiLanguage(req)));
    }
    const account = sessions.accountFor(req, reply);
    const me = await account.me();
    if (me.error) return fail(req, reply, me.error);
    if (!me.data.customer) return refuse(req, reply, 401, 'not_signed_in');
    const found = me.data.customer.addresses.find((a) => a.id === req.params.addressId.toLowerCase());
    if (!found) return refuse(req, reply, 404, 'address_not_found');
    const { id: _id, defaultShipping: _s, defaultBilling: _b, ...fields } = found;
    const input: AddressInput = {
      ...fields,
      ...(req.body.shipping ? { defaultShipping: true } : {}),
      ...(req.body.billing ? { defaultBilling: true } : {}),
    };
    const r = await account.updateAddress(found.id, input);
    if (r.error) return fail(req, reply, r.error, 'address.');
    return { customer: r.data };
  });
}
