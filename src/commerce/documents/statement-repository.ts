// The depot statements' SQL (table depot_statements, migration 0044; numbers from document_counters, kind
// 'depot_statement'). As for the order documents: inserted and read only, never updated or deleted.
import type { DepositRow } from '../deposits/index.ts';
import type { Db } from '../db/index.ts';

export type StatementPeriodKind = 'half_year' | 'year' | 'on_demand';

export interface StatementRow {
  id: string; company_key: string; year: number; seq: number; number: string; deposit_id: string; deposit_number: string; customer_id: string;
  store_key: string; language: 'de' | 'en'; currency: string; period_kind: StatementPeriodKind; period_from: string; period_to: string;
  price_set_id: string | null; value_cents: number | null; sha256: string; issued_at: Date;
}

export interface StatementWithPdf extends StatementRow { pdf: Buffer }

const columns = `id, company_key, year, seq, number, deposit_id, deposit_number, customer_id, store_key, language, currency, period_kind,
  period_from::text as period_from, period_to::text as period_to, price_set_id, value_cents::float8 as value_cents, sha256, issued_at`;

export type NewStatement = Omit<StatementRow, 'issued_at'> & { pdf: Uint8Array; issuedAt: Date };

export async function insertStatement(tx: Db, s: NewStatement): Promise<void> {
  await tx.query(
    `insert into depot_statements (id, company_key, year, seq, number, deposit_id, deposit_number, customer_id, store_key, language, currency,
       period_kind, period_from, period_to, price_set_id, value_cents, pdf, sha256, issued_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [s.id, s.company_key, s.year, s.seq, s.number, s.deposit_id, s.deposit_number, s.customer_id, s.store_key, s.language, s.currency,
      s.period_kind, s.period_from, s.period_to, s.price_set_id, s.value_cents, s.pdf, s.sha256, s.issuedAt],
  );
}

/** The depot's statement of a closed period, or null (the job issues each once). */
export async function periodStatement(db: Db, depositId: string, kind: StatementPeriodKind, from: string): Promise<StatementRow | null> {
  const [row] = await db.query<StatementRow>(`select ${columns} from depot_statements where deposit_id = $1 and period_kind = $2 and period_from = $3`, [depositId, kind, from]);
  return row ?? null;
}

/** The customer's statements on the store, newest first (without bytes). */
export async function statementsOfCustomer(db: Db, customerId: string, storeKey: string): Promise<StatementRow[]> {
  return db.query<StatementRow>(
    `select ${columns} from depot_statements where customer_id = $1 and store_key = $2 order by issued_at desc, number desc`, [customerId, storeKey],
  );
}

/** One statement with its stored bytes, or null. */
export async function statementWithPdf(db: Db, id: string): Promise<StatementWithPdf | null> {
  const [row] = await db.query<StatementRow & { pdf: Uint8Array }>(`select ${columns}, pdf from depot_statements where id = $1`, [id]);
  return row ? { ...row, pdf: Buffer.from(row.pdf) } : null;
}

/** Serialises the issue of a depot's statements (the job on two instances, a customer's double click) until the transaction ends. */
export async function lockStatementsOf(tx: Db, depositId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`depot-statement:${depositId}`]);
}

// ---------------------------------------------------------------- what the statements read of the depots' table

/**
 * The store's depots opened before a period's end that lack its statement, in a stable order: the job's work
 * list, so an hourly run after the statements are out reads nothing but this one query per store and period.
 */
export async function depositsLackingStatement(db: Db, storeKey: string, kind: StatementPeriodKind, from: string, end: Date): Promise<DepositRow[]> {
  return db.query<DepositRow>(
    `select d.* from deposits d where d.store_key = $1 and d.opened_at < $4
       and not exists (select 1 from depot_statements s where s.deposit_id = d.id and s.period_kind = $2 and s.period_from = $3)
     order by d.opened_at, d.id`,
    [storeKey, kind, from, end],
  );
}
