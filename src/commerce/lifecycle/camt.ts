// camt.053 bank statements (ISO 20022 BkToCstmrStmt, versions .001.02 to .001.08): the credit lines are
// matched to buy orders by the order number in the remittance information (unstructured Ustrd or the
// structured creditor reference Strd/CdtrRefInf/Ref). Only an exact match of currency and the amount still
// owed on an order awaiting its transfer is applied, as a payment through the same path as a manual one
// (source camt053, actor: the operator who uploaded); everything else is listed and changes nothing (an
// order found gets a payment_flagged audit entry). Each credit line is stored under its key (the bank's
// entry reference, else a hash of the entry) in the same transaction as its payment, so an upload of the
// same statement again, also at the same time on another instance, applies nothing twice.
// Security: a DOCTYPE (and with it any entity declaration, internal or external) is refused before
// parsing; the parser resolves only XML's predefined entities.
import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Actor, BankStatementEntry, BankStatementEntryResult, BankStatementResult, OperatorRole } from '../../contracts/ops.ts';
import { fail } from '../http/index.ts';
import type { CommerceContext } from '../context.ts';
import { writeAudit } from './audit.ts';
import { move, orderById, possible, requireRole, type LifeRow } from './model.ts';
import { orderIdByNumber, insertStatementEntry, paidCents } from './repository.ts';
import { applyPayment } from './steps.ts';

export interface CamtEntry {
  key: string;
  entryReference: string;
  credit: boolean;
  amountCents: number;
  currency: string;
  valueDate: string | null;
  remittance: string;
  debtorName: string | null;
}

export interface CamtStatement { statementId: string; accountIban: string | null; entries: CamtEntry[] }

function bad(why: string): never {
  return fail('invalid_bank_statement', { details: { reason: why } });
}

type Node = Record<string, unknown>;
const arrays = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);
const parser = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, trimValues: true,
  processEntities: true, htmlEntities: false, isArray: (name) => arrays.has(name),
});

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && '#text' in (v as Node)) return String((v as Node)['#text']);
  return null;
};
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v ? [obj(v)] : []);

/** "1234.5" -> 123450; anything else (negative, more than 2 decimals, not a number): null. */
export function toCents(s: string | null): number | null {
  const m = s ? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(s.trim()) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** The day of a Dt/DtTm element, null without one; a day that does not exist (2026-02-31, year 0): the whole statement is refused (never a database error halfway through an import). */
const isoDay = (d: Node) => {
  const v = text(d.Dt) ?? text(d.DtTm);
  if (v === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const day = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !day || Number(m[1]) < 1900 || day.toISOString().slice(0, 10) !== m[0]) bad('malformed_entry');
  return m[0];
};

export function parseCamt053(xml: string): CamtStatement {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) bad('doctype_not_allowed');
  if (XMLValidator.validate(xml) !== true) bad('malformed_xml');
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    bad('malformed_xml');
  }
  const root = obj(doc.Document);
  const ns = String(root['@xmlns'] ?? '');
  const bk = root.BkToCstmrStmt;
  if (!bk || (ns && !/camt\.053\.001\.0[2-8]$/.test(ns))) bad('not_camt053');
  const stmts = list(obj(bk).Stmt);
  if (stmts.length === 0) bad('no_statement');
  let accountIban: string | null = null;
  const entries: CamtEntry[] = [];
  for (const st of stmts) {
    const iban = text(obj(obj(st.Acct).Id).IBAN);
    accountIban ??= iban;
    for (const n of list(st.Ntry)) {
      const amt = obj(n.Amt);
      const cents = toCents(text(n.Amt));
      const currency = String(amt['@Ccy'] ?? '');
      const cdt = text(n.CdtDbtInd);
      if (cents === null || !/^[A-Z]{3}$/.test(currency) || (cdt !== 'CRDT' && cdt !== 'DBIT')) bad('malformed_entry');
      const txs = list(n.NtryDtls).flatMap((d) => list(d.TxDtls));
      const rmt = txs.map((t) => obj(t.RmtInf));
      const ustrd = rmt.flatMap((r) => (Array.isArray(r.Ustrd) ? r.Ustrd : []).map((u) => text(u) ?? ''));
      const strd = rmt.flatMap((r) => list(r.Strd).map((s) => text(obj(s.CdtrRefInf).Ref) ?? ''));
      const addtl = text(n.AddtlNtryInf);
      const remittance = [...ustrd, ...strd, ...(ustrd.length + strd.length === 0 && addtl ? [addtl] : [])].filter(Boolean).join(' ').slice(0, 500);
      const dbtr = txs.map((t) => obj(obj(t.RltdPties).Dbtr)).map((d) => text(d.Nm) ?? text(obj(d.Pty).Nm)).find(Boolean) ?? null;
      const ref = text(n.NtryRef) ?? text(n.AcctSvcrRef) ?? txs.map((t) => text(obj(t.Refs).AcctSvcrRef)).find(Boolean) ?? null;
      const valueDate = isoDay(obj(n.ValDt)) ?? isoDay(obj(n.BookgDt));
      const hash = createHash('sha256').update(JSON.stringify([iban, cents, currency, cdt, valueDate, isoDay(obj(n.BookgDt)), remittance, dbtr])).digest('hex').slice(0, 32);
      entries.push({
        key: ref ? `${iban ?? ''}:ref:${ref}` : `${iban ?? ''}:hash:${hash}`, entryReference: ref ?? `hash:${hash}`, credit: cdt === 'CRDT',
        amountCents: cents, currency, valueDate, remittance, debtorName: dbtr,
      });
    }
  }
  const statementId = text(stmts[0].Id) ?? createHash('sha256').update(xml).digest('hex').slice(0, 16);
  return { statementId, accountIban, entries };
}

/** The order numbers in a remittance text, written as we print them (CH-B-2026-000042) or with spaces or without dashes; distinct, in order. */
export function findOrderNumbers(remittance: string): string[] {
  const found = [...remittance.matchAll(/(?<![A-Z0-9])(AT|CH|DE|LI|US)[\s-]?([BS])[\s-]?(20\d{2})[\s-]?(\d{6})(?!\d)/gi)]
    .map((m) => `${m[1].toUpperCase()}-${m[2].toUpperCase()}-${m[3]}-${m[4]}`);
  return [...new Set(found)];
}

/** The one order number of a remittance text; null when it names none or several (which one was paid is for finance to decide). */
export function findOrderNumber(remittance: string): string | null {
  const found = findOrderNumbers(remittance);
  return found.length === 1 ? found[0] : null;
}

export async function importBankStatement(ctx: CommerceContext, xml: string, actor: Actor, roles: OperatorRole[]): Promise<BankStatementResult> {
  // the role again (the HTTP route checked it): statement lines become payments
  requireRole(roles, 'payment');
  const statement = parseCamt053(xml);
  const out: BankStatementEntry[] = [];
  const deliver: number[] = [];
  for (const e of statement.entries) {
    const numbers = e.credit ? findOrderNumbers(e.remittance) : [];
    // two order numbers in one transfer: never guess which order was paid (flagged, nothing applied)
    const ambiguous = numbers.length > 1;
    const orderNumber = numbers.length === 1 ? numbers[0] : null;
    const base = {
      entryReference: e.entryReference, amount: { centAmount: e.amountCents, currencyCode: e.currency as 'EUR' }, valueDate: e.valueDate,
      remittance: e.remittance, debtorName: e.debtorName, orderNumber,
    };
    if (!e.credit) {
      out.push({ ...base, orderId: null, result: 'debit' });
      continue;
    }
    const done = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const foundId = orderNumber ? await orderIdByNumber(tx, orderNumber) : undefined;
      const row: LifeRow | null = foundId ? await orderById(tx, foundId, { forUpdate: true }) : null;
      let result: BankStatementEntryResult = 'applied';
      if (ambiguous) result = 'ambiguous_reference';
      else if (!row) result = 'no_order';
      else if (!possible(row, 'payment')) result = 'not_awaiting_payment';
      else if (e.currency !== row.currency) result = 'currency_mismatch';
      else if (e.amountCents !== Number(row.total_gross_cents) - await paidCents(tx, row.id)) result = 'amount_mismatch';
      const stored = await insertStatementEntry(tx, {
        key: e.key, statementId: statement.statementId, now, amountCents: e.amountCents, currency: e.currency, valueDate: e.valueDate,
        orderId: row?.id ?? null, orderNumber, result, actorId: actor.id,
      });
      if (!stored) return { result: 'duplicate' as const, orderId: row?.id ?? null, ids: [] };
      if (row && result === 'applied') {
        const ids = await applyPayment(ctx, tx, row, {
          centAmount: e.amountCents, currency: row.currency, reference: e.remittance.slice(0, 140) || e.entryReference,
          valueDate: e.valueDate ?? now.toISOString().slice(0, 10), source: 'camt053', entryRef: e.key,
        }, actor, now);
        return { result, orderId: row.id, ids };
      }
      if (row) {
        await move(tx, row, {}, 'payment_flagged', actor, {
          amount: base.amount, reason: result, entryReference: e.entryReference, statementId: statement.statementId,
        }, now);
      }
      return { result, orderId: row?.id ?? null, ids: [] };
    });
    deliver.push(...done.ids);
    out.push({ ...base, orderId: done.orderId, result: done.result });
  }
  ctx.outbox.deliver(deliver);
  const applied = out.filter((x) => x.result === 'applied').length;
  const flagged = out.filter((x) => x.result !== 'applied' && x.result !== 'duplicate' && x.result !== 'debit').length;
  await writeAudit(ctx.db, {
    orderId: null, orderNumber: null, actor, action: 'statement_uploaded', before: null, after: null,
    details: { statementId: statement.statementId, entries: out.length, applied, flagged, duplicates: out.filter((x) => x.result === 'duplicate').length },
  }, ctx.clock());
  return { statementId: statement.statementId, accountIban: statement.accountIban, entries: out, applied, flagged };
}
