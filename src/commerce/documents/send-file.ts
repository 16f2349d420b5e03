// One way every document leaves the service (issue 25): as a download named by its number, never cached by a
// shared cache, with the SHA-256 stored at issue where there is one (the caller can check what it got).
import type { FastifyReply } from 'fastify';

export interface FileAnswer {
  contentType: string;
  fileName: string;
  body: Uint8Array | string;
  /** the stored SHA-256 (x-content-sha256); none for what is rendered on demand (CSV, ZIP) */
  sha256?: string | null;
  /** attachment (default: download) or inline (shown in the browser, the payment slip) */
  disposition?: 'attachment' | 'inline';
}

export function sendFile(reply: FastifyReply, f: FileAnswer): FastifyReply {
  reply
    .header('content-type', f.contentType)
    .header('content-disposition', `${f.disposition ?? 'attachment'}; filename="${f.fileName}"`)
    .header('cache-control', 'private, no-store');
  if (f.sha256) reply.header('x-content-sha256', f.sha256);
  return reply.send(f.body);
}
