// Decision (issue 24, the order detail built once per action): a step's answer from commerce is the order's
// detail after the step, built in the operator's language. The back office keeps Post/Redirect/Get (a reload
// of the page after a step never sends the step again) and hands that answer to the GET that follows in a
// one-time, in-memory note: the redirect names it (?shown=<key>), and the GET renders it instead of asking
// commerce for the order again. A note is bound to the session that made the step, the order and the
// language; it is taken once and lives a minute. Any miss (a reload, another back-office instance behind a
// load balancer, a language switch, a full store) asks commerce as before, so nothing depends on it.
import type { OpsOrderDetail } from '../../../contracts/ops.ts';
import { randomToken } from '../../../lib/random.ts';

interface Note {
  session: string;
  lang: string;
  detail: OpsOrderDetail;
  expires: number;
}

export interface StepAnswers {
  /** keeps the answer of a step for the GET after the redirect; the key for ?shown= */
  put(session: string, lang: string, detail: OpsOrderDetail): string;
  /** the kept answer, once, when session, order and language match and it has not expired; else null */
  take(session: string | null, lang: string, orderId: string, key: unknown): OpsOrderDetail | null;
}

export function stepAnswers(opts: { max?: number; ttlMs?: number; now?: () => number } = {}): StepAnswers {
  const max = opts.max ?? 200;
  const ttlMs = opts.ttlMs ?? 60_000;
  const now = opts.now ?? Date.now;
  // insertion order is age order: the oldest note goes first when the store is full
  const notes = new Map<string, Note>();
  return {
    put(session, lang, detail) {
      for (const [k, n] of notes) if (n.expires <= now() || notes.size >= max) notes.delete(k);
      const key = randomToken(16);
      notes.set(key, { session, lang, detail, expires: now() + ttlMs });
      return key;
    },
    take(session, lang, orderId, key) {
      if (typeof key !== 'string' || !session) return null;
      const n = notes.get(key);
      if (!n) return null;
      notes.delete(key);
      return n.session === session && n.lang === lang && n.detail.summary.id === orderId && n.expires > now() ? n.detail : null;
    },
  };
}
