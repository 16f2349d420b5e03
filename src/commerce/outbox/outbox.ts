// Mails and SMS go to the outbox table inside the transaction that causes them, so a message exists
// exactly when its change was committed. With SMTP_URL set, mails are then also sent (nodemailer); a
// failure is logged without address or content and the message stays unsent in the outbox.
// SMS have no gateway yet: they stay in the outbox (development mailbox) - a gateway plugs in at deliver().
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import type { StoreKey } from '../../stores.ts';

export interface OutboxMessageInput {
  channel: 'mail' | 'sms';
  customerId: string | null;
  storeKey: StoreKey;
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
}

export interface Outbox {
  /** Adds a message (call with the transaction's db); returns its id for deliver(). */
  add(db: Db, msg: OutboxMessageInput, now: Date): Promise<number>;
  /** After commit: sends the given mails when SMTP is configured. Never throws. */
  deliver(ids: number[]): void;
  /** Waits for sends in flight (service shutdown). */
  close(): Promise<void>;
}

export function createOutbox(opts: { db: Db; smtpUrl: string; mailFrom: string; log: FastifyBaseLogger; clock: () => Date }): Outbox {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function send(id: number): Promise<void> {
    if (!transport) return;
    const rows = await opts.db.query<{ to: string; subject: string | null; text: string; html: string | null; channel: string }>(
      'select "to", subject, text, html, channel from outbox where id = $1 and sent_at is null',
      [id],
    );
    const m = rows[0];
    if (!m || m.channel !== 'mail') return;
    try {
      await transport.sendMail({ from: opts.mailFrom, to: m.to, subject: m.subject ?? '', text: m.text, html: m.html ?? undefined });
      await opts.db.query('update outbox set sent_at = $2 where id = $1', [id, opts.clock()]);
    } catch (err) {
      await opts.db.query('update outbox set failed_attempts = failed_attempts + 1 where id = $1', [id]).catch(() => {});
      // no address, subject or content in the log: the message id is enough to find it
      opts.log.error({ outboxId: id, errorCode: (err as { code?: string }).code ?? 'unknown' }, 'mail delivery failed');
    }
  }

  return {
    async add(db, msg, now) {
      const rows = await db.query<{ id: number }>(
        `insert into outbox (channel, customer_id, store_key, "to", subject, text, html, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [msg.channel, msg.customerId, msg.storeKey, msg.to, msg.subject ?? null, msg.text, msg.html ?? null, now],
      );
      return rows[0].id;
    },
    deliver(ids) {
      if (!transport) return;
      for (const id of ids) {
        const p: Promise<void> = send(id).catch(() => {}).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      transport?.close();
    },
  };
}
