// One refresh in flight per session (spec 4; STYLE: Hydrogen's customer auth helpers). Parallel requests
// whose access token expired together share one call to POST /admin/customers/refresh-token, keyed by the
// refresh token they carry. The commerce service rotates refresh tokens and treats a second use of a
// rotated one as theft (the whole session ends), so a settled refresh is also kept for a short grace
// period: requests the browser sent with the old cookies before the new ones arrived get the same new
// token set instead of replaying the old token. That promise is the only per-customer state in memory.
import type { TokenResponse } from '../../contracts/commerce.ts';
import type { CallError } from '../../contracts/result.ts';
import type { StoreKey } from '../../stores.ts';
import type { CommerceHttp } from '../commerce-client/http.ts';

export type RefreshOutcome =
  | { kind: 'ok'; tokens: TokenResponse }
  /** the service refused the refresh token: the session is over */
  | { kind: 'rejected'; error: CallError }
  /** no answer, a 5xx, a throttle: the session stays, the call fails this time (Hydrogen #3892) */
  | { kind: 'failed'; error: CallError };

/** Decision: long enough for the requests a page fires at once; short enough to be no session store. */
export const REFRESH_GRACE_MS = 15_000;

/** Statuses that say "try again later", not "this token is no good". */
const TRANSIENT = new Set([0, 408, 425, 429]);

export function classifyRefresh(error: CallError): 'rejected' | 'failed' {
  if (TRANSIENT.has(error.status) || error.status >= 500) return 'failed';
  return 'rejected';
}

function isTokenResponse(v: unknown): v is TokenResponse {
  const t = v as Partial<TokenResponse> | null;
  return !!t && typeof t.accessToken === 'string' && typeof t.refreshToken === 'string' && typeof t.ownerId === 'string'
    && typeof t.expiresAt === 'string' && (t.tokenLevel === 'User' || t.tokenLevel === 'Anonymous');
}

export interface RefreshRequest {
  store: StoreKey;
  refreshToken: string;
  headers?: Record<string, string>;
}

export class Refresher {
  private readonly http: CommerceHttp;
  private readonly graceMs: number;
  private readonly flights = new Map<string, Promise<RefreshOutcome>>();
  /** refresh calls actually sent (tests and the health page can read it) */
  sent = 0;

  constructor(http: CommerceHttp, opts: { graceMs?: number } = {}) {
    this.http = http;
    this.graceMs = opts.graceMs ?? REFRESH_GRACE_MS;
  }

  refresh(req: RefreshRequest): Promise<RefreshOutcome> {
    const key = `${req.store}\u0000${req.refreshToken}`;
    const existing = this.flights.get(key);
    if (existing) return existing;
    const flight = this.run(req).then((outcome) => {
      if (outcome.kind === 'failed') {
        // a passing fault: the next request may try again at once
        this.flights.delete(key);
      } else {
        const timer = setTimeout(() => this.flights.delete(key), this.graceMs);
        timer.unref();
      }
      return outcome;
    });
    this.flights.set(key, flight);
    return flight;
  }

  /** refreshes in flight or in their grace period */
  get size(): number {
    return this.flights.size;
  }

  private async run(req: RefreshRequest): Promise<RefreshOutcome> {
    this.sent++;
    const res = await this.http.call<TokenResponse>({
      method: 'POST',
      path: '/admin/customers/refresh-token',
      store: req.store,
      body: { refreshToken: req.refreshToken },
      headers: req.headers,
    });
    if (res.error) return { kind: classifyRefresh(res.error), error: res.error };
    if (!isTokenResponse(res.data)) return { kind: 'failed', error: { code: 'UnknownError', status: 502, message: 'The refresh answer was not a token set.' } };
    return { kind: 'ok', tokens: res.data };
  }
}

export { isTokenResponse };
