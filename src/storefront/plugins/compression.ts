// Compression of pages, /__data and /api answers (br or gzip by Accept-Encoding). Whole answers (JSON,
// plain HTML) are compressed on libuv's thread pool; streamed pages go through a compressor that React
// flushes after each batch of writes, so every chunk still reaches the browser at once (a shell is not
// held back behind a slow Suspense boundary). Static files come pre-compressed from the build instead.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this size compression costs more than it saves. */
const MIN_BYTES = 1024;
/** Brotli quality 4 with a 256 KiB window, gzip level 6: measured on the home page streamed in six
 * flushes, br q4 costs 0.75 ms and gives 6.5 KB where q5 with the default 4 MiB window costs 1.2 ms for
 * 6.2 KB (the big window is allocated per stream); pages are far smaller than the window. */
const BR_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with: br before gzip, both only when the client did not refuse them (q=0). */
export function negotiate(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

/** A compressor for a streamed answer; flush() pushes out everything written so far. */
export function createCompressor(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress(BR_OPTIONS) : zlib.createGzip(GZIP_OPTIONS);
}

/** Flushes a compressor so its output so far can be decoded by the browser now. */
export function flushCompressor(c: zlib.BrotliCompress | zlib.Gzip): void {
  if (c instanceof zlib.BrotliCompress) c.flush(zlib.constants.BROTLI_OPERATION_FLUSH);
  else c.flush(zlib.constants.Z_SYNC_FLUSH);
}

const COMPRESSIBLE = /^(application\/json|text\/html|text\/plain)/;

/** Compresses whole string or Buffer answers of one encapsulated scope (pages, /api). Streams are left
 * alone: the page renderer compresses its own stream with flushes. */
export function useCompression(scope: FastifyInstance): void {
  scope.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (req.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    void reply.header('vary', appendVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const bytes = Buffer.byteLength(payload);
    if (bytes < MIN_BYTES) return payload;
    const encoding = negotiate(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const out = encoding === 'br' ? await brotli(payload, BR_OPTIONS) : await gzip(payload, GZIP_OPTIONS);
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return out;
  });
}

export function appendVary(current: unknown, value: string): string {
  const list = String(current ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === value.toLowerCase())) list.push(value);
  return list.join(', ');
}
