// A library that only some requests need, loaded at its first use instead of when the process starts.
//
// Decision (issue 27, CI time and start time): the commerce service imported its document libraries
// (@e-invoice-eu/core with pdf-lib, xlsx and xmlbuilder2; pdfkit; swissqrbill; qrcode), nodemailer,
// @simplewebauthn/server, fast-xml-parser and the PostgreSQL client at the start, and the storefront ioredis:
// measured on the 2-core machine with Node's compile cache warm, 0.48-0.50 CPU-s and 0.37-0.39 s of every
// start, paid by each of the CI run's test processes that builds the service and by every restart of a part.
// Each is now imported where it is first used. The first invoice, mail, passkey or statement import of a
// process waits for its library once (tens of milliseconds to 0.2 s); nothing else changes.
//
// A load that fails (a missing file) is not kept: the next call tries again, and the caller's request gets the
// error, as a failing static import would have stopped the start.
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}
