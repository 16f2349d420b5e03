// The statement upload (multipart/form-data: the camt.053 file and the CSRF field), read with
// @fastify/multipart into the same body as a form's (a field name -> its text), so the CSRF check and the
// route read it alike. Decisions:
// - The file is read whole (at most 5 MB, as before): a statement is one XML document the bank lets staff
//   download, and commerce wants it as one string.
// - A part named like a member of Object (`constructor`, `__proto__`) is refused by the library (400), an
//   upload it cannot read (a broken body, no boundary) answers 400 too, one too large 413: always the back
//   office's error page, never a 500.
// - The first part of a name counts (a browser sends each once).
import type { FastifyRequest } from 'fastify';
import type { Body } from './ui/request.ts';

export const STATEMENT_MAX_BYTES = 5_000_000;

/** one file, the CSRF field and a few more; a field's text at most 64 KB */
export const uploadLimits = { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 64 * 1024, headerPairs: 100 };

export async function readUpload(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const body: Body = Object.create(null);
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const text = (await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, '');
        if (!Object.hasOwn(body, part.fieldname)) body[part.fieldname] = text;
      } else if (!Object.hasOwn(body, part.fieldname)) body[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw err;
    throw Object.assign(new Error('The upload could not be read.'), { statusCode: 400, code: 'bad_request' });
  }
  req.body = body;
}
