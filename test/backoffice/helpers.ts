// The back office under test: a real commerce service (migrated PGlite, demo operators) listening on a
// loopback port, and the back office app talking to it over HTTP, driven like a browser through a small
// cookie jar (cookies, CSRF field, redirects).
import type { Test } from 'tap';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildBackofficeApp } from '../../src/backoffice/app.ts';
import { commerceHarness, TEST_SERVICE_SECRET, type Api } from '../commerce/helpers.ts';
import { totpCode } from '../../src/commerce/auth/second-factor.ts';
import { forgetSpentStep, totpSecretOf } from '../ops/helpers.ts';

export const DEMO_PASSWORD = 'Demo-Operator-2026';

export interface Browser {
  cookies: Map<string, string>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** a form POST (urlencoded); the CSRF field is added unless given (null: left out) */
  post(url: string, fields: Record<string, string | string[]>, opts?: { csrf?: string | null; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** the raw Set-Cookie lines of the last response */
  lastSetCookie: string[];
}

export interface BackofficeUnderTest {
  api: Api;
  bo: FastifyInstance;
  /** ip: the staff member's address as the back office sees it (default: loopback) */
  browser(ip?: string): Browser;
  /** a browser signed in as the operator (password and second step, issue 26) */
  signedIn(email: string, ip?: string): Promise<Browser>;
  /** passes the second step of a browser that just posted the sign-in form (enrols at the first sign-in) */
  secondStep(b: Browser, email: string): Promise<LightMyRequestResponse>;
}

export async function backofficeUnderTest(t: Test): Promise<BackofficeUnderTest> {
  const harness = await commerceHarness(t);
  return backofficeOver(t, await harness.api(t));
}

/** The back office over a commerce app of a test (listening on a free loopback port). serviceSecret: the
 * credential it forwards staff addresses with (default: the tests' SERVICE_SECRET; null: none); trustProxy:
 * BACKOFFICE_TRUST_PROXY=on; logStream: with it the back office logs as in production (info) into it, else not at all. */
export async function backofficeOver(t: Test, api: Api, opts: {
  serviceSecret?: string | null; trustProxy?: boolean; logStream?: NodeJS.WritableStream; statementWaitMs?: number;
  /** the address the back office calls commerce at, given commerce's own (a test puts a recorder between them) */
  commerceUrl?: (url: string) => Promise<string>;
} = {}): Promise<BackofficeUnderTest> {
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const serviceSecret = opts.serviceSecret === undefined ? TEST_SERVICE_SECRET : opts.serviceSecret ?? undefined;
  const commerceUrl = opts.commerceUrl ? await opts.commerceUrl(`http://127.0.0.1:${port}`) : `http://127.0.0.1:${port}`;
  const bo = await buildBackofficeApp({ commerceUrl, production: false, serviceSecret, trustProxy: opts.trustProxy, ...(opts.statementWaitMs !== undefined ? { statementWaitMs: opts.statementWaitMs } : {}), ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }) });
  t.teardown(() => bo.close());

  const browser = (ip = '127.0.0.1'): Browser => {
    const cookies = new Map<string, string>();
    const b: Browser = {
      cookies,
      lastSetCookie: [],
      async get(url, headers = {}) {
        return remember(await bo.inject({ method: 'GET', url, remoteAddress: ip, headers: { host: 'backoffice.test', cookie: cookieHeader(), ...headers } }));
      },
      async post(url, fields, opts = {}) {
        const body = new URLSearchParams();
        const csrf = opts.csrf === undefined ? cookies.get('bo_csrf') : opts.csrf;
        if (csrf !== null && csrf !== undefined) body.set('_csrf', csrf);
        for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) body.append(k, x);
        return remember(await bo.inject({
          method: 'POST',
          url,
          remoteAddress: ip,
          headers: { host: 'backoffice.test', origin: 'http://backoffice.test', 'content-type': 'application/x-www-form-urlencoded', cookie: cookieHeader(), ...(opts.headers ?? {}) },
          payload: body.toString(),
        }));
      },
    };
    function cookieHeader() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    function remember(res: LightMyRequestResponse) {
      const raw = res.headers['set-cookie'];
      const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      b.lastSetCookie = lines;
      for (const line of lines) {
        const [pair] = line.split(';');
        const i = pair.indexOf('=');
        const name = pair.slice(0, i);
        const value = pair.slice(i + 1);
        if (value === '' || /Max-Age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return res;
    }
    return b;
  };

  /** The code the operator's authenticator app shows now (the tests' clock; the spent step forgotten, test/ops/helpers.ts). */
  const currentCode = async (email: string) => {
    await forgetSpentStep(api.db, email);
    return totpCode(await totpSecretOf(api.db, email), api.clock().getTime());
  };
  async function secondStep(b: Browser, email: string): Promise<LightMyRequestResponse> {
    const page = await b.get('/sign-in/second-step');
    if (page.statusCode !== 200) throw new Error(`second step of ${email}: ${page.statusCode} ${page.body.slice(0, 300)}`);
    const enrol = page.body.includes('action="/sign-in/enrol"');
    const res = await b.post(enrol ? '/sign-in/enrol' : '/sign-in/second-step', { code: await currentCode(email) });
    if (res.statusCode !== (enrol ? 200 : 303)) throw new Error(`second step of ${email} failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res;
  }

  return {
    api,
    bo,
    browser,
    secondStep,
    async signedIn(email, ip) {
      const b = browser(ip);
      await b.get('/sign-in');
      const res = await b.post('/sign-in', { email, password: DEMO_PASSWORD });
      if (res.statusCode !== 303) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
      await secondStep(b, email);
      return b;
    },
  };
}

/** The text of a page without tags (what a screen reader would read, roughly). */
export function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');
}
