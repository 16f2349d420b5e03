// Issue 25: a file the service answered (a document's PDF, the packing slips, the accountant's CSV or ZIP) passed
// on to the operator's browser as it streams in, with the service's type and file name; never cached (the files
// name customers and amounts).
import type { FastifyReply } from 'fastify';
import type { OpsFile } from './ops-client.ts';

export function sendFile(reply: FastifyReply, file: OpsFile) {
  reply.header('content-type', file.contentType).header('cache-control', 'private, no-store');
  if (file.disposition) reply.header('content-disposition', file.disposition);
  if (file.sha256) reply.header('x-content-sha256', file.sha256);
  return reply.send(file.body);
}
