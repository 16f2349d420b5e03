// The outbox's reading SQL (the development mailbox) and its housekeeping; writing and delivery live in the kernel (lib/outbox.ts).
import type { Db } from '../db/index.ts';

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

/** Housekeeping: messages written before the given time (personal data: kept only as long as needed). */
export async function purgeOutbox(db: Db, before: Date): Promise<void> {
  await db.query('delete from outbox where created_at < $1', [before]);
}

/** An account's deletion: the messages addressed to the person, by customer id or to one of the addresses. */
export async function deleteMessagesOf(tx: Db, customerId: string, to: string[]): Promise<void> {
  await tx.query('delete from outbox where customer_id = $1 or "to" = any($2::text[])', [customerId, to]);
}
