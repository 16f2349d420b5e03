// Issue 25: mails carry their documents. The mail row keeps references (a stored document by id; the payment
// slip by the data it was drawn from) and the outbox attaches the files when it sends: the payment confirmation
// the invoice, the payout mail the credit note, a bank-transfer purchase's order confirmation its payment slip
// (QR-bill on CH, GiroCode on the EUR stores), each PDF byte for byte the stored document (SHA-256). Sent over
// SMTP, the attachment arrives with the document's number as its name; a resend from the back office carries
// the same files. (The cancellation invoice with the cancellation mail: cancellation.test.ts.)
import t from 'tap';
import { smtpServer } from '../commerce/smtp-sink.ts';
import * as life from '../../src/commerce/lifecycle/index.ts';
import { resendOrderMail } from '../../src/commerce/ops/workbench.ts';
import { paymentSlipFor, slipOrderOf } from '../../src/contracts/payment-qr.ts';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop, pricesNow, teardownData } from '../orders/helpers.ts';
import { finance, order, scrapSale, support, warehouse } from '../lifecycle/helpers.ts';
import { docsOf, sha256 } from './helpers.ts';
import { paintOverSwissCross, pdfPageRaster, pdfText, zbarDecode } from './payment-decode.ts';

const h = await commerceHarness(t);
type Ctx = Parameters<typeof life.recordPayment>[0];

/** The order's mails (id, subject), oldest first. */
const mailsOf = (orderId: string) => h.db.query<{ id: number; subject: string; attachments: unknown[] }>(
  'select id, subject, attachments from outbox where order_id = $1 order by id', [orderId]);

async function pay(ctx: Ctx, o: Order): Promise<void> {
  const fin = finance();
  await life.recordPayment(ctx, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.totalGrossPrice.currencyCode as 'EUR', reference: o.orderNumber, valueDate: '2026-11-22' }, fin.actor, fin.roles);
}

async function payOut(ctx: Ctx, o: Order): Promise<void> {
  const wh = warehouse();
  const fin = finance();
  await life.recordGoodsReceived(ctx, o.id, {}, wh.actor, wh.roles);
  const assayed = await life.recordAssay(ctx, o.id, { lines: o.lineItems.map((l) => ({ lineId: l.id, finalFineWeightMg: 7400 })) }, wh.actor, wh.roles);
  await life.recordPayout(ctx, o.id, { iban: 'DE89370400440532013000', centAmount: assayed.assay!.final.centAmount, valueDate: '2026-11-24' }, fin.actor, fin.roles);
}

t.test('the payment confirmation carries the invoice, the payout mail the credit note: the stored bytes, named by the number; other mails nothing', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const c = await customer(api, 'de');
  const o = await order(c);
  await pay(ctx, o);
  const [invoice] = await docsOf(h.db, o.id);
  const mails = await mailsOf(o.id);
  const confirmed = mails.find((m) => /ist bezahlt/.test(m.subject));
  t.ok(confirmed, `the payment confirmation (${mails.map((m) => m.subject).join(' | ')})`);
  const files = await ctx.outbox.attachmentsOf(confirmed!.id);
  t.same(files.map((f) => [f.filename, f.contentType]), [[`${invoice.number}.pdf`, 'application/pdf']], 'the invoice, named by its number');
  t.equal(sha256(files[0].content), invoice.sha256, 'byte for byte the stored invoice');
  const withDocument = (ms: { attachments: unknown[] }[]) => ms.filter((m) => m.attachments.some((a) => (a as { kind: string }).kind === 'document'));
  t.equal(withDocument(mails).length, 1, 'only that mail carries it (the order confirmation carries the payment slip)');

  const sale = await scrapSale(await customer(api, 'de'));
  await payOut(ctx, sale);
  const [credit] = await docsOf(h.db, sale.id);
  const paidOut = (await mailsOf(sale.id)).at(-1)!;
  t.match(paidOut.subject, /Auszahlung/);
  const carried = await ctx.outbox.attachmentsOf(paidOut.id);
  t.same(carried.map((f) => f.filename), [`${credit.number}.pdf`], 'the payout mail carries the credit note');
  t.equal(sha256(carried[0].content), credit.sha256);
  t.equal(withDocument(await mailsOf(sale.id)).length, 1, 'the sale\'s other mails carry no document');
});

t.test('the order confirmation of a bank-transfer purchase carries its payment slip: the QR-bill on CH, the GiroCode on DE, read back by zbarimg, the same bytes on every send', async (t) => {
  const { api } = await openShop(h, t);
  const ctx = api.app.commerce;
  const ch = await order(await customer(api, 'ch'));
  const [confirmation] = await mailsOf(ch.id);
  const files = await ctx.outbox.attachmentsOf(confirmation.id);
  t.same(files.map((f) => f.filename), [`${ch.orderNumber}-qr-bill.pdf`], 'the QR-bill, named after the order');
  const slip = paymentSlipFor(await ctx.companyFacts.forStore('ch'), slipOrderOf(ch)!)!;
  const read = zbarDecode(paintOverSwissCross(pdfPageRaster(files[0].content, 200), 200));
  t.same(read, [slip.payload], 'zbarimg reads the order\'s Swiss QR code from the attached PDF');
  const again = await ctx.outbox.attachmentsOf(confirmation.id);
  t.equal(sha256(again[0].content), sha256(files[0].content), 'drawn again from the mail\'s data: the same bytes');

  const de = await order(await customer(api, 'de'));
  const [deMail] = await mailsOf(de.id);
  const [giro] = await ctx.outbox.attachmentsOf(deMail.id);
  t.equal(giro.filename, `${de.orderNumber}-girocode.pdf`);
  const epc = paymentSlipFor(await ctx.companyFacts.forStore('de'), slipOrderOf(de)!)!;
  t.equal(epc.kind, 'epc');
  t.same(zbarDecode(pdfPageRaster(giro.content, 200)), [epc.payload], 'zbarimg reads the EPC payload from the attached PDF');
  const text = pdfText(giro.content).replace(/\s+/g, ' ');
  t.ok(text.includes('Überweisung mit GiroCode'), 'titled in the order\'s language');
  t.ok(text.includes(de.orderNumber), 'the order number as remittance');
  t.ok(text.includes(de.paymentInstructions!.iban!.replace(/(.{4})/g, '$1 ').trim()), 'the account printed');
  t.equal(sha256((await ctx.outbox.attachmentsOf(deMail.id))[0].content), sha256(giro.content), 'the same bytes again');

  // paid: the slip is history, the mail row still renders the one that was sent
  await pay(ctx, de);
  t.equal(sha256((await ctx.outbox.attachmentsOf(deMail.id))[0].content), sha256(giro.content), 'after payment the mail\'s slip is unchanged');

  // a cash purchase has no slip
  const cash = await order(await customer(api, 'ch'), { shippingMethodId: 'pickup', paymentMethod: 'cash', pickupStore: 'zuerich' });
  t.same((await mailsOf(cash.id))[0].attachments, [], 'no slip for cash');
});


/** The base64 body of the MIME part named `filename`, decoded. */
function attachmentIn(raw: string, filename: string): Buffer | null {
  const at = raw.indexOf(`filename=${filename}`) >= 0 ? raw.indexOf(`filename=${filename}`) : raw.indexOf(`filename="${filename}"`);
  if (at < 0) return null;
  const body = raw.slice(raw.indexOf('\n\n', at) + 2);
  return Buffer.from(body.slice(0, body.indexOf('\n--')).replace(/\s+/g, ''), 'base64');
}

async function until<T>(fn: () => T | null | undefined | false): Promise<T> {
  // a generous bound for the send after the commit, not a timing
  for (let i = 0; i < 1200; i++) {
    const v = fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

t.test('over SMTP the payout mail arrives with the credit note attached; the back office\'s resend carries it again', async (t) => {
  const smtp = await smtpServer(t);
  const api = await h.api(t, { config: { SMTP_URL: smtp.url } });
  await teardownData(t, h.db);
  await pricesNow(api);
  const ctx = api.app.commerce;
  const sale = await scrapSale(await customer(api, 'de'));
  await payOut(ctx, sale);
  const [credit] = await docsOf(h.db, sale.id);
  const name = `${credit.number}.pdf`;
  const raw = await until(() => smtp.mails.map((m) => m.data).find((m) => m.includes(name)));
  t.match(raw, /Content-Type: application\/pdf/);
  t.match(raw, /Content-Disposition: attachment/);
  t.equal(sha256(attachmentIn(raw, name)!), credit.sha256, 'the PDF received is the stored credit note');

  const paidOut = (await mailsOf(sale.id)).at(-1)!;
  const resent = await resendOrderMail(ctx, sale.id, paidOut.id, support().actor);
  t.same((await mailsOf(sale.id)).find((m) => m.id === resent.id)?.attachments, paidOut.attachments, 'the resend keeps the references');
  const second = await until(() => smtp.mails.map((m) => m.data).filter((m) => m.includes(name))[1]);
  t.equal(sha256(attachmentIn(second, name)!), credit.sha256, 'and sends the same bytes');
});
