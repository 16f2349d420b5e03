// Reads a small multipart/form-data body (the camt.053 upload: one file and the CSRF field) without a
// dependency: the parts' names and their content as UTF-8 text. null when the body is not well-formed.
// Decision: a file input (operators download the statement from the bank as a file) rather than a
// textarea; @fastify/multipart is not installed, and one bounded body (bodyLimit) is easy to read whole.
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> | null {
  const m = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  if (!m) return null;
  const delimiter = Buffer.from(`--${m[1] ?? m[2]}`);
  // without a prototype: a part named `__proto__` or `constructor` is a field like any other (as in parseForm)
  const out: Record<string, string> = Object.create(null);
  let pos = body.indexOf(delimiter);
  if (pos < 0) return null;
  for (;;) {
    pos += delimiter.length;
    // "--" after a delimiter ends the body
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return out;
    if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) return null;
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) return null;
    const headers = body.toString('utf8', pos, headerEnd);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) return null;
    const name = /content-disposition:[^\r\n]*\bname="([^"]{1,100})"/i.exec(headers)?.[1];
    if (name && !Object.hasOwn(out, name)) out[name] = body.toString('utf8', headerEnd + 4, next).replace(/^\uFEFF/, '');
    pos = next + 2;
  }
}
