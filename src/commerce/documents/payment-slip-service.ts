// The payment slip of one of the customer's orders (issue 25), for the confirmation page, the order page and
// the confirmation mail: the Swiss QR-bill (CH, LI) or the EPC QR code (AT, DE) while the order is unpaid.
// Decision: a slip is no document of record (no number, it books nothing; the invoice is the document), so
// it is drawn on request from the order's payment instructions (kept with the order) and the company facts,
// not issued and stored; once the order is paid or cancelled there is none (404 payment_slip_not_found).
import type { Order } from '../../contracts/order.ts';
import { paymentSlipFor, slipOrderOf, type PaymentSlip, type StructuredReference } from '../../contracts/payment-qr.ts';
import type { StoreKey } from '../../stores.ts';
import type { CommerceContext } from '../context.ts';
import { fail } from '../http/errors.ts';
import { langOf } from '../lib/lang.ts';
import { customerOrder, toOrder } from '../orders/index.ts';
import { epcQrSvg, qrBillPdf, qrBillSvg, type SlipLanguage } from './payment-slip.ts';

export interface SlipOwner { customerId: string; storeKey: StoreKey }

/** What a page shows: the kind, the reference to type by hand, the code's payload and the slip as SVG. */
export interface PaymentSlipView {
  kind: PaymentSlip['kind'];
  orderNumber: string;
  reference: StructuredReference | null;
  payload: string;
  /** the QR-bill's payment part (210 x 105 mm), or the EPC QR code alone */
  svg: string;
}

/** The caller's order and its slip; another customer's order, or another store's: 404 order_not_found. */
async function ownSlip(ctx: CommerceContext, owner: SlipOwner, orderId: string, languageTag?: string): Promise<{ order: Order; slip: PaymentSlip; lang: SlipLanguage }> {
  const row = /^[0-9a-f-]{36}$/i.test(orderId) ? await customerOrder(ctx.db, owner, orderId) : undefined;
  if (!row) fail('order_not_found');
  // the order's language, unless the page asks for another
  const lang = langOf(languageTag, langOf(row.data.locale, 'de'));
  const order = toOrder(row, lang);
  const slipOrder = slipOrderOf(order);
  const slip = slipOrder ? paymentSlipFor(await ctx.companyFacts.forStore(owner.storeKey), slipOrder) : null;
  if (!slip) fail('payment_slip_not_found');
  return { order, slip, lang };
}

/** GET /orders/{id}/payment-slip: the slip for a page, in the order's language (or languageTag's). */
export async function paymentSlipView(ctx: CommerceContext, owner: SlipOwner, orderId: string, languageTag?: string): Promise<PaymentSlipView> {
  const { order, slip, lang } = await ownSlip(ctx, owner, orderId, languageTag);
  return {
    kind: slip.kind,
    orderNumber: order.orderNumber,
    reference: slip.kind === 'qr-bill' ? slip.input.reference : null,
    payload: slip.payload,
    svg: slip.kind === 'qr-bill' ? await qrBillSvg(slip.input, lang) : await epcQrSvg(slip.payload),
  };
}

/** GET /orders/{id}/payment-slip.pdf: the QR-bill to print (and the confirmation mail's attachment); an EPC code has no paper form (404). */
export async function paymentSlipPdf(ctx: CommerceContext, owner: SlipOwner, orderId: string, languageTag?: string): Promise<{ fileName: string; pdf: Buffer }> {
  const { order, slip, lang } = await ownSlip(ctx, owner, orderId, languageTag);
  if (slip.kind !== 'qr-bill') fail('payment_slip_not_found');
  const title = `${lang === 'de' ? 'Zahlteil' : 'Payment part'} ${order.orderNumber}`;
  return { fileName: `${order.orderNumber}-qr-bill.pdf`, pdf: await qrBillPdf(slip.input, lang, { title, creationDate: ctx.clock() }) };
}
