// Mails and SMS go to the outbox table inside the transaction that causes them, so a message exists
// exactly when its change was committed. With SMTP_URL set, mails are then also sent (nodemailer): at
// once after the commit, and after a failure again with exponential back-off (DELIVERY below) until they
// are sent or given up as failed. Failures are logged without address or content.
// SMS have no gateway yet: they stay in the outbox (development mailbox) - a gateway plugs in at attempt().
// In the kernel: every feature writes through app.commerce.outbox (context.ts); the outbox feature (outbox/)
// keeps the development mailbox and the mail links.
import type { Transporter } from 'nodemailer';
import { lazyModule } from '../../lib/lazy-module.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { addSeconds, type Clock } from '../lib/clock.ts';
import type { StoreKey } from '../../stores.ts';
import type { PaymentSlip } from '../../contracts/payment-qr.ts';
import type { Lang } from './lang.ts';

/**
 * Issue 25: what a mail attaches, kept as a reference in its row (migration 0042) and turned into bytes when
 * it is sent: a stored document by id, or a payment slip by the data it was drawn from at the order.
 */
export type MailAttachmentRef =
  | { kind: 'document'; documentId: string }
  | { kind: 'payment_slip'; orderNumber: string; storeKey: StoreKey; lang: Lang; createdAt: string; slip: PaymentSlip };

/** An attachment as sent: the file name is the document's number. */
export interface MailAttachment { filename: string; contentType: string; content: Buffer }

/** Turns a mail's references into files (the documents feature registers it: the kernel names no feature). */
export type AttachmentResolver = (db: Db, refs: MailAttachmentRef[]) => Promise<MailAttachment[]>;

export interface OutboxMessageInput {
  channel: 'mail' | 'sms';
  customerId: string | null;
  storeKey: StoreKey;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  /** issue 24: the order the mail is about (the back office lists and resends an order's mails) */
  orderId?: string | null;
  /** issue 24: the mail this one resends */
  resentFrom?: number | null;
  /** issue 25: the documents it carries */
  attachments?: MailAttachmentRef[];
}

export interface Outbox {
  /** Adds a message (call with the transaction's db); returns its id for deliver(). */
  add(db: Db, msg: OutboxMessageInput, now: Date): Promise<number>;
  /** After commit: sends the given mails when SMTP is configured. Never throws. */
  deliver(ids: number[]): void;
  /** Sends every mail whose next attempt is due by the service's clock (the retry timer calls it;
   * tests call it after moving the clock). Resolves when those attempts are done. Never throws. */
  retryDue(): Promise<void>;
  /** Waits for sends in flight (service shutdown). */
  close(): Promise<void>;
  /** Issue 25: sets who turns attachment references into files (the documents plugin, once). */
  resolveAttachmentsWith(resolver: AttachmentResolver): void;
  /** Issue 25: the files a stored mail attaches, as the sender attaches them (the back office and tests read them). */
  attachmentsOf(id: number): Promise<MailAttachment[]>;
}

/**
 * Decision: a mail is attempted at most 8 times: at once, then after 1, 3, 9, 27, 81, 243 and 729 minutes
 * (x3 each time), so the last attempt is about 18 hours after the first - an SMTP server down for a night
 * does not lose mails, and a customer who waited a day has requested a new link anyway. Then the message
 * is `failed` (failed_at). A permanent refusal (an SMTP 5xx answer such as 550 no such user) fails at
 * once: asking again gets the same answer. Transient trouble (4xx answers, connection errors, timeouts)
 * is retried.
 */
export const DELIVERY = {
  maxAttempts: 8,
  firstRetryS: 60,
  factor: 3,
  /** an attempt in flight holds its message this long, so another instance does not send it too */
  leaseS: 300,
  /** how often the retry timer looks for due mails */
  pollS: 30,
  /** mails per look */
  batch: 50,
} as const;

/** Seconds until the next attempt after `failures` failed attempts (1 -> 60 s, 2 -> 180 s, ...). */
export function retryDelayS(failures: number): number {
  return DELIVERY.firstRetryS * DELIVERY.factor ** (failures - 1);
}

interface MailRow {
  id: number;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  failed_attempts: number;
  attachments: MailAttachmentRef[];
}

/** An SMTP answer of class 5 refuses for good (RFC 5321 4.2.1). */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function errorCode(err: unknown): string {
  const e = err as { code?: unknown; responseCode?: unknown };
  const parts = [typeof e.code === 'string' ? e.code : 'unknown', typeof e.responseCode === 'number' ? String(e.responseCode) : null];
  return parts.filter(Boolean).join(' ');
}

/** Every mail the shop sends is written by the shop, not a person (RFC 3834): vacation responders and
 * ticket systems do not answer it, and it is not taken for a conversation (issue 28). */
export const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

export function createOutbox(opts: { db: Db; smtpUrl: string; mailFrom: string; log: FastifyBaseLogger; clock: Clock }): Outbox {
  const { db, log, clock } = opts;
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first mail sent (src/lib/lazy-module.ts); without SMTP_URL never
  let created: Transporter | null = null;
  const transport: (() => Promise<Transporter>) | null = smtpUrl
    ? lazyModule(async () => (created = (await import('nodemailer')).default.createTransport(smtpUrl)))
    : null;
  const inFlight = new Set<Promise<void>>();
  let resolver: AttachmentResolver | null = null;

  /** The files of a mail's references; a mail with references and nobody to resolve them is not sent (retried). */
  async function files(refs: MailAttachmentRef[]): Promise<MailAttachment[]> {
    if (refs.length === 0) return [];
    if (!resolver) throw Object.assign(new Error('no attachment resolver'), { code: 'ATTACHMENTS' });
    return resolver(db, refs);
  }

  /** Takes the message for one attempt if it is due and nobody else holds it. */
  async function claim(id: number, now: Date): Promise<MailRow | null> {
    const rows = await db.query<MailRow>(
      `update outbox set next_attempt_at = $3
        where id = $1 and channel = 'mail' and sent_at is null and failed_at is null and next_attempt_at <= $2
        returning id, "to", subject, text, html, failed_attempts, attachments`,
      [id, now, addSeconds(now, DELIVERY.leaseS)],
    );
    return rows[0] ?? null;
  }

  async function attempt(id: number): Promise<void> {
    if (!transport) return;
    const m = await claim(id, clock());
    if (!m) return;
    try {
      const attachments = await files(m.attachments ?? []);
      await (await transport()).sendMail({
        from: opts.mailFrom, to: m.to, subject: m.subject ?? '', text: m.text, html: m.html ?? undefined, headers: AUTOMATIC_MAIL_HEADERS,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      await db.query('update outbox set sent_at = $2, next_attempt_at = null, last_error = null where id = $1', [id, clock()]);
    } catch (err) {
      const attempts = m.failed_attempts + 1;
      const now = clock();
      const giveUp = isPermanent(err) || attempts >= DELIVERY.maxAttempts;
      const code = errorCode(err);
      await db.query(
        `update outbox set failed_attempts = $2, last_error = $3, next_attempt_at = $4, failed_at = $5 where id = $1`,
        [id, attempts, code, giveUp ? null : addSeconds(now, retryDelayS(attempts)), giveUp ? now : null],
      ).catch((e: unknown) => log.error({ outboxId: id, reason: (e as Error).message }, 'outbox delivery state not saved'));
      // no address, subject or content in the log: the message id is enough to find it
      if (giveUp) log.error({ outboxId: id, errorCode: code, attempts }, 'mail delivery failed; given up');
      else log.warn({ outboxId: id, errorCode: code, attempts, retryInS: retryDelayS(attempts) }, 'mail delivery failed; will retry');
    }
  }

  function track(p: Promise<void>): Promise<void> {
    const tracked: Promise<void> = p
      .catch((err: unknown) => log.error({ reason: (err as Error).message }, 'outbox delivery failed unexpectedly'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  async function retryDue(): Promise<void> {
    if (!transport) return;
    const due = await db.query<{ id: number }>(
      `select id from outbox where next_attempt_at <= $1 and sent_at is null and failed_at is null and channel = 'mail'
        order by next_attempt_at limit $2`,
      [clock(), DELIVERY.batch],
    );
    // one after another: a struggling mail server gets no burst
    for (const { id } of due) await track(attempt(id));
  }

  let polling: Promise<void> | null = null;
  const timer = transport
    ? setInterval(() => {
      polling ??= retryDue()
        .catch((err: unknown) => log.warn({ reason: (err as Error).message }, 'outbox retry look failed'))
        .finally(() => {
          polling = null;
        });
    }, DELIVERY.pollS * 1000)
    : null;
  timer?.unref();

  return {
    async add(tx, msg, now) {
      // Mails are due at once when they will be sent; SMS and mails without SMTP are never picked up.
      const due = transport && msg.channel === 'mail' ? now : null;
      const rows = await tx.query<{ id: number }>(
        `insert into outbox (channel, customer_id, store_key, "to", subject, text, html, created_at, next_attempt_at, order_id, resent_from, attachments)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb) returning id`,
        [msg.channel, msg.customerId, msg.storeKey, msg.to, msg.subject ?? null, msg.text, msg.html ?? null, now, due, msg.orderId ?? null, msg.resentFrom ?? null,
          JSON.stringify(msg.attachments ?? [])],
      );
      return rows[0].id;
    },
    deliver(ids) {
      for (const id of ids) void track(attempt(id));
    },
    retryDue: () => retryDue().catch((err: unknown) => log.warn({ reason: (err as Error).message }, 'outbox retry look failed')),
    resolveAttachmentsWith(r) {
      resolver = r;
    },
    async attachmentsOf(id) {
      const [row] = await db.query<{ attachments: MailAttachmentRef[] }>('select attachments from outbox where id = $1', [id]);
      return files(row?.attachments ?? []);
    },
    async close() {
      if (timer) clearInterval(timer);
      await polling;
      await Promise.allSettled([...inFlight]);
      created?.close();
    },
  };
}
