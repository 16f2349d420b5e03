// CSP violation reports (issue 28): browsers post them to /csp-reports, named by the policy's report-uri
// (application/csp-report, one report) and report-to (application/reports+json, a list of reports of the
// Reporting API). The shop logs each as one warning line for the operators.
//
// Bounded on every side, as anyone can post here:
//   - size: a body over REPORT_BODY_LIMIT bytes is refused with 413 before it is read to the end;
//   - rate: at most REPORTS_PER_MINUTE lines per minute per process (one misbehaving page in thousands of
//     browsers must not flood the log); more are counted and summed up in one line when the minute ends;
//   - content: only the directive, the blocked resource's origin (or its keyword: inline, eval, data), the
//     page's path without its query, the source file without its query, line and column, and the
//     disposition are logged. Never the query strings, the script sample, the referrer, the visitor's
//     address or user agent: any of them can carry personal data (a search, a token, an e-mail address).
// The answer is 204 whatever the report says: a browser does nothing with it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSP_REPORT_PATH } from '../plugins/security.ts';

export const REPORT_BODY_LIMIT = 16 * 1024;
/** Decision: 60 report lines a minute per process, enough to see a broken policy, too few to drown the log. */
export const REPORTS_PER_MINUTE = 60;
const REPORTS_PER_REQUEST = 10;

export interface CspReportLine {
  directive: string;
  blocked: string;
  page: string;
  source?: string;
  line?: number;
  column?: number;
  disposition?: string;
}

const text = (v: unknown, max = 200): string | undefined => (typeof v === 'string' && v ? v.slice(0, max) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/** A URL as origin and path only (no query, no fragment, no user info); a keyword ('inline', 'eval') as is. */
export function withoutQuery(value: unknown): string | undefined {
  const s = text(value, 2000);
  if (!s) return undefined;
  if (/^[a-z-]+$/i.test(s)) return s.slice(0, 40);
  try {
    const u = new URL(s);
    if (u.protocol === 'data:' || u.protocol === 'blob:') return u.protocol.slice(0, -1);
    return (u.origin === 'null' ? u.protocol : u.origin + u.pathname).slice(0, 200);
  } catch {
    return undefined;
  }
}

/** The blocked resource: its origin only (a path can name a person's own page), or the keyword. */
function blockedOf(value: unknown): string {
  const s = withoutQuery(value);
  if (!s) return 'unknown';
  try {
    return new URL(s).origin;
  } catch {
    return s;
  }
}

/** One report of either format, reduced to what may be logged; null when it is not a CSP report. */
export function reportLine(raw: unknown): CspReportLine | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  // report-to: { type: 'csp-violation', url, body: { effectiveDirective, blockedURL, documentURL, ... } }
  if (r.type === 'csp-violation' && r.body && typeof r.body === 'object') {
    const b = r.body as Record<string, unknown>;
    return line(b.effectiveDirective, b.blockedURL, b.documentURL ?? r.url, b.sourceFile, b.lineNumber, b.columnNumber, b.disposition);
  }
  // report-uri: { 'csp-report': { 'effective-directive', 'blocked-uri', 'document-uri', ... } }
  const c = r['csp-report'];
  if (c && typeof c === 'object') {
    const b = c as Record<string, unknown>;
    return line(b['effective-directive'] ?? b['violated-directive'], b['blocked-uri'], b['document-uri'], b['source-file'], b['line-number'], b['column-number'], b.disposition);
  }
  return null;
}

function line(directive: unknown, blocked: unknown, page: unknown, source: unknown, ln: unknown, col: unknown, disposition: unknown): CspReportLine {
  const pageUrl = withoutQuery(page);
  let path = 'unknown';
  try {
    if (pageUrl) path = new URL(pageUrl).pathname;
  } catch {
    /* keyword or not a URL: unknown */
  }
  const out: CspReportLine = { directive: (text(directive, 60) ?? 'unknown').split(' ')[0], blocked: blockedOf(blocked), page: path };
  const src = withoutQuery(source);
  if (src) out.source = src;
  if (num(ln) !== undefined) out.line = num(ln);
  if (num(col) !== undefined) out.column = num(col);
  const d = text(disposition, 20);
  if (d === 'enforce' || d === 'report') out.disposition = d;
  return out;
}

export function registerCspReports(app: FastifyInstance, opts: { now?: () => number } = {}): void {
  const now = opts.now ?? Date.now;
  let windowStart = now();
  let logged = 0;
  let dropped = 0;
  const take = (req: FastifyRequest): boolean => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped) req.log.warn({ dropped }, 'csp violation reports over the limit were not logged');
      windowStart = t;
      logged = 0;
      dropped = 0;
    }
    if (logged >= REPORTS_PER_MINUTE) {
      dropped++;
      return false;
    }
    logged++;
    return true;
  };

  app.register(async (scope) => {
    // both report formats are JSON; parsed here only (the rest of the shop takes no such types)
    scope.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, null);
      }
    });
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT }, async (req, reply) => {
      const reports = (Array.isArray(req.body) ? req.body : [req.body]).slice(0, REPORTS_PER_REQUEST);
      for (const raw of reports) {
        const report = reportLine(raw);
        if (report && take(req)) req.log.warn({ csp: report }, 'csp violation');
      }
      return reply.status(204).header('cache-control', 'no-store').send();
    });
  });
}
