// The outbox's reading SQL (the development mailbox) and its housekeeping; writing and delivery live in the kernel (lib/outbox.ts).
import type { Db } from '../db/index.ts';
import type { MailAttachmentRef } from '../lib/outbox.ts';

export interface OutboxRow {
  id: number; channel: 'mail' | 'sms'; store_key: string | null; to: string; subject: string | null; text: string;
  html: string | null; created_at: Date; sent_at: Date | null; failed_at: Date | null; failed_attempts: number;
}

/** The newest messages first. */
export async function newestMessages(db: Db, limit: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `select id, channel, store_key, "to", subject, text, html, created_at, sent_at, failed_at, failed_attempts
       from outbox order by id desc limit $1`,
    [limit],
  );
}

/** Messages still to deliver (neither sent nor given up) and the oldest one's creation: the metrics (issue 27). */
export async function outboxBacklog(db: Db): Promise<{ pending: number; oldest: Date | null }> {
  const rows = await db.query<{ pending: number; oldest: Date | null }>(
    'select count(*)::int as pending, min(created_at) as oldest from outbox where sent_at is null and failed_at is null',
  );
  return rows[0] ?? { pending: 0, oldest: null };
}

/** Housekeeping: messages written before the given time (personal data: kept only as long as needed). */
export async function purgeOutbox(db: Db, before: Date): Promise<void> {
  await db.query('delete from outbox where created_at < $1', [before]);
}

/** An account's deletion: the messages addressed to the person, by customer id or to one of the addresses. */
export async function deleteMessagesOf(tx: Db, customerId: string, to: string[]): Promise<void> {
  await tx.query('delete from outbox where customer_id = $1 or "to" = any($2::text[])', [customerId, to]);
}

// ---------------------------------------------------------------- an order's mails (issue 24: the back office lists and resends them)

export interface OrderMailRow {
  id: number; customer_id: string | null; store_key: string; to: string; subject: string | null; text: string; html: string | null;
  created_at: Date; sent_at: Date | null; failed_at: Date | null; resent_from: number | null;
  /** issue 25: the documents it carries (references; a resend carries the same) */
  attachments: MailAttachmentRef[];
}

const ORDER_MAIL = `id, customer_id, store_key, "to", subject, text, html, created_at, sent_at, failed_at, resent_from, attachments`;

/** The mails about the order, oldest first. */
export async function orderMails(db: Db, orderId: string): Promise<OrderMailRow[]> {
  return db.query<OrderMailRow>(`select ${ORDER_MAIL} from outbox where order_id = $1 and channel = 'mail' order by id`, [orderId]);
}

/** One mail of the order; undefined when it is not one of its mails. */
export async function orderMail(db: Db, orderId: string, mailId: number): Promise<OrderMailRow | undefined> {
  const [row] = await db.query<OrderMailRow>(`select ${ORDER_MAIL} from outbox where id = $1 and order_id = $2 and channel = 'mail'`, [mailId, orderId]);
  return row;
}

/** Resends since `since`: of this one mail (the newest one's time), and of all the order's mails (count, the oldest one's time). */
export async function resendsSince(db: Db, orderId: string, mailId: number, since: { mail: Date; order: Date }): Promise<{ lastOfMail: Date | null; ofOrder: number; firstOfOrder: Date | null }> {
  const [r] = await db.query<{ last_of_mail: Date | null; of_order: number; first_of_order: Date | null }>(
    `select max(created_at) filter (where resent_from = $2 and created_at > $3) as last_of_mail,
            count(*) filter (where created_at > $4)::int as of_order,
            min(created_at) filter (where created_at > $4) as first_of_order
       from outbox where order_id = $1 and resent_from is not null`,
    [orderId, mailId, since.mail, since.order],
  );
  return { lastOfMail: r.last_of_mail, ofOrder: r.of_order, firstOfOrder: r.first_of_order };
}
