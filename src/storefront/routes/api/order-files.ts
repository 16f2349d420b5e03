// /api order files (issue 25): the documents of the customer's own order (the invoice PDF as stored, a company
// customer's e-invoice XML), the Swiss QR-bill to print, and the payment slip's QR code as SVG for the
// confirmation and order pages. Bytes, not JSON: these are plain routes beside the JSON contract
// (src/contracts/shop-api.ts), proxied through the session-aware client; the owner check is the commerce
// service's (another's order, a bad id: 404 with its code). Guests: 401 not_signed_in without a call.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Download } from '../../commerce-client/http.ts';
import type { Result } from '../../../contracts/result.ts';
import { accountAreaFor } from './account-area.ts';
import { fail, refuse, UUID } from './respond.ts';

type Params = { orderId: string; documentId?: string };

/** The file as the service names it (the document's number), else as a download (attachment) or for the page (inline). */
function answer(req: FastifyRequest, reply: FastifyReply, r: Result<Download>, name: string, disposition: 'attachment' | 'inline'): FastifyReply {
  if (r.error) return fail(req, reply, r.error);
  return reply.type(r.data.contentType).header('content-disposition', r.data.disposition ?? `${disposition}; filename="${name}"`).send(r.data.bytes);
}

export async function orderFileRoutes(api: FastifyInstance) {
  const ids = (req: FastifyRequest<{ Params: Params }>) => UUID.test(req.params.orderId) && (req.params.documentId === undefined || UUID.test(req.params.documentId));

  api.get<{ Params: Params }>('/api/orders/:orderId/documents/:documentId', async (req, reply) => {
    if (!ids(req)) return refuse(req, reply, 404, 'document_not_found');
    const r = await accountAreaFor(api, req, reply).orderFile(req.params.orderId, `documents/${req.params.documentId}`);
    return answer(req, reply, r, 'document.pdf', 'attachment');
  });

  api.get<{ Params: Params }>('/api/orders/:orderId/documents/:documentId/xml', async (req, reply) => {
    if (!ids(req)) return refuse(req, reply, 404, 'document_not_found');
    const r = await accountAreaFor(api, req, reply).orderFile(req.params.orderId, `documents/${req.params.documentId}/xml`);
    return answer(req, reply, r, 'e-invoice.xml', 'attachment');
  });

  api.get<{ Params: Params }>('/api/orders/:orderId/payment-slip.pdf', async (req, reply) => {
    if (!ids(req)) return refuse(req, reply, 404, 'order_not_found');
    const r = await accountAreaFor(api, req, reply).orderFile(req.params.orderId, 'payment-slip.pdf');
    return answer(req, reply, r, 'qr-bill.pdf', 'inline');
  });

  // Decision: the page shows the slip as an <img> of this SVG (drawn by the service), not inlined: the
  // confirmation page reads its order in the browser, and an image needs no script, keeps the page's HTML
  // small and carries its text alternative (the account, reference and amount stand beside it as text).
  api.get<{ Params: Params }>('/api/orders/:orderId/payment-slip.svg', async (req, reply) => {
    if (!ids(req)) return refuse(req, reply, 404, 'order_not_found');
    const r = await accountAreaFor(api, req, reply).paymentSlip(req.params.orderId);
    if (r.error) return fail(req, reply, r.error);
    // opened on its own, the SVG runs nothing: the shop's CSP (plugins/security.ts) allows no inline script
    return reply.type('image/svg+xml; charset=utf-8').send(r.data.svg);
  });
}
