// camt.053 bank statements (ISO 20022 BkToCstmrStmt, versions .001.02 to .001.08): the credit lines are
// matched to buy orders by the structured creditor reference (Strd/CdtrRefInf/Ref: the RF or QR reference
// of the order's payment slip) first, else by the order number in the remittance information (unstructured
// Ustrd, or a structured reference that is no reference of ours). Only an exact match of currency and the amount still
// owed on an order awaiting its transfer is applied, as a payment through the same path as a manual one
// (source camt053, actor: the operator who uploaded); everything else is listed and changes nothing (an
// order found gets a payment_flagged audit entry). Each credit line is stored under its key (the bank's
// entry reference, else a hash of the entry) in the same transaction as its payment, so an upload of the
// same statement again, also at the same time on another instance, applies nothing twice.
// Security: a DOCTYPE (and with it any entity declaration, internal or external) is refused before
// parsing; the parser resolves only XML's predefined entities.
import { createHash, randomUUID } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type {
  Actor, BankStatementEntry, BankStatementEntryResult, BankStatementImport, BankStatementResult, OperatorRole,
} from '../../contracts/ops.ts';
import { compactReference, orderNumberOfReference } from '../../contracts/payment-qr.ts';
import { storeKeys } from '../../stores.ts';
import { fail } from '../http/index.ts';
import type { CommerceContext } from '../context.ts';
import { writeAudit } from './audit.ts';
import { move, orderById, possible, requireRole, type LifeRow } from './model.ts';
import {
  importEntriesPage, importJobById, insertImportEntries, insertImportJob, insertStatementEntry, orderIdByNumber, paidCents, reversiblePayment, updateImportJob, type ImportJobRow,
} from './repository.ts';
import { applyPayment, reversePayment, valueDateInRange } from './steps.ts';

export interface CamtEntry {
  key: string;
  entryReference: string;
  credit: boolean;
  amountCents: number;
  currency: string;
  valueDate: string | null;
  remittance: string;
  /** the structured creditor references (Strd/CdtrRefInf/Ref), spaces removed, as the bank delivered them */
  structuredRefs: string[];
  debtorName: string | null;
  /** Sts (Cd, or the bare code of older versions): BOOK, PDNG, INFO; '' when absent */
  status: string;
  /** RvslInd true: the entry reverses an earlier one of the opposite direction */
  reversal: boolean;
  /** the bank transaction code as DOMN/FMLY/SUBF (or the proprietary code as given); null without one */
  bankTxCode: string | null;
  /** which Stmt of the document it stood in */
  stmt: number;
  /** the currency of the shop's account that Stmt is about (set once the account is checked) */
  accountCurrency?: string;
}

/** The account a Stmt is about: IBAN, or another identification (a US account number); its currency. */
export interface CamtAccount { iban: string | null; other: string | null; currency: string | null }

export interface CamtStatement { statementId: string; accountIban: string | null; accounts: CamtAccount[]; entries: CamtEntry[] }

function bad(why: string): never {
  return fail('invalid_bank_statement', { details: { reason: why } });
}

type Node = Record<string, unknown>;
const arrays = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlInf']);
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

/** camt.053 (BkToCstmrStmt) in the versions banks deliver; camt.052 (account report) and camt.054 (notification) are other documents. */
const CAMT053_NS = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.0[2-8]$/;

/**
 * The namespace of the document element, read from the text before any parsing (the parser drops xmlns
 * with the prefixes): the default namespace, or the one its prefix is bound to. null: no Document element.
 */
export function documentNamespace(xml: string): { ns: string; prefix: string } | null {
  const m = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*<(?:([A-Za-z_][\w.-]*):)?Document(\s[^>]*)?\/?>/.exec(xml);
  if (!m) return null;
  const prefix = m[1] ?? '';
  const attrs = m[2] ?? '';
  const decl = [...attrs.matchAll(/\bxmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].find((d) => (d[1] ?? '') === prefix);
  return { ns: decl ? (decl[2] ?? decl[3] ?? '').trim() : '', prefix };
}

const bankTxCodeOf = (n: Node): string | null => {
  const code = obj(n.BkTxCd);
  const domn = obj(code.Domn);
  const fmly = obj(domn.Fmly);
  const parts = [text(domn.Cd), text(fmly.Cd), text(fmly.SubFmlyCd)];
  if (parts.every(Boolean)) return parts.join('/').toUpperCase();
  return text(obj(code.Prtry).Cd)?.trim().toUpperCase() ?? null;
};

/**
 * Decision: a debit undoes a payment when the bank marks it as a reversal (RvslInd) or codes it as a
 * return: ISO family received or issued credit transfer (PMNT/RCDT, PMNT/ICDT) with sub-family RRTN
 * (reversal due to a return) or RPCR (reversal due to a payment cancellation request). A proprietary code
 * counts when written the same way (PMNT/RCDT/RRTN, with / + - or spaces); other proprietary codes are
 * the bank's own and are not guessed at.
 */
export function isReturnCode(code: string | null): boolean {
  return !!code && /^PMNT[/+\- ]?(RCDT|ICDT)[/+\- ]?(RRTN|RPCR)$/.test(code);
}

function toEntry(n: Node, iban: string | null, stmt: number): CamtEntry {
  const amt = obj(n.Amt);
  const cents = toCents(text(n.Amt));
  const currency = String(amt['@Ccy'] ?? '');
  const cdt = text(n.CdtDbtInd);
  if (cents === null || !/^[A-Z]{3}$/.test(currency) || (cdt !== 'CRDT' && cdt !== 'DBIT')) bad('malformed_entry');
  const txs = list(n.NtryDtls).flatMap((d) => list(d.TxDtls));
  const rmt = txs.map((t) => obj(t.RmtInf));
  const ustrd = rmt.flatMap((r) => (Array.isArray(r.Ustrd) ? r.Ustrd : []).map((u) => text(u) ?? ''));
  const strd = rmt.flatMap((r) => list(r.Strd).map((s) => text(obj(s.CdtrRefInf).Ref) ?? ''));
  // a return names why (and often the original order number) in its return information
  const rtr = txs.flatMap((t) => (Array.isArray(obj(t.RtrInf).AddtlInf) ? (obj(t.RtrInf).AddtlInf as unknown[]) : []).map((u) => text(u) ?? ''));
  const addtl = text(n.AddtlNtryInf);
  const remittance = [...ustrd, ...strd, ...rtr, ...(ustrd.length + strd.length + rtr.length === 0 && addtl ? [addtl] : [])].filter(Boolean).join(' ').slice(0, 500);
  const dbtr = txs.map((t) => obj(obj(t.RltdPties).Dbtr)).map((d) => text(d.Nm) ?? text(obj(d.Pty).Nm)).find(Boolean) ?? null;
  const ref = text(n.NtryRef) ?? text(n.AcctSvcrRef) ?? txs.map((t) => text(obj(t.Refs).AcctSvcrRef)).find(Boolean) ?? null;
  const valueDate = isoDay(obj(n.ValDt)) ?? isoDay(obj(n.BookgDt));
  const hash = createHash('sha256').update(JSON.stringify([iban, cents, currency, cdt, valueDate, isoDay(obj(n.BookgDt)), remittance, dbtr])).digest('hex').slice(0, 32);
  // both forms exist: <Sts><Cd>BOOK</Cd></Sts> (from .001.08) and <Sts>BOOK</Sts> (before)
  const status = (text(n.Sts) ?? text(obj(n.Sts).Cd) ?? text(obj(n.Sts).Prtry) ?? '').trim().toUpperCase();
  const rvsl = (text(n.RvslInd) ?? '').trim().toLowerCase();
  return {
    key: ref ? `${iban ?? ''}:ref:${ref}` : `${iban ?? ''}:hash:${hash}`, entryReference: ref ?? `hash:${hash}`, credit: cdt === 'CRDT',
    amountCents: cents, currency, valueDate, remittance, structuredRefs: strd.map(compactReference).filter(Boolean), debtorName: dbtr, status, reversal: rvsl === 'true' || rvsl === '1',
    bankTxCode: bankTxCodeOf(n) ?? txs.map(bankTxCodeOf).find(Boolean) ?? null, stmt,
  };
}

/** Entries parsed per piece: a statement of 14,000 entries is parsed in pieces, the event loop free between them. */
const ENTRIES_PER_PIECE = 25;
const ntryElement = /<(?:[\w.-]+:)?Ntry[\s>][\s\S]*?<\/(?:[\w.-]+:)?Ntry\s*>/g;
const stmtStart = /<(?:[\w.-]+:)?Stmt[\s>]/g;

function validXml(xml: string): void {
  if (XMLValidator.validate(xml) !== true) bad('malformed_xml');
}

function parseXml(xml: string): Node {
  try {
    return parser.parse(xml) as Node;
  } catch {
    return bad('malformed_xml');
  }
}

/**
 * The parse as steps (a generator yields between pieces): the document's type from its namespace and
 * element, the statement without its entries (the skeleton: accounts, ids), then the entries in pieces of
 * ENTRIES_PER_PIECE, each piece checked and parsed on its own, each entry given to the Stmt it stood in.
 */
/** The checks that need no parse (a DOCTYPE, the document's namespace): a job refuses such a document at once. */
export function checkDocumentType(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) bad('doctype_not_allowed');
  const root = documentNamespace(xml);
  if (!root) bad(/^\s*</.test(xml) ? 'not_camt053' : 'malformed_xml');
  if (!CAMT053_NS.test(root.ns)) bad('not_camt053');
}

function* parseSteps(xml: string): Generator<void, CamtStatement> {
  checkDocumentType(xml);
  const spans = [...xml.matchAll(ntryElement)].map((m) => ({ at: m.index, text: m[0] }));
  const stmtStarts = [...xml.matchAll(stmtStart)].map((m) => m.index);
  let skeleton = '';
  let from = 0;
  for (const s of spans) {
    skeleton += xml.slice(from, s.at);
    from = s.at + s.text.length;
  }
  skeleton += xml.slice(from);
  yield;
  validXml(skeleton);
  const doc = parseXml(skeleton);
  const bk = obj(doc.Document).BkToCstmrStmt;
  if (!bk) bad('not_camt053');
  const stmts = list(obj(bk).Stmt);
  if (stmts.length === 0) bad('no_statement');
  if (stmts.some((st) => st.Ntry !== undefined)) bad('malformed_entry');
  const accounts: CamtAccount[] = stmts.map((st) => {
    const acct = obj(st.Acct);
    const id = obj(acct.Id);
    return { iban: text(id.IBAN)?.replace(/\s+/g, '').toUpperCase() ?? null, other: text(obj(id.Othr).Id)?.replace(/\s+/g, '') ?? null, currency: text(acct.Ccy) };
  });
  // which Stmt each entry stood in: the last Stmt opened before it
  const stmtOf = (at: number) => Math.max(0, stmtStarts.filter((s) => s < at).length - 1);
  const entries: CamtEntry[] = [];
  for (let i = 0; i < spans.length; i += ENTRIES_PER_PIECE) {
    yield;
    const piece = spans.slice(i, i + ENTRIES_PER_PIECE);
    const pieceXml = `<Piece>${piece.map((p) => p.text).join('')}</Piece>`;
    validXml(pieceXml);
    yield;
    const parsed = list(obj(parseXml(pieceXml).Piece).Ntry);
    if (parsed.length !== piece.length) bad('malformed_entry');
    parsed.forEach((n, j) => {
      const stmt = stmtOf(piece[j].at);
      entries.push(toEntry(n, accounts[stmt]?.iban ?? null, stmt));
    });
  }
  const statementId = text(stmts[0].Id) ?? createHash('sha256').update(xml).digest('hex').slice(0, 16);
  return { statementId, accountIban: accounts[0]?.iban ?? null, accounts, entries };
}

export function parseCamt053(xml: string): CamtStatement {
  const steps = parseSteps(xml);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A slice of the event loop: after SLICE_MS of work the import lets everything else run (health checks, other requests). */
const SLICE_MS = 10;
export function breather(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

/** parseCamt053 without holding the event loop: the same steps, a breath between them. */
export async function parseCamt053Async(xml: string): Promise<CamtStatement> {
  const breathe = breather();
  const steps = parseSteps(xml);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await breathe();
  }
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

/**
 * The order numbers an entry names. Decision (issue 25): a structured creditor reference (RF creditor
 * reference or QR reference, check digits right, made from an order number: orderReference in
 * contracts/payment-qr.ts) decides before any free text; the payer's bank copied it from the QR code, while
 * the free text is typed (an entry whose reference is order A's and whose text names order B pays A).
 * Without such a reference, the order numbers in the texts as before (a reference that is the bare order
 * number, or fails its check digits, counts as text).
 */
export function entryOrderNumbers(e: Pick<CamtEntry, 'structuredRefs' | 'remittance'>): string[] {
  const byRef = [...new Set(e.structuredRefs.map(orderNumberOfReference).filter((n): n is string => n !== null))];
  return byRef.length > 0 ? byRef : findOrderNumbers(e.remittance);
}

/**
 * The statement's own account must be one of the shop's (the company facts of the five stores: IBAN, or a
 * US account number) and, where the statement names its currency, the shop's account for that currency.
 * Another account's statement books nothing: 400 invalid_bank_statement, reason foreign_account.
 */
async function checkAccounts(ctx: CommerceContext, statement: CamtStatement): Promise<void> {
  const read = await Promise.allSettled(storeKeys.map((k) => ctx.companyFacts.forStore(k)));
  const ours = read.flatMap((r) => (r.status === 'fulfilled' ? r.value.bankAccounts : []));
  const shopAccount = (a: CamtAccount) => ours.find((o) =>
    ((a.iban && o.iban === a.iban) || (!a.iban && a.other && o.accountNumber === a.other)) && (!a.currency || a.currency === o.currency));
  const found = statement.accounts.map(shopAccount);
  const foreign = statement.accounts.filter((_a, i) => !found[i]);
  if (foreign.length === 0) {
    // an entry in another currency than its account's is no money for an order in that currency (currency_mismatch)
    for (const e of statement.entries) e.accountCurrency = found[e.stmt]?.currency;
    return;
  }
  // a store whose facts could not be read may hold the account: that is not the statement's fault
  if (read.some((r) => r.status === 'rejected')) fail('service_unavailable');
  fail('invalid_bank_statement', { details: { reason: 'foreign_account', account: foreign[0].iban ?? foreign[0].other, currency: foreign[0].currency } });
}

/** Reads and checks a statement before anything is recorded: the role, the document, the account. */
export async function prepareImport(ctx: CommerceContext, xml: string, roles: OperatorRole[]): Promise<CamtStatement> {
  // the role again (the HTTP route checked it): statement lines become payments
  requireRole(roles, 'payment');
  const statement = await parseCamt053Async(xml);
  await checkAccounts(ctx, statement);
  return statement;
}

const moneyOf = (e: CamtEntry) => ({ centAmount: e.amountCents, currencyCode: e.currency as 'EUR' });

interface Done { result: BankStatementEntryResult; orderId: string | null; ids: number[] }

/** A credit: matched by its order number and the exact amount still owed, then applied as a payment. */
async function creditEntry(ctx: CommerceContext, statement: CamtStatement, e: CamtEntry, orderNumber: string | null, ambiguous: boolean, actor: Actor): Promise<Done> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const foundId = orderNumber ? await orderIdByNumber(tx, orderNumber) : undefined;
    const row: LifeRow | null = foundId ? await orderById(tx, foundId, { forUpdate: true }) : null;
    let result: BankStatementEntryResult = 'applied';
    if (ambiguous) result = 'ambiguous_reference';
    else if (!row) result = 'no_order';
    else if (!possible(row, 'payment')) result = 'not_awaiting_payment';
    else if (e.currency !== row.currency || (e.accountCurrency && e.currency !== e.accountCurrency)) result = 'currency_mismatch';
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
      await move(tx, row, {}, 'payment_flagged', actor, { amount: moneyOf(e), reason: result, entryReference: e.entryReference, statementId: statement.statementId }, now);
    }
    return { result, orderId: row?.id ?? null, ids: [] };
  });
}

/**
 * A debit taking money back (a returned transfer, a chargeback). Decision: the payment it takes back is
 * found by the order number in the entry's texts (the return carries the original remittance, or names it
 * in its return information) and the exact amount and currency of a payment of that order not yet taken
 * back, the latest first; banks do not carry the original entry's reference in one reliable element. No
 * such payment: reversal_unmatched, flagged on the order (if one was named) for finance.
 */
async function returnEntry(ctx: CommerceContext, statement: CamtStatement, e: CamtEntry, orderNumber: string | null, ambiguous: boolean, actor: Actor): Promise<Done> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const foundId = !ambiguous && orderNumber ? await orderIdByNumber(tx, orderNumber) : undefined;
    const row: LifeRow | null = foundId ? await orderById(tx, foundId, { forUpdate: true }) : null;
    const payment = row && row.currency === e.currency ? await reversiblePayment(tx, row.id, e.amountCents) : undefined;
    const result: BankStatementEntryResult = ambiguous ? 'ambiguous_reference' : !row ? 'no_order' : !payment ? 'reversal_unmatched' : 'payment_reversed';
    const stored = await insertStatementEntry(tx, {
      key: e.key, statementId: statement.statementId, now, amountCents: e.amountCents, currency: e.currency, valueDate: e.valueDate,
      orderId: row?.id ?? null, orderNumber, result, actorId: actor.id,
    });
    if (!stored) return { result: 'duplicate' as const, orderId: row?.id ?? null, ids: [] };
    if (row && payment) {
      const ids = await reversePayment(ctx, tx, row, payment, { entryKey: e.key, entryReference: e.entryReference, statementId: statement.statementId }, actor, now);
      return { result, orderId: row.id, ids };
    }
    if (row) {
      await move(tx, row, {}, 'payment_flagged', actor, { amount: moneyOf(e), reason: result, entryReference: e.entryReference, statementId: statement.statementId }, now);
    }
    return { result, orderId: row?.id ?? null, ids: [] };
  });
}

/** A credit reversing a debit of ours (RvslInd): never a payment; recorded once, for finance. */
async function reversalCredit(ctx: CommerceContext, statement: CamtStatement, e: CamtEntry, orderNumber: string | null, actor: Actor): Promise<Done> {
  const stored = await insertStatementEntry(ctx.db, {
    key: e.key, statementId: statement.statementId, now: ctx.clock(), amountCents: e.amountCents, currency: e.currency, valueDate: e.valueDate,
    orderId: null, orderNumber, result: 'reversal', actorId: actor.id,
  });
  return { result: stored ? 'reversal' : 'duplicate', orderId: null, ids: [] };
}

async function importEntry(ctx: CommerceContext, statement: CamtStatement, e: CamtEntry, actor: Actor): Promise<{ entry: BankStatementEntry; ids: number[] }> {
  const returned = !e.credit && (e.reversal || isReturnCode(e.bankTxCode));
  const numbers = e.credit || returned ? entryOrderNumbers(e) : [];
  // two order numbers in one transfer: never guess which order was paid (flagged, nothing applied)
  const ambiguous = numbers.length > 1;
  const orderNumber = numbers.length === 1 ? numbers[0] : null;
  const base = { entryReference: e.entryReference, amount: moneyOf(e), valueDate: e.valueDate, remittance: e.remittance, debtorName: e.debtorName, orderNumber };
  const listed = (result: BankStatementEntryResult) => ({ entry: { ...base, orderId: null, result }, ids: [] });
  // Only what the bank booked is money. Pending and information entries are listed and not recorded (the
  // bank reports the same entry again once booked, and it must apply then).
  if (e.status === 'PDNG') return listed('pending');
  if (e.status !== 'BOOK') return listed('info');
  // one rule for value dates, typed or from a statement (steps.ts): outside it nothing is recorded
  if (e.valueDate && !valueDateInRange(e.valueDate, ctx.clock())) return listed('value_date_out_of_range');
  let done: Done;
  if (e.credit && e.reversal) done = await reversalCredit(ctx, statement, e, orderNumber, actor);
  else if (e.credit) done = await creditEntry(ctx, statement, e, orderNumber, ambiguous, actor);
  else if (returned) done = await returnEntry(ctx, statement, e, orderNumber, ambiguous, actor);
  else return listed('debit');
  return { entry: { ...base, orderId: done.orderId, result: done.result }, ids: done.ids };
}

const notMoney = new Set<BankStatementEntryResult>(['applied', 'duplicate', 'debit', 'pending', 'info', 'payment_reversed']);

/**
 * The entries of a checked statement, one transaction each (the order row locked), the event loop free
 * between them (breather: a statement of 14,000 entries must not stop the service); onProgress after each.
 */
export async function runImport(
  ctx: CommerceContext, statement: CamtStatement, actor: Actor, onProgress?: (processed: number, entry: BankStatementEntry) => Promise<void>,
): Promise<BankStatementResult> {
  const out: BankStatementEntry[] = [];
  const breathe = breather();
  for (const e of statement.entries) {
    await breathe();
    const { entry, ids } = await importEntry(ctx, statement, e, actor);
    ctx.outbox.deliver(ids);
    out.push(entry);
    if (onProgress) await onProgress(out.length, entry);
  }
  const count = (...r: BankStatementEntryResult[]) => out.filter((x) => r.includes(x.result)).length;
  const applied = count('applied');
  const flagged = out.filter((x) => !notMoney.has(x.result)).length;
  const pending = count('pending', 'info');
  const reversed = count('payment_reversed');
  await writeAudit(ctx.db, {
    orderId: null, orderNumber: null, actor, action: 'statement_uploaded', before: null, after: null,
    details: { statementId: statement.statementId, entries: out.length, applied, flagged, pending, reversed, duplicates: count('duplicate') },
  }, ctx.clock());
  return { statementId: statement.statementId, accountIban: statement.accountIban, entries: out, applied, flagged, pending, reversed };
}

/** The import in one call (POST /ops/bank-statements): checked, then every entry; answers the result. */
export async function importBankStatement(ctx: CommerceContext, xml: string, actor: Actor, roles: OperatorRole[]): Promise<BankStatementResult> {
  const statement = await prepareImport(ctx, xml, roles);
  return runImport(ctx, statement, actor);
}

/** How often a running import writes its progress and its entries so far. */
const PROGRESS_EVERY = 100;
/** The entries a job's answer carries at most (the back office pages through the rest). */
export const IMPORT_PAGE_MAX = 500;

/**
 * The import as a job (POST /ops/bank-statement-imports): checked at once (a bad document answers 400
 * before any job exists), then its entries run in the background while the job's rows tell the progress
 * and keep the entries done, PROGRESS_EVERY at a time (a result of 14,000 entries is never written or
 * read in one piece); the back office shows it a page at a time. Decision: the job lives in the database
 * (any instance answers its progress); an instance that stops mid-import leaves it running (finance sees
 * where it stopped and uploads the statement again: what was applied is a duplicate then).
 */
export async function startImport(ctx: CommerceContext, xml: string, actor: Actor, roles: OperatorRole[]): Promise<BankStatementImport> {
  requireRole(roles, 'payment');
  checkDocumentType(xml);
  const id = randomUUID();
  await insertImportJob(ctx.db, { id, statementId: '', actorId: actor.id, total: 0, now: ctx.clock() });
  let buffer: string[] = [];
  let written = 0;
  const flush = async () => {
    await insertImportEntries(ctx.db, id, written + 1, buffer);
    written += buffer.length;
    buffer = [];
    await updateImportJob(ctx.db, id, { processed: written, now: ctx.clock() });
  };
  const progress = async (_n: number, entry: BankStatementEntry) => {
    buffer.push(JSON.stringify(entry));
    if (buffer.length >= PROGRESS_EVERY) await flush();
  };
  const run = async () => {
    const statement = await prepareImport(ctx, xml, roles);
    await updateImportJob(ctx.db, id, { now: ctx.clock(), statementId: statement.statementId, total: statement.entries.length });
    const result = await runImport(ctx, statement, actor, progress);
    await flush();
    await updateImportJob(ctx.db, id, { now: ctx.clock(), status: 'done', result: { ...result, entries: [] } });
  };
  void run().catch(async (err: unknown) => {
    const e = err as { code?: string; details?: Record<string, unknown> };
    await updateImportJob(ctx.db, id, { now: ctx.clock(), status: 'failed', error: { code: e.code ?? 'internal_error', ...(e.details ? { details: e.details } : {}) } });
  }).catch(() => undefined);
  return importJobView((await importJobById(ctx.db, id))!, []);
}

/** A job as its starter (or an admin) sees it, with a page of its entries once done; another operator's: 404. */
export async function importJob(ctx: CommerceContext, id: string, actor: Actor, roles: OperatorRole[], page: { offset?: number; limit?: number } = {}): Promise<BankStatementImport> {
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await importJobById(ctx.db, id) : undefined;
  if (!row || (row.actor_id !== actor.id && !roles.includes('admin'))) fail('bank_statement_import_not_found');
  const entries = row.status === 'done' ? await importEntriesPage(ctx.db, row.id, page.offset ?? 0, Math.min(page.limit ?? IMPORT_PAGE_MAX, IMPORT_PAGE_MAX)) : [];
  return importJobView(row, entries);
}

function importJobView(r: ImportJobRow, entries: string[]): BankStatementImport {
  const summary = r.result ? JSON.parse(r.result) as BankStatementResult : null;
  return {
    id: r.id, statementId: r.statement_id, status: r.status, total: r.total, processed: r.processed, startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null, error: r.error ? JSON.parse(r.error) as BankStatementImport['error'] : null,
    result: summary ? { ...summary, entries: entries.map((e) => JSON.parse(e) as BankStatementEntry) } : null,
  };
}
