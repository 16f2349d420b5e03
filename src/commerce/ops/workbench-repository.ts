// The order page's workbench in the database (issue 24, migration 0040): the internal notes of an order
// (the ops feature's table order_notes) and the order row a workbench call locks or reads.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';

export interface NoteRow {
  id: string;
  order_id: string;
  body: string;
  operator_id: string;
  operator_email: string;
  /** the operator's name now (null: none, or the operator was deleted) */
  operator_name: string | null;
  created_at: Date;
}

/** The order's notes, oldest first, with their authors' names. */
export async function notesOf(db: Db, orderId: string): Promise<NoteRow[]> {
  return db.query<NoteRow>(
    `select n.*, p.name as operator_name from order_notes n left join operators p on p.id = n.operator_id
      where n.order_id = $1 order by n.seq`,
    [orderId],
  );
}

export async function insertNote(tx: Db, n: { orderId: string; body: string; operatorId: string; operatorEmail: string; now: Date }): Promise<NoteRow> {
  const [row] = await tx.query<NoteRow>(
    `with n as (insert into order_notes (id, order_id, body, operator_id, operator_email, created_at) values ($1, $2, $3, $4, $5, $6) returning *)
     select n.*, p.name as operator_name from n left join operators p on p.id = n.operator_id`,
    [randomUUID(), n.orderId, n.body, n.operatorId, n.operatorEmail, n.now],
  );
  return row;
}

export interface OrderHead { id: string; order_number: string; store_key: string; customer_id: string }

/**
 * The order's number, store and customer; with `lock`, the row stays locked until the transaction ends, so
 * two resends of one order's mails count their budget one after the other. Decision: read here rather than
 * through the lifecycle, whose state the workbench never changes.
 */
export async function orderHead(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<OrderHead | undefined> {
  const [row] = await db.query<OrderHead>(
    `select id, order_number, store_key, customer_id from orders where id = $1${opts.lock ? ' for update' : ''}`, [id],
  );
  return row;
}
