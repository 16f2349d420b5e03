// One request's view of the customer's session: the validated cookies, what changed during the request
// (new tokens from a refresh, an anonymous token, a sign-in; a session that ended) and the cookies the
// answer carries. Nothing outlives the request; the browser's cookies are the session store.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenResponse } from '../../contracts/commerce.ts';
import type { StoreKey } from '../../stores.ts';
import type { SessionInfo } from '../../contracts/shop-api.ts';
import { randomToken } from '../../lib/random.ts';
import {
  ANONYMOUS_KEY_COOKIE, COOKIE, DEVICE_COOKIE, NOTICE_COOKIE, SESSION_COOKIES, clearCookies, isAnonymousKey, isToken, readSessionCookies, writeAnonymousKey,
  writeDeviceCookie, writeNotice, writeSessionCookies, type CookieFlags, type StoredSession,
} from './cookies.ts';

export type EndReason = 'expired' | 'logout';

export class RequestSession {
  readonly store: StoreKey;
  private readonly reply: FastifyReply;
  private readonly flags: CookieFlags;
  private stored: StoredSession | null;
  private endedBy: EndReason | null = null;
  /** the notice cookie came with the request (the page before ended the session) */
  private readonly noticeIn: boolean;
  private noticeConsumed = false;
  /** an anonymous token being fetched for this request (parallel calls of one request share it) */
  anonymous: Promise<unknown> | null = null;
  /** the browser key this request came with (ctAnonymousKey), null once the session has tokens or ended */
  private key: string | null;
  /** issue 26: the device cookie (ctDevice) and the browser's user agent, presented at sign-in */
  readonly deviceToken: string | undefined;
  readonly userAgent: string | undefined;

  constructor(req: FastifyRequest, reply: FastifyReply, flags: CookieFlags) {
    this.store = req.store;
    this.reply = reply;
    this.flags = flags;
    const { session, malformed } = readSessionCookies(req.cookies);
    this.stored = session;
    if (malformed.length) clearCookies(reply, malformed, flags);
    this.noticeIn = req.cookies[NOTICE_COOKIE] === 'expired';
    const key = req.cookies[ANONYMOUS_KEY_COOKIE];
    this.key = isAnonymousKey(key) ? key : null;
    const device = req.cookies[DEVICE_COOKIE];
    this.deviceToken = isToken(device) ? device : undefined;
    const ua = req.headers['user-agent'];
    this.userAgent = typeof ua === 'string' ? ua.slice(0, 512) : undefined;
    // a browser with tokens needs no key: left over, it could name an old guest once the tokens are gone
    if (this.stored) this.dropKey();
  }

  /** The browser key for the anonymous token of a first write (see ANONYMOUS_KEY_COOKIE); null without one. */
  get anonymousKey(): string | null {
    return this.stored ? null : this.key;
  }

  /**
   * A browser without a session and without a key gets one (called before the answer goes out, for reads
   * only: a page, an /api GET). With a session nothing happens.
   */
  issueAnonymousKey(): void {
    if (this.stored || this.key || !this.canWriteCookies()) return;
    this.key = randomToken(32);
    writeAnonymousKey(this.reply, this.key, this.flags);
  }

  /** The key has done its job (tokens arrived) or must not name the old guest again (session ended). */
  private dropKey(): void {
    if (this.key === null) return;
    this.key = null;
    if (this.canWriteCookies()) clearCookies(this.reply, [ANONYMOUS_KEY_COOKIE], this.flags);
  }

  /** The validated token set, null for a guest (or once the session ended). */
  get current(): StoredSession | null {
    return this.stored;
  }

  get ended(): EndReason | null {
    return this.endedBy;
  }

  /** spec 4: no token (guest), anonymous, or signed-in user. Never holds a token. */
  info(): SessionInfo {
    const level = !this.stored ? 'guest' : this.stored.level === 'User' ? 'user' : 'anonymous';
    const expired = this.endedBy === 'expired' || (this.noticeIn && !this.noticeConsumed);
    return expired ? { level, notice: 'expired' } : { level };
  }

  /**
   * The session info for an answer that shows it (a rendered page, /__data): the one-shot notice is
   * delivered here and its cookie removed.
   */
  infoForPage(): SessionInfo {
    const info = this.info();
    if (this.noticeIn && !this.noticeConsumed) {
      this.noticeConsumed = true;
      if (this.canWriteCookies()) clearCookies(this.reply, [NOTICE_COOKIE], { ...this.flags });
    }
    if (this.endedBy === 'expired' && this.canWriteCookies()) {
      // shown on this very page: the next one must not show it again
      clearCookies(this.reply, [NOTICE_COOKIE], this.flags);
    }
    return info;
  }

  /** Cookies can still change while the answer's head is not sent (SSR: before the shell streams). */
  canWriteCookies(): boolean {
    return !this.reply.raw.headersSent;
  }

  /** A device token from a sign-in: the browser keeps it (DEVICE_COOKIE) until it expires. */
  rememberDevice(token: string, expiresAt: string): void {
    const at = new Date(expiresAt);
    if (!this.canWriteCookies() || !isToken(token) || Number.isNaN(at.getTime())) return;
    writeDeviceCookie(this.reply, token, at, this.flags);
  }

  /** New tokens (refresh, anonymous token, sign-in) become the session and go out as cookies. */
  adopt(tokens: TokenResponse): void {
    this.stored = {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      userId: tokens.ownerId,
      expiresAt: Date.parse(tokens.expiresAt),
      level: tokens.tokenLevel,
    };
    this.endedBy = null;
    writeSessionCookies(this.reply, tokens, this.flags);
    this.dropKey();
  }

  /**
   * Ends the session: tokens, user id and level go (spec 4: logout or expiry clears tokens, carts, user
   * and wishlist; the browser clears its own state). Expiry leaves a notice for the next page.
   */
  end(reason: EndReason): void {
    this.stored = null;
    this.endedBy = reason;
    this.dropKey();
    if (!this.canWriteCookies()) return;
    clearCookies(this.reply, SESSION_COOKIES, this.flags);
    if (reason === 'expired') writeNotice(this.reply, 'expired', this.flags);
    else clearCookies(this.reply, [NOTICE_COOKIE], this.flags);
  }
}

export { COOKIE };
