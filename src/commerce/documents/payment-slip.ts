// Payment slips rendered (issue 25): the Swiss QR-bill's payment part (receipt and payment part with the
// Swiss QR code) as a PDF for the confirmation mail and as SVG for pages, and the EPC QR code ("GiroCode")
// as SVG for pages and PNG for mails. The payloads and the choice of slip are src/contracts/payment-qr.ts;
// this file only draws them.
// Libraries: swissqrbill draws the payment part exactly as the SIX style guide lays it out (sizes, fonts,
// texts in DE/EN/FR/IT, scissors) into PDFKit or SVG, and validates the data against the SIX rules;
// pdfkit because swissqrbill draws into it and its built-in Helvetica needs no font on the machine;
// qrcode (soldair/node-qrcode) is the maintained QR encoder for Node with SVG and PNG output and a chosen
// error correction level (EPC069-12 asks for level M).
import type { Data } from 'swissqrbill/types';
import { centsToDecimal, type EpcQrInput, type SlipParty, type SwissQrInput } from '../../contracts/payment-qr.ts';
import { formatMoney, translator } from '../../i18n.ts';
import type { LocaleTag } from '../../stores.ts';
import { lazyModule } from '../../lib/lazy-module.ts';
import { BOLD, LEFT, REGULAR, pdfkit, renderPdf, WIDTH } from './pdf.ts';

// loaded at the first slip or QR code of a process (src/lib/lazy-module.ts)
const qrcode = lazyModule(() => import('qrcode'));
const pdfQrBill = lazyModule(() => import('swissqrbill/pdf'));
const svgQrBill = lazyModule(() => import('swissqrbill/svg'));

export type SlipLanguage = 'de' | 'en';

/** The slip's language: the order's (its locale, de-CH or en-GB). */
export const slipLanguage = (locale: string): SlipLanguage => (locale.toLowerCase().startsWith('de') ? 'de' : 'en');

const address = (p: SlipParty) => ({ name: p.name, address: p.street, buildingNumber: p.buildingNumber || undefined, zip: p.postalCode, city: p.city, country: p.country });

/** Our input as swissqrbill's data (amount as a number of francs: swissqrbill writes it with two decimals). */
export function qrBillData(input: SwissQrInput): Data {
  return {
    creditor: { ...address(input.creditor), account: input.iban },
    currency: input.currency,
    ...(input.amountCents === null ? {} : { amount: Number(centsToDecimal(input.amountCents)) }),
    ...(input.debtor ? { debtor: address(input.debtor) } : {}),
    ...(input.reference ? { reference: input.reference.reference } : {}),
    message: input.message,
  };
}

const language = (l: SlipLanguage): 'DE' | 'EN' => (l === 'de' ? 'DE' : 'EN');

/**
 * The QR-bill as a PDF of its own: one A6 landscape page (210 x 105 mm, the payment part's size, as the SIX
 * style guide allows for a separate slip), receipt and payment part with the lines to cut along.
 * Decision: a slip of its own, not an A4 page, so the mail carries a slip that prints on any paper.
 */
export async function qrBillPdf(input: SwissQrInput, lang: SlipLanguage, meta: { title: string; creationDate: Date }): Promise<Buffer> {
  const [{ default: PDFDocument }, { SwissQRBill }] = await Promise.all([pdfkit(), pdfQrBill()]);
  const pdf = new PDFDocument({ autoFirstPage: false, info: { Title: meta.title, Producer: 'Aurum', Creator: 'Aurum', CreationDate: meta.creationDate } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // the payment part at the foot of the page (a new page where it does not fit)
  new SwissQRBill(qrBillData(input), { language: language(lang) }).attachTo(pdf);
  pdf.end();
  return done;
}

/** The payment part as SVG (210 x 105 mm) for the confirmation and order pages. */
export async function qrBillSvg(input: SwissQrInput, lang: SlipLanguage): Promise<string> {
  const { SwissQRBill } = await svgQrBill();
  return new SwissQRBill(qrBillData(input), { language: language(lang) }).toString();
}

/** EPC069-12: error correction level M; the quiet zone of 4 modules every reader expects. */
const epcOptions = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The EPC QR code as SVG (scales on any page). */
export async function epcQrSvg(payload: string): Promise<string> {
  const { default: QRCode } = await qrcode();
  return QRCode.toString(payload, { ...epcOptions, type: 'svg' });
}

/** The EPC QR code as PNG (mails; 8 pixels a module: sharp at 46 x 46 mm on paper as at 1:1 on screen). */
export async function epcQrPng(payload: string): Promise<Buffer> {
  const { default: QRCode } = await qrcode();
  return QRCode.toBuffer(payload, { ...epcOptions, type: 'png', scale: 8 });
}

/** An IBAN as printed: in groups of four characters. */
const printedIban = (iban: string) => iban.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim();

/**
 * The EPC QR code on paper, for the confirmation mail of a EUR store (issue 25): one A4 page with the code
 * (46 mm, as EPC069-12 recommends at least) and beside it what it says, for typing by hand. Decision: drawn with
 * the invoice's building blocks (pdf.ts: embedded DejaVu, deterministic bytes from the creation date), so the
 * mail's slip is rendered again identically from the data its mail row keeps.
 */
export async function epcSlipPdf(input: EpcQrInput, payload: string, lang: SlipLanguage, meta: { title: string; creationDate: Date; locale: LocaleTag }): Promise<Buffer> {
  const png = await epcQrPng(payload);
  const t = translator(lang);
  return renderPdf({ Title: meta.title, Author: input.name, Subject: input.remittance, Creator: input.name, at: meta.creationDate }, lang, (doc) => {
    doc.font(BOLD).fontSize(14).text(t('documents.paymentSlip.title'), LEFT, 50, { width: WIDTH });
    doc.font(REGULAR).fontSize(9).moveDown(0.5).text(t('documents.paymentSlip.intro'), { width: WIDTH });
    const top = doc.y + 15;
    doc.image(png, LEFT, top, { width: 130, height: 130 });
    const facts: [string, string][] = [
      [t('documents.paymentSlip.payee'), input.name],
      ['IBAN', printedIban(input.iban)],
      ['BIC', input.bic],
      [t('documents.paymentSlip.amount'), formatMoney(input.amountCents, 'EUR', meta.locale)],
      [t('documents.paymentSlip.remittance'), input.remittance],
    ];
    doc.y = top;
    for (const [k, v] of facts) {
      doc.font(BOLD).fontSize(9).text(k, LEFT + 150, doc.y, { width: WIDTH - 150 });
      doc.font(REGULAR).text(v, LEFT + 150, doc.y, { width: WIDTH - 150 }).moveDown(0.4);
    }
  });
}
