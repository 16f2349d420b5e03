// Issue 24: the order list's date range, pickup store and sort, as SQL for the queue's query (queue.ts). The
// list's parameters are checked here (schema first, then the rules a schema cannot say), so a bad range is
// a 400 with a stable code and never reaches the database.
import type { OpsOrderSort, OpsOrdersQuery } from '../../contracts/ops.ts';
import { fieldError } from '../../lib/errors.ts';
import { fail } from '../http/index.ts';
import { storeTimeZones } from '../../stores.ts';

/** The order's day in its store's time zone (constants of ours, no input: safe to spell into SQL). */
const zone = `case o.store_key ${Object.entries(storeTimeZones).map(([k, z]) => `when '${k}' then '${z}'`).join(' ')} end`;
const orderDay = `(o.created_at at time zone (${zone}))::date`;

const customerName = `lower(coalesce(nullif(concat_ws(' ', o.data->'billingAddress'->>'firstName', o.data->'billingAddress'->>'lastName'), ''), o.data->'billingAddress'->>'company', ''))`;

/**
 * The column of each sort. Decision: total sorts by the amount in cents whatever the currency (the five stores
 * sell in EUR, CHF and USD, near enough in value that the largest orders still come first); ties and equal
 * values fall back to the order number, so paging never repeats or skips a row.
 */
const sortSql: Record<OpsOrderSort, string> = {
  createdAt: 'o.created_at',
  orderNumber: 'o.order_number',
  customer: customerName,
  total: 'o.total_gross_cents',
  orderState: 'o.order_state',
  paymentDueBy: 'o.payment_due_by',
};

export function orderBySql(q: Pick<OpsOrdersQuery, 'sort' | 'dir'>): string {
  const dir = q.dir ?? (q.sort && q.sort !== 'createdAt' ? 'asc' : 'desc');
  const col = sortSql[q.sort ?? 'createdAt'];
  return `${col} ${dir} nulls last, o.order_number ${dir}`;
}

const RELATIVE = /^today(?:-(\d{1,4}))?$/;

/** A day of the range as SQL: a date (checked to exist) or so many days before the order's store's today ($1). */
function daySql(field: 'from' | 'to', v: string, param: (value: unknown) => string): string {
  const rel = RELATIVE.exec(v);
  if (rel) return `(($1::jsonb->>o.store_key)::date - ${Number(rel[1] ?? 0)})`;
  if (!realDate(v)) fail('validation_failed', { details: { fields: [fieldError(field, 'invalid_value')] } });
  return `${param(v)}::date`;
}

const realDate = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
};

/** The day as a number to compare from with to (relative days against `today`, the shop's UTC day). */
function dayNumber(v: string, today: string): number {
  const rel = RELATIVE.exec(v);
  const base = Date.parse(`${rel ? today : v}T00:00:00Z`) / 86_400_000;
  return base - Number(rel?.[1] ?? 0);
}

/**
 * The conditions of range and pickup store. `param` adds a value to the query's parameters and answers its
 * placeholder. From after to: 400 invalid_date_range (nothing is listed).
 */
export function rangeConds(q: OpsOrdersQuery, today: string, param: (value: unknown) => string): string[] {
  const conds: string[] = [];
  if (q.from && q.to && dayNumber(q.from, today) > dayNumber(q.to, today)) {
    fail('invalid_date_range', { details: { from: q.from, to: q.to } });
  }
  if (q.from) conds.push(`${orderDay} >= ${daySql('from', q.from, param)}`);
  if (q.to) conds.push(`${orderDay} <= ${daySql('to', q.to, param)}`);
  if (q.pickupStore) conds.push(`o.data->>'pickupStore' = ${param(q.pickupStore)}`);
  return conds;
}
