// Security headers on every response, with a CSP whose script-src carries a fresh nonce per request:
// every inline script the stream emits (boot data, React's streaming runtime, deferred values) has it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

export function csp(nonce: string, opts: { connectSrc: string[] }): string {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self'`,
    `img-src 'self' data:`,
    `font-src 'self'`,
    `connect-src 'self' ${opts.connectSrc.join(' ')}`.trim(),
    `frame-src 'none'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `manifest-src 'self'`,
    `worker-src 'self'`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, opts: { production: boolean }) {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (req) => {
    req.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // WebSocket endpoints of the same host are 'self' for connect-src in modern browsers; ws: and wss:
    // are listed for older ones.
    reply.header('content-security-policy', csp(req.cspNonce, { connectSrc: [opts.production ? 'wss:' : 'ws: wss:'] }));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=(self), interest-cohort=()');
    if (opts.production) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
