// Issue 24: the packing slips of a day's shipments: per order its number, date, ship-to address and lines
// with quantity and fine weight, no prices. Decision: commerce answers the slips as data and the back office
// prints them as an HTML page with print CSS; the stored, numbered PDF delivery note is the documents
// issue's (a document issued once, inside its fact's transaction), which this does not pre-empt.
import type { PackingSlip } from '../../contracts/ops-lists.ts';
import type { CommerceContext } from '../context.ts';
import { toOrder } from '../orders/index.ts';
import { langOf } from '../lib/lang.ts';
import { orderLang } from './mail.ts';
import { orderById } from './model.ts';
import { estimatedFineMg } from './steps.ts';

/** The slips in the order of the ids; an unknown id: 404 order_not_found (a slip set is printed whole or not at all). */
export async function packingSlips(ctx: CommerceContext, orderIds: string[], languageTag?: string): Promise<PackingSlip[]> {
  const rows = [];
  for (const id of orderIds) rows.push(await orderById(ctx.db, id));
  const slips: PackingSlip[] = [];
  for (const row of rows) {
    const lang = langOf(languageTag, orderLang(row));
    const fine = await estimatedFineMg(ctx.db, row);
    const lines = row.data.lines.map((l) => ({ sku: l.sku, name: l.name[lang], quantity: l.quantity, fineWeightMg: fine.get(l.id) ?? 0 }));
    slips.push({
      orderId: row.id, orderNumber: row.order_number, createdAt: row.created_at.toISOString(),
      shippingMethod: row.data.shippingMethod ?? (row.type === 'buy' ? 'shipping' : 'leave-in-store'),
      shipTo: toOrder(row, lang).shippingAddress, lines, fineWeightMg: lines.reduce((s, l) => s + l.fineWeightMg, 0),
    });
  }
  return slips;
}
