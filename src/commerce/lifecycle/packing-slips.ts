// Issue 24: the packing slips of a day's shipments: per order its number, date, ship-to address and lines
// with quantity and fine weight, no prices. Decision: commerce answers the slips as data and the back office
// prints them as an HTML page with print CSS; the stored, numbered PDF delivery note is the documents
// issue's (a document issued once, inside its fact's transaction), which this does not pre-empt.
// Issue 25: the same slips as one PDF, one slip per page, each in its order's language (packingSlipsPdf); why it is
// rendered on demand and not a stored numbered document: documents/packing-slip.ts.
import type { PackingSlip } from '../../contracts/ops-lists.ts';
import type { CommerceContext } from '../context.ts';
import { renderPackingSlipsPdf, type SlipToPrint } from '../documents/index.ts';
import { fail } from '../http/index.ts';
import { toOrder } from '../orders/index.ts';
import { langOf } from '../lib/lang.ts';
import { orderLang } from './mail.ts';
import { orderById, type LifeRow } from './model.ts';
import { estimatedFineMg } from './steps.ts';

/** The slips in the order of the ids; an unknown id: 404 order_not_found (a slip set is printed whole or not at all). */
export async function packingSlips(ctx: CommerceContext, orderIds: string[], languageTag?: string): Promise<PackingSlip[]> {
  const rows = [];
  for (const id of orderIds) rows.push(await orderById(ctx.db, id));
  const slips: PackingSlip[] = [];
  for (const row of rows) slips.push(await slipOf(ctx, row, langOf(languageTag, orderLang(row))));
  return slips;
}

async function slipOf(ctx: CommerceContext, row: LifeRow, lang: 'de' | 'en'): Promise<PackingSlip> {
  const fine = await estimatedFineMg(ctx.db, row);
  const lines = row.data.lines.map((l) => ({ sku: l.sku, name: l.name[lang], quantity: l.quantity, fineWeightMg: fine.get(l.id) ?? 0 }));
  return {
    orderId: row.id, orderNumber: row.order_number, createdAt: row.created_at.toISOString(),
    shippingMethod: row.data.shippingMethod ?? (row.type === 'buy' ? 'shipping' : 'leave-in-store'),
    shipTo: toOrder(row, lang).shippingAddress, lines, fineWeightMg: lines.reduce((s, l) => s + l.fineWeightMg, 0),
  };
}

/**
 * Issue 25: the slips of these orders as one PDF (one page each, in the order given), each in its order's
 * language unless languageTag names one; the sender is the store's company. An unknown id: 404 order_not_found;
 * the company facts unreadable: 503 service_unavailable (nothing is printed half).
 */
export async function packingSlipsPdf(ctx: CommerceContext, orderIds: string[], languageTag?: string): Promise<Buffer> {
  const rows = [];
  for (const id of orderIds) rows.push(await orderById(ctx.db, id));
  const prints: SlipToPrint[] = [];
  for (const row of rows) {
    const lang = langOf(languageTag, orderLang(row));
    const order = toOrder(row, lang);
    prints.push({ slip: await slipOf(ctx, row, lang), lang, storeKey: row.store_key, pickupStore: order.pickupStore, sender: await senderOf(ctx, row) });
  }
  return renderPackingSlipsPdf(prints, ctx.clock());
}

async function senderOf(ctx: CommerceContext, row: LifeRow): Promise<string[]> {
  try {
    const s = await ctx.companyFacts.forStore(row.store_key);
    return [s.legalName, s.streetAddress, s.country === 'US' ? `${s.city}, ${s.region} ${s.postalCode}` : `${s.postalCode} ${s.city}`];
  } catch {
    return fail('service_unavailable', { message: 'The company facts cannot be read just now: the packing slips cannot be printed. Please try again in a moment.' });
  }
}
