// The session's cookies (spec 3 token set: ctToken, ctRefreshToken, ctUserId, ctTokenExpiresAt,
// ctTokenLevel), read defensively and written with the flags spec 9 asks for (Secure, path /, SameSite
// Lax). The tokens themselves are httpOnly: no script, no HTML and no URL ever holds them. The other
// three are readable by the browser (they name no secret: who, until when, which level).
import type { FastifyReply } from 'fastify';
import type { TokenLevel } from '../../contracts/commerce.ts';

export const COOKIE = {
  token: 'ctToken',
  refreshToken: 'ctRefreshToken',
  userId: 'ctUserId',
  expiresAt: 'ctTokenExpiresAt',
  level: 'ctTokenLevel',
} as const;

/** Double-submit CSRF token: readable by the page's script, sent back in x-csrf-token. */
export const CSRF_COOKIE = 'ctCsrf';
/**
 * Issue 14, parallel first writes: a browser without a session gets this random key (httpOnly, for the
 * browser session) with its first page or /api read. The first cart writes of that browser present it to the
 * commerce service (x-anonymous-key), which answers tokens of ONE anonymous customer for one key: two tabs
 * that add at once fill one cart. It is cleared as soon as the browser has tokens (the tokens are the
 * session then) and a new one is given after the session ends, so it never names an old guest again.
 */
export const ANONYMOUS_KEY_COOKIE = 'ctAnonymousKey';
const ANONYMOUS_KEY = /^[A-Za-z0-9_-]{32,128}$/;

export function isAnonymousKey(v: unknown): v is string {
  return typeof v === 'string' && ANONYMOUS_KEY.test(v);
}

export function writeAnonymousKey(reply: FastifyReply, value: string, flags: CookieFlags): void {
  void reply.setCookie(ANONYMOUS_KEY_COOKIE, value, { ...base(flags), httpOnly: true });
}

/**
 * Issue 26: the device cookie. The commerce service hands out a device token at a sign-in from a device it
 * does not know (and for "remember this device"); the browser keeps it httpOnly for the token's life (30 days)
 * and the storefront presents it at the next sign-ins (x-device-token), so a customer is told about sign-ins
 * from new devices only, and a remembered device skips the second step. It outlives the session (sign-out
 * keeps it: the device is still the customer's); it names no account by itself (the service stores its hash).
 */
export const DEVICE_COOKIE = 'ctDevice';

export function writeDeviceCookie(reply: FastifyReply, token: string, expiresAt: Date, flags: CookieFlags): void {
  void reply.setCookie(DEVICE_COOKIE, token, { ...base(flags), httpOnly: true, expires: expiresAt });
}

/** One-shot notice for the next page ("Your session has expired ..."), set when a session ends. */
export const NOTICE_COOKIE = 'ctSessionNotice';

export const SESSION_COOKIES = Object.values(COOKIE);

/** What the cookies say about the session, after validation. */
export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  /** the customer id (ownerId); for an anonymous session the anonymousId that a sign-in merges */
  userId: string | null;
  /** epoch ms when the access token expires; null when unknown */
  expiresAt: number | null;
  level: TokenLevel;
}

// Opaque tokens: the commerce service issues <prefix>_<base64url>; any other service's tokens are at least
// URL-safe. Anything else (a stale format, a foreign cookie, an injected value) is discarded (Hydrogen #2066).
const TOKEN = /^[A-Za-z0-9._~-]{16,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 UTC as the service answers it, or epoch milliseconds
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function isToken(v: unknown): v is string {
  return typeof v === 'string' && TOKEN.test(v);
}

export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID.test(v);
}

export function parseExpiresAt(v: unknown): number | null {
  if (typeof v !== 'string' || v.length > 40) return null;
  if (/^\d{10,15}$/.test(v)) return Number(v);
  if (!ISO.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}

export interface ReadResult {
  session: StoredSession | null;
  /** names of cookies that were present but malformed (they are cleared in the answer) */
  malformed: string[];
}

/**
 * Reads the token set. A malformed value counts as absent and is reported, so the answer can delete it.
 * Without an access token and without a refresh token there is no session (a guest).
 */
export function readSessionCookies(cookies: Record<string, string | undefined>): ReadResult {
  const malformed: string[] = [];
  const pick = <T>(name: string, check: (v: string) => T | null): T | null => {
    const raw = cookies[name];
    if (raw === undefined || raw === '') return null;
    const v = check(raw);
    if (v === null) malformed.push(name);
    return v;
  };
  const accessToken = pick(COOKIE.token, (v) => (isToken(v) ? v : null));
  const refreshToken = pick(COOKIE.refreshToken, (v) => (isToken(v) ? v : null));
  const userId = pick(COOKIE.userId, (v) => (isUuid(v) ? v.toLowerCase() : null));
  const expiresAt = pick(COOKIE.expiresAt, parseExpiresAt);
  const levelRaw = pick(COOKIE.level, (v) => (v === 'User' || v === 'Anonymous' ? v : null));
  if (!accessToken && !refreshToken) {
    // Left-overs of a session without its tokens mean nothing: clear them too.
    for (const name of [COOKIE.userId, COOKIE.expiresAt, COOKIE.level]) {
      if (cookies[name] !== undefined && !malformed.includes(name)) malformed.push(name);
    }
    return { session: null, malformed };
  }
  // Decision: a missing or unknown level is read as Anonymous. Only the service's answer makes a
  // customer a User; a guessed User level would only open pages whose calls then fail.
  return { session: { accessToken, refreshToken, userId, expiresAt, level: levelRaw ?? 'Anonymous' }, malformed };
}

export interface CookieFlags {
  /** spec 9: cookies are secure (browsers accept Secure cookies from http://*.localhost too) */
  secure: boolean;
  /** lifetime of the session cookies in seconds: the refresh token's (REFRESH_TOKEN_TTL_S) */
  maxAgeS: number;
}

function base(flags: CookieFlags) {
  return { path: '/', sameSite: 'lax' as const, secure: flags.secure };
}

export interface TokenSetCookies {
  accessToken: string;
  refreshToken: string;
  ownerId: string;
  expiresAt: string;
  tokenLevel: TokenLevel;
}

export function writeSessionCookies(reply: FastifyReply, t: TokenSetCookies, flags: CookieFlags): void {
  const b = { ...base(flags), maxAge: flags.maxAgeS };
  void reply.setCookie(COOKIE.token, t.accessToken, { ...b, httpOnly: true });
  void reply.setCookie(COOKIE.refreshToken, t.refreshToken, { ...b, httpOnly: true });
  void reply.setCookie(COOKIE.userId, t.ownerId, { ...b, httpOnly: false });
  void reply.setCookie(COOKIE.expiresAt, t.expiresAt, { ...b, httpOnly: false });
  void reply.setCookie(COOKIE.level, t.tokenLevel, { ...b, httpOnly: false });
}

export function clearCookies(reply: FastifyReply, names: readonly string[], flags: CookieFlags): void {
  for (const name of names) {
    void reply.clearCookie(name, { ...base(flags), httpOnly: name === COOKIE.token || name === COOKIE.refreshToken || name === ANONYMOUS_KEY_COOKIE });
  }
}

/** A notice for the next rendered page; five minutes are plenty for a redirect to arrive. */
export function writeNotice(reply: FastifyReply, notice: 'expired', flags: CookieFlags): void {
  void reply.setCookie(NOTICE_COOKIE, notice, { ...base(flags), httpOnly: true, maxAge: 300 });
}

export function writeCsrfCookie(reply: FastifyReply, value: string, flags: CookieFlags): void {
  // Decision: a session cookie (no max-age); a new tab after a browser restart simply gets a new one.
  void reply.setCookie(CSRF_COOKIE, value, { ...base(flags), httpOnly: false });
}
