// Issue 24: the order list as CSV, exactly what the list shows: every page of the same /ops call with the
// same filters, sort and range. RFC 4180 (comma, CRLF, a field with a comma, quote or line break quoted and
// its quotes doubled), UTF-8 with a byte-order mark so that Excel reads umlauts. Amounts as decimals with a
// point and the currency in a column of its own, so that a spreadsheet sums them.
// Decisions: the separator is the comma whatever the operator's language (RFC 4180; a German Excel opens
// it through Data > From Text, which then reads the BOM; "sep=;" would make Excel ignore the BOM). A text
// field starting with = + - @ (or a tab or carriage return) gets a leading apostrophe, so that a customer
// named "=HYPERLINK(...)" cannot put a formula into finance's spreadsheet (OWASP, CSV injection). At most
// 10,000 orders per file (100 calls of 100): a larger list is refused with a message to narrow it.
import type { OpsOrderSummary, OpsOrdersResponse } from '../../../contracts/ops.ts';
import type { Fmt } from '../../format.ts';
import type { OpsClient, OpsError } from '../../ops-client.ts';
import type { ListQuery } from './list-query.ts';

export const CSV_MAX_ROWS = 10_000;
const PAGE = 100;
const BOM = '\uFEFF';

/** One field as RFC 4180 writes it; text fields are defused against spreadsheet formulas. */
export function csvField(value: string, text = true): string {
  const v = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Cents as a decimal with a point and two digits ("1297.08", "-0.05"): every currency of the shop has two. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

const columns = ['orderNumber', 'createdAt', 'store', 'type', 'customer', 'email', 'orderState', 'paymentState', 'paymentMethod', 'shippingMethod', 'amount', 'currency', 'paymentDueBy'] as const;

function row(f: Fmt, o: OpsOrderSummary): string[] {
  const { t } = f;
  // the amount the list shows: what is paid or paid out (a sale after its assay: the accepted amount)
  return [
    csvField(o.orderNumber), csvField(o.createdAt), csvField(o.store.toUpperCase()), csvField(t(`type.${o.transactionType}`)),
    csvField(o.customerName), csvField(o.customerEmail), csvField(t(`orderState.${o.orderState}`)), csvField(t(`paymentState.${o.paymentState}`)),
    csvField(t(`payment.${o.paymentMethod}`)), csvField(o.shippingMethod), csvField(centsAsDecimal(o.amount.centAmount), false),
    csvField(o.amount.currencyCode), csvField(o.paymentDueBy ?? ''),
  ];
}

/** The CSV text (BOM, header in the operator's language, one line per order, CRLF). */
export function ordersCsv(f: Fmt, orders: OpsOrderSummary[]): string {
  const lines = [columns.map((c) => csvField(f.t(`queue.csvCol.${c}`))), ...orders.map((o) => row(f, o))];
  return `${BOM}${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

export type AllOrders = { orders: OpsOrderSummary[]; error: null; tooMany: null } | { orders: null; error: OpsError; tooMany: null } | { orders: null; error: null; tooMany: number };

/** Every order of the list's query, page by page (the list's own call); more than CSV_MAX_ROWS: tooMany. */
export async function allOrders(ops: OpsClient, token: string | null, query: ListQuery): Promise<AllOrders> {
  const orders: OpsOrderSummary[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const res = await ops.orders(token, { ...query, limit: PAGE, offset });
    if (res.error) return { orders: null, error: res.error, tooMany: null };
    if (res.data.total > CSV_MAX_ROWS) return { orders: null, error: null, tooMany: res.data.total };
    orders.push(...res.data.results);
    if (res.data.results.length < PAGE || orders.length >= res.data.total) return { orders, error: null, tooMany: null };
  }
}

/** The file's name: the list's queue (or "orders") and the day, e.g. orders-to_ship-2026-11-22.csv. */
export function csvFileName(query: ListQuery, today: string): string {
  return `orders${query.queue ? `-${query.queue}` : ''}-${today}.csv`;
}
