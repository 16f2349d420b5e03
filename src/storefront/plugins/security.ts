// Security headers on every response, with a CSP. Pages get a fresh nonce in script-src: every inline script
// the stream emits (boot data, React's streaming runtime, deferred values) carries it. The nonce is made
// only when a response asks for it (pages); files and JSON get the same policy without one. A page served
// from the guest cache is the same document for everyone: it names its inline scripts by their hashes
// instead (script-src 'self' and the hashes; its module scripts are same-origin files).
import { randomToken } from '../../lib/random.ts';
import fp from 'fastify-plugin';
import { EDITOR_ORIGINS, isPreviewPath } from '../../contracts/preview-bridge.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the CSP nonce of this response, made on first use */
    readonly cspNonce: string;
    /** sha256 hashes (base64) of the inline scripts of a document without nonces (the guest cache) */
    cspScriptHashes: readonly string[] | null;
  }
}

export type ScriptPolicy = { nonce: string } | { hashes: readonly string[] } | null;

/**
 * Frames the shop embeds, each only behind the visitor's consent (spec 2): videos (youtube-nocookie,
 * Vimeo) with Targeting consent, the store map with Targeting ("marketing") consent. Exactly these
 * origins, nothing else may be framed.
 */
export const frameOrigins = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  map: 'https://www.openstreetmap.org',
} as const;

/** Where Google Tag Manager and the GA4 tags it loads fetch from (only when a container is configured). */
export const analyticsOrigins = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

/** Where browsers send CSP violation reports (routes/csp-reports.ts): report-uri, and report-to by the
 * endpoint named in the Reporting-Endpoints header. */
export const CSP_REPORT_PATH = '/csp-reports';
export const CSP_REPORT_GROUP = 'csp';

export interface CspOptions {
  /** the shop's own price socket origin (wss://host, ws://host in development); [] when not known */
  connectSrc: string[];
  /** a GTM container is configured (production): its script and beacon origins are allowed */
  analytics?: boolean;
}

export function csp(scripts: ScriptPolicy, opts: CspOptions): string {
  const a = opts.analytics ? analyticsOrigins : { script: [], connect: [], img: [] };
  // With a nonce, 'strict-dynamic' lets the nonce'd bundle add the GTM script (host lists are ignored
  // then); a cached page names its scripts by hash, so the GTM origin is listed for it.
  const scriptSrc = !scripts
    ? `script-src 'self'`
    : 'nonce' in scripts
      ? `script-src 'self' 'nonce-${scripts.nonce}' 'strict-dynamic'`
      : `script-src 'self' ${[...scripts.hashes.map((h) => `'sha256-${h}'`), ...a.script].join(' ')}`;
  return [
    `default-src 'self'`,
    scriptSrc,
    `style-src 'self'`,
    `img-src 'self' data: ${a.img.join(' ')}`.trim(),
    `font-src 'self'`,
    `connect-src 'self' ${[...opts.connectSrc, ...a.connect].join(' ')}`.trim(),
    `frame-src ${Object.values(frameOrigins).join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `manifest-src 'self'`,
    `worker-src 'self'`,
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
}

const NONCE = Symbol('cspNonce');
type WithNonce = { [NONCE]?: string };

export const securityPlugin = fp<{ production: boolean; analytics?: boolean }>(async (app, { production, analytics = false }) => {
  // connect-src names the shop's own socket origin, the host the page was loaded from (the browser opens
  // the price socket at window.location.host, client/state/price-socket.ts): not any ws:/wss: host, which
  // would let an injected script send data anywhere over a socket (issue 28). 'self' covers same-origin
  // WebSockets in current browsers; the explicit origin covers the rest. Policies per host are kept (a
  // handful of store hosts); a Host header that is not a plain host name gets no socket origin.
  const policies = new Map<string, { withoutNonce: string; before: string; after: string; options: CspOptions }>();
  const policyFor = (host: string, protocol: string) => {
    const key = `${protocol}|${host}`;
    let p = policies.get(key);
    if (!p) {
      const valid = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(host);
      const options: CspOptions = { connectSrc: valid ? [`${protocol === 'https' || production ? 'wss' : 'ws'}://${host.toLowerCase()}`] : [], analytics };
      const [before, after] = csp({ nonce: '\0' }, options).split('\0');
      p = { withoutNonce: csp(null, options), before, after, options };
      if (policies.size < 64) policies.set(key, p);
    }
    return p;
  };
  const fixed: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(self), interest-cohort=()',
    'reporting-endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.decorateRequest('cspNonce', {
    getter(this: object) {
      const self = this as WithNonce;
      return (self[NONCE] ??= randomToken(16));
    },
  });
  app.decorateRequest('cspScriptHashes', null);
  app.addHook('onSend', async (req, reply, payload) => {
    const nonce = (req as unknown as WithNonce)[NONCE];
    const policy = policyFor(req.host ?? '', req.protocol);
    const header = req.cspScriptHashes ? csp({ hashes: req.cspScriptHashes }, policy.options) : nonce ? policy.before + nonce + policy.after : policy.withoutNonce;
    reply.headers(fixed);
    if (isPreviewPath(req.url)) {
      // the CMS's visual editor shows preview pages in its iframe (spec 4 StoryblockUpdated): those pages,
      // and only those, may be framed, and only by the editor's origins
      reply.header('content-security-policy', header.replace(`frame-ancestors 'none'`, `frame-ancestors ${EDITOR_ORIGINS.join(' ')}`));
      reply.removeHeader('x-frame-options');
    } else {
      reply.header('content-security-policy', header);
    }
    return payload;
  });
}, { name: 'shop-security', fastify: '5.x' });
