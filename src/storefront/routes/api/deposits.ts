// /api deposit (spec 3, 7; issue 10): the signed-in customer's deposit in this store (null when there is
// none yet) with holdings and tax lots, and the preview of which lots a sale would take (oldest first).
// Another customer's deposit answers 404 deposit_not_found. Issue 25: the depot statements (list, "as of now",
// the stored PDF as bytes beside the JSON contract, owner-checked by the service: another's is 404).
import type { FastifyInstance } from 'fastify';
import { accountAreaFor } from './account-area.ts';
import { fail, refuse, route, UUID } from './respond.ts';

export async function depositRoutes(api: FastifyInstance) {
  route(api, 'deposit', async (req, reply) => {
    const r = await accountAreaFor(api, req, reply).deposit();
    if (r.error) return fail(req, reply, r.error);
    return { deposit: r.data };
  });

  route(api, 'sellPreview', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'deposit_not_found');
    const r = await accountAreaFor(api, req, reply).sellPreview(req.params.id, req.query.sku, req.query.quantity);
    if (r.error) return fail(req, reply, r.error);
    return { preview: r.data };
  });

  route(api, 'depotStatements', async (req, reply) => {
    const r = await accountAreaFor(api, req, reply).depotStatements();
    if (r.error) return fail(req, reply, r.error);
    return { statements: r.data };
  });

  // more than 5 an hour: the service's 429 too_many_requests goes on with its retry-after, in the page's language
  route(api, 'createDepotStatement', async (req, reply) => {
    const r = await accountAreaFor(api, req, reply).createDepotStatement();
    if (r.error) return fail(req, reply, r.error);
    return { statement: r.data };
  });

  api.get<{ Params: { id: string } }>('/api/deposits/statements/:id.pdf', async (req, reply) => {
    if (!UUID.test(req.params.id)) return refuse(req, reply, 404, 'document_not_found');
    const r = await accountAreaFor(api, req, reply).depotStatementFile(req.params.id);
    if (r.error) return fail(req, reply, r.error);
    return reply.type(r.data.contentType).header('content-disposition', r.data.disposition ?? 'attachment; filename="statement.pdf"').send(r.data.bytes);
  });
}
