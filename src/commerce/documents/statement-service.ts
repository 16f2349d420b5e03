// Depot statements (issue 25): the customer's depot as of a period's end, issued once, numbered in its own
// gapless sequence per company and year (DA-DE-2026-000001) and stored unchangeable with its SHA-256, like
// the order documents. Three kinds: the half-yearly (1 Jan - 30 Jun, 1 Jul - 31 Dec) and the annual statement
// (1 Jan - 31 Dec, what a customer hands to a tax adviser), which the job issues once per depot when the
// period has closed and announces by mail; and the statement "as of now" a customer asks for on the depot page.
//
// Decision: an on-demand statement is numbered and stored like every other document (a careful dealer numbers
// everything it hands out, and a later download must show what was handed out, not today's prices), so asking
// for one is rate-limited (STATEMENT_RATE).
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StoreCompanyFacts } from '../../contracts/company-facts.ts';
import { pathFor } from '../../screens.ts';
import { dayInStore, storeTimeZones, stores, type StoreKey } from '../../stores.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { fail } from '../http/index.ts';
import { createJob, type Job } from '../lib/jobs.ts';
import { canonicalOrigin } from '../lib/http.ts';
import { langOf, type Lang } from '../lib/lang.ts';
import { hitRate, type RateRule } from '../lib/rate.ts';
import { addressesOf, customerById, type CustomerRow } from '../customers/index.ts';
import { depositOfStore, depotStatementFacts, type DepositRow } from '../deposits/index.ts';
import { renderMail } from '../mail/index.ts';
import { shopName } from '../outbox/index.ts';
import { takeDocumentNumber } from './repository.ts';
import { renderStatementPdf } from './statement.ts';
import {
  depositsLackingStatement, insertStatement, lockStatementsOf, periodStatement, statementsOfCustomer, statementWithPdf, type StatementPeriodKind, type StatementRow, type StatementWithPdf,
} from './statement-repository.ts';

/** Decision: DA (Depotauszug), then company, year of issue and six digits, as the order documents' numbers. */
export const STATEMENT_PREFIX = 'DA';
export const statementNumber = (companyKey: string, year: number, seq: number) => `${STATEMENT_PREFIX}-${companyKey}-${year}-${String(seq).padStart(6, '0')}`;

/** Decision: five statements "as of now" per customer and hour: enough to retry, not enough to flood the sequence. */
export const STATEMENT_RATE: RateRule = { limit: 5, windowS: 3600 };
/** Decision: the job looks hourly for a closed period (a statement is out within an hour of midnight). */
export const STATEMENT_JOB_INTERVAL_S = 3600;

/** A statement's period: days in the store's time zone (both included) and the moments [start, end) they span. */
export interface StatementPeriod { kind: StatementPeriodKind; from: string; to: string; start: Date; end: Date }

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The moment a day (YYYY-MM-DD) begins in a time zone. */
export function zonedMidnight(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const offset = (at: number) => {
    const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(at).map((x) => [x.type, x.value]));
    return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - at;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function period(kind: StatementPeriodKind, from: string, to: string, storeKey: StoreKey): StatementPeriod {
  const tz = storeTimeZones[storeKey];
  return { kind, from, to, start: zonedMidnight(from, tz), end: zonedMidnight(nextDay(to), tz) };
}

/**
 * The periods closed most recently at `now` on the store: from July the first half year; from January the
 * second half year and the whole year before. Decision: only the most recent ones: a period the job missed
 * entirely (the service down for half a year) is not issued later; the customer can ask for one as of now.
 */
export function closedPeriods(now: Date, storeKey: StoreKey): StatementPeriod[] {
  const today = dayInStore(storeKey, now);
  const year = Number(today.slice(0, 4));
  if (Number(today.slice(5, 7)) >= 7) return [period('half_year', `${year}-01-01`, `${year}-06-30`, storeKey)];
  const last = year - 1;
  return [period('half_year', `${last}-07-01`, `${last}-12-31`, storeKey), period('year', `${last}-01-01`, `${last}-12-31`, storeKey)];
}

/** The statement as of `now`: from 1 January of the current year (store's time zone) until now. */
export function currentPeriod(now: Date, storeKey: StoreKey): StatementPeriod {
  const today = dayInStore(storeKey, now);
  const p = period('on_demand', `${today.slice(0, 4)}-01-01`, today, storeKey);
  // the moment of issue included: a purchase paid in this very moment is in the depot
  return { ...p, end: new Date(now.getTime() + 1) };
}

async function sellerFacts(ctx: CommerceContext, storeKey: StoreKey): Promise<StoreCompanyFacts> {
  try {
    return await ctx.companyFacts.forStore(storeKey);
  } catch {
    return fail('service_unavailable', { message: 'The company facts cannot be read just now: the statement cannot be issued. Please try again in a moment.' });
  }
}

/** The depot holder as the statement names them: company or name, and the default billing address. */
async function holder(db: Db, customer: CustomerRow | null): Promise<{ name: string; address: string[] }> {
  if (!customer) return { name: '', address: [] };
  const name = customer.company_name || [customer.first_name, customer.last_name].filter(Boolean).join(' ') || (customer.email ?? '');
  const billing = (await addressesOf(db, customer.id)).find((a) => a.default_billing);
  const address = billing ? [[billing.street_name, billing.street_number].filter(Boolean).join(' '), `${billing.zip_code} ${billing.city}`, billing.country] : [];
  return { name, address };
}

/** The customer's language for what the job sends (their account's, else the store's default). */
const customerLang = (c: CustomerRow | null, storeKey: StoreKey): Lang => langOf(c?.language, storeKey === 'us' ? 'en' : 'de');

/** Issues one statement of the depot in the caller's transaction: number, facts, PDF, stored bytes and hash. */
async function issueStatement(ctx: CommerceContext, tx: Db, deposit: DepositRow, p: StatementPeriod, lang: Lang, now: Date): Promise<StatementRow> {
  const seller = await sellerFacts(ctx, deposit.store_key);
  const customer = await customerById(tx, deposit.customer_id);
  const facts = await depotStatementFacts(tx, deposit, p.start, p.end, lang);
  const year = Number(dayInStore(deposit.store_key, now).slice(0, 4));
  const seq = await takeDocumentNumber(tx, seller.country, 'depot_statement', year);
  const number = statementNumber(seller.country, year, seq);
  const pdf = await renderStatementPdf({
    number, lang, storeKey: deposit.store_key, seller, customer: await holder(tx, customer), periodKind: p.kind, periodFrom: p.from, periodTo: p.to, issuedAt: now, facts,
  });
  const row = {
    id: randomUUID(), company_key: seller.country, year, seq, number, deposit_id: deposit.id, deposit_number: deposit.number, customer_id: deposit.customer_id,
    store_key: deposit.store_key, language: lang, currency: deposit.currency, period_kind: p.kind, period_from: p.from, period_to: p.to,
    price_set_id: facts.priceSet?.id ?? null, value_cents: facts.totals.valueCents, sha256: sha256(pdf),
  };
  await insertStatement(tx, { ...row, pdf, issuedAt: now });
  return { ...row, issued_at: now };
}

export interface StatementCall { customerId: string; storeKey: StoreKey; lang: Lang; now: Date }

/** A statement "as of now" the customer asks for on the depot page (rate-limited); no depot on the store: 404. */
export async function requestStatement(ctx: CommerceContext, call: StatementCall): Promise<StatementRow> {
  const deposit = await depositOfStore(ctx.db, call.customerId, call.storeKey);
  if (!deposit) fail('deposit_not_found');
  const rate = await hitRate(ctx.db, 'depot-statement', call.customerId, call.now, STATEMENT_RATE);
  if (!rate.allowed) fail('too_many_requests', { details: { retryAfter: rate.retryAfter } });
  return ctx.db.transaction(async (tx) => {
    await lockStatementsOf(tx, deposit.id);
    return issueStatement(ctx, tx, deposit, currentPeriod(call.now, deposit.store_key), call.lang, call.now);
  });
}

/** The customer's statements on the store, newest first. */
export const customerStatements = (db: Db, customerId: string, storeKey: StoreKey) => statementsOfCustomer(db, customerId, storeKey);

/** One statement's stored bytes for its owner on the store; anything else (another's, unknown): 404 document_not_found. */
export async function customerStatement(db: Db, call: { id: string; customerId: string; storeKey: StoreKey }): Promise<StatementWithPdf> {
  const s = await statementWithPdf(db, call.id);
  if (!s || s.customer_id !== call.customerId || s.store_key !== call.storeKey) fail('document_not_found');
  return s;
}

/** The commerce path of a statement's PDF. */
export const statementPath = (id: string) => `/deposits/statements/${id}`;

export interface StatementRunReport { issued: string[]; failed: number }

/**
 * One run of the half-yearly job: every depot opened before a closed period's end gets that period's
 * statement once, with a mail saying it is ready (a link to the depot page). Each depot and period is one
 * transaction that first takes the depot's statement lock and then looks whether the statement exists: two
 * instances running at once queue on the lock and the second finds it issued (the unique index
 * depot_statements_once is the last word). A depot whose statement fails (company facts unreadable) is
 * left for the next run; the others go on.
 */
export async function issueDueStatements(ctx: CommerceContext, log: FastifyBaseLogger): Promise<StatementRunReport> {
  const now = ctx.clock();
  const report: StatementRunReport = { issued: [], failed: 0 };
  for (const storeKey of Object.keys(stores) as StoreKey[]) {
    for (const p of closedPeriods(now, storeKey)) {
      for (const deposit of await depositsLackingStatement(ctx.db, storeKey, p.kind, p.from, p.end)) {
        try {
          const issued = await issueForPeriod(ctx, deposit, p, now);
          if (issued) report.issued.push(issued);
        } catch (err) {
          report.failed += 1;
          // no personal data: the depot's id and the period only
          log.error({ err, depositId: deposit.id, period: p.from, kind: p.kind }, 'depot statement failed');
        }
      }
    }
  }
  if (report.issued.length > 0 || report.failed > 0) log.info({ issued: report.issued.length, failed: report.failed }, 'depot statements');
  return report;
}

async function issueForPeriod(ctx: CommerceContext, deposit: DepositRow, p: StatementPeriod, now: Date): Promise<string | null> {
  const result = await ctx.db.transaction(async (tx) => {
    await lockStatementsOf(tx, deposit.id);
    if (await periodStatement(tx, deposit.id, p.kind, p.from)) return null;
    const customer = await customerById(tx, deposit.customer_id);
    const lang = customerLang(customer, deposit.store_key);
    const s = await issueStatement(ctx, tx, deposit, p, lang, now);
    const mailId = customer?.email ? await ctx.outbox.add(tx, {
      channel: 'mail', customerId: customer.id, storeKey: deposit.store_key, to: customer.email,
      ...renderMail('depot.statement', lang, {
        store: deposit.store_key, shop: shopName(ctx.config.MAIL_FROM), name: [customer.first_name, customer.last_name].filter(Boolean).join(' ') || null,
        number: s.number, from: p.from, to: p.to, link: `${canonicalOrigin(deposit.store_key, ctx.config)}${pathFor('accountDeposit', lang)}`,
      }),
    }, now) : null;
    return { number: s.number, mailId };
  });
  if (!result) return null;
  if (result.mailId !== null) ctx.outbox.deliver([result.mailId]);
  return result.number;
}

export function createStatementJob(ctx: CommerceContext, log: FastifyBaseLogger): Job {
  return createJob({ name: 'depot-statements', log, intervalMs: STATEMENT_JOB_INTERVAL_S * 1000, work: () => issueDueStatements(ctx, log) });
}
