// From the document service's invoice to the e-invoice (issue 25): one pure function, so the service that
// prints the PDF invoice calls toEInvoiceInput with what it printed and renders the XRechnung XML and the
// Factur-X PDF from it (e-invoice.ts). No database, no clock, no texts of its own: every customer-visible
// text (legal notes, the paid note) comes in already in the order's language.
import { bankAccountFor, type StoreCompanyFacts } from '../../contracts/company-facts.ts';
import type { PaymentMethod } from '../../contracts/cart.ts';
import type { VatTreatment } from '../../contracts/vat.ts';
import type { EInvoiceAddress, EInvoiceInput, EInvoiceLine, EInvoiceVat } from './e-invoice.ts';

export interface InvoiceModelLine {
  quantity: number;
  name: string;
  /** fine weight and fineness, as printed under the name */
  description?: string;
  /** the price of one piece as the invoice states it: net for standard-rate lines, the whole price otherwise */
  unitPriceCents: number;
  /** the line's amount without VAT: for exempt and margin-scheme lines the whole price (no VAT is shown) */
  netAmountCents: number;
  /** the line's treatment (src/contracts/vat.ts vatFor) */
  vat: VatTreatment;
  /** the legal note printed for an exempt or margin-scheme line, citing the seller country's statute */
  legalNote?: string;
}

export interface InvoiceModel {
  number: string;
  /** for a cancellation invoice: the invoice it cancels */
  cancels?: { number: string; issueDate: string };
  /** YYYY-MM-DD in the store's time zone */
  issueDate: string;
  supplyDate: string;
  orderNumber: string;
  currency: 'EUR';
  seller: StoreCompanyFacts;
  buyer: { company: string; street: string; postCode: string; city: string; country: string; vatId: string | null; email: string };
  lines: InvoiceModelLine[];
  /** the VAT per standard rate as printed, in cents */
  vatByRate: { rate: number; netCents: number; vatCents: number }[];
  /** the invoice's legal notes as printed (one per exempt or special treatment) */
  legalNotes: string[];
  payment: {
    method: PaymentMethod;
    paidCents: number;
    /** e.g. "Bezahlt am 04.05.2026 per Überweisung." */
    note: string;
    /** for a card payment, when the payment provider reported it: the last digits and the network (VISA, MC) */
    card?: { lastDigits: string; network: string };
  };
}

/** Decision (issue 25): company customers of the DE and AT stores get the e-invoice; a company is a buyer with a company name. */
export function eInvoiceApplies(storeCountry: string, buyerCompany: string | null | undefined): boolean {
  return (storeCountry === 'DE' || storeCountry === 'AT') && Boolean(buyerCompany?.trim());
}

/** 0.19 -> 1900 */
const basisPoints = (rate: number) => Math.round(rate * 10_000);

/**
 * The EN 16931 VAT category of a line (BT-151, code list UNCL5305 as EN 16931 restricts it; exemption
 * reason codes from the CEF VATEX list, the one the CEN rules check, BR-CL-22).
 * - standard -> S with the rate.
 * - exempt (investment gold: VAT directive Art. 346, DE § 25c UStG, AT § 6 Abs. 1 Z 8 lit. j UStG) -> E
 *   with the printed legal note as reason text. Decision: no reason code, because the VATEX list has none
 *   for Art. 346 (VATEX-EU-J means the margin scheme for collectors' items, not investment gold); BR-E-10
 *   asks for a code OR a text.
 * - margin (DE § 25a UStG, AT § 24 UStG) -> E with VATEX-EU-F. Decision: EN 16931 has no margin-scheme
 *   category and a rate on the margin may not be shown (§ 14a Abs. 6 UStG); the VATEX list's answer is
 *   VATEX-EU-F "Second hand goods: the VAT margin scheme for second-hand goods has been applied" (VAT
 *   directive Art. 311-325) with the category E; the printed note stays the statute's wording.
 */
export function eInvoiceVat(line: InvoiceModelLine): EInvoiceVat {
  switch (line.vat.scheme) {
    case 'standard':
      return { category: 'S', rateBasisPoints: basisPoints(line.vat.rate) };
    case 'exempt':
      return { category: 'E', exemptionReasonText: requiredNote(line) };
    case 'margin':
      return { category: 'E', exemptionReasonCode: 'VATEX-EU-F', exemptionReasonText: requiredNote(line) };
  }
}

function requiredNote(line: InvoiceModelLine): string {
  if (!line.legalNote?.trim()) throw new Error(`${line.name}: an exempt or margin-scheme line needs its legal note`);
  return line.legalNote;
}

/** UNCL4461: 58 SEPA credit transfer, 48 bank card, 68 online payment service, 10 cash. */
const meansCode = { 'bank-transfer': '58', card: '48', paypal: '68', cash: '10' } as const satisfies Record<PaymentMethod, string>;

/**
 * Decision: a card payment is 48 with the card's last digits (XRechnung BR-DE-24-a demands BG-18 for the
 * card codes); when the shop does not know them (the payment provider keeps the card), it is 1 "instrument
 * not defined" and the paid note names the card: the invoice is paid, so nothing is lost for the payer.
 */
function paymentMeans(payment: InvoiceModel['payment']): EInvoiceInput['payment']['meansCode'] {
  if (payment.method === 'card' && !payment.card) return '1';
  return meansCode[payment.method];
}

const address = (street: string, postCode: string, city: string, country: string): EInvoiceAddress => ({ street, postCode, city, country: country.toUpperCase() as EInvoiceAddress['country'] });

/** The printed net per standard rate must be the sum of its lines, or the XML would state another net than the PDF. */
function checkVatGroups(model: InvoiceModel): void {
  for (const group of model.vatByRate) {
    const net = model.lines.filter((l) => l.vat.scheme === 'standard' && basisPoints(l.vat.rate) === basisPoints(group.rate)).reduce((sum, l) => sum + l.netAmountCents, 0);
    if (net !== group.netCents) throw new Error(`${model.number}: printed net ${group.netCents} at ${group.rate} is not the lines' ${net}`);
  }
}

/** The document service's invoice as the e-invoice's input: the XML then states what the PDF states. */
export function toEInvoiceInput(model: InvoiceModel): EInvoiceInput {
  const { seller, buyer, payment } = model;
  const account = payment.method === 'bank-transfer' ? bankAccountFor(seller, model.currency) : null;
  if (payment.method === 'bank-transfer' && !account?.iban) throw new Error(`${model.number}: no ${model.currency} IBAN in the company facts for a bank transfer`);
  checkVatGroups(model);
  const lines: EInvoiceLine[] = model.lines.map((line) => ({
    quantity: line.quantity,
    // H87: piece (UN/ECE Rec. 20): the shop sells bars and coins by the piece
    unitCode: 'H87',
    name: line.name,
    ...(line.description ? { description: line.description } : {}),
    netUnitPriceCents: line.unitPriceCents,
    netAmountCents: line.netAmountCents,
    vat: eInvoiceVat(line),
  }));
  return {
    number: model.number,
    ...(model.cancels ? { cancels: model.cancels } : {}),
    issueDate: model.issueDate,
    supplyDate: model.supplyDate,
    currency: model.currency,
    buyerReference: model.orderNumber,
    notes: model.legalNotes,
    seller: {
      name: seller.legalName,
      address: address(seller.streetAddress, seller.postalCode, seller.city, seller.country),
      vatId: seller.vatNumber,
      register: `${seller.registerNumber}, ${seller.register}`,
      electronicAddress: seller.email,
      contact: { name: seller.brand, phone: seller.hotline, email: seller.email },
    },
    buyer: {
      name: buyer.company,
      address: address(buyer.street, buyer.postCode, buyer.city, buyer.country),
      ...(buyer.vatId ? { vatId: buyer.vatId } : {}),
      electronicAddress: buyer.email,
    },
    lines,
    statedVat: model.vatByRate.map((v) => ({ rateBasisPoints: basisPoints(v.rate), vatCents: v.vatCents })),
    payment: {
      meansCode: paymentMeans(payment),
      ...(account?.iban ? { iban: account.iban, accountName: account.owner } : {}),
      ...(payment.method === 'card' && payment.card ? { card: payment.card } : {}),
      ...(account?.bic ? { bic: account.bic } : {}),
      paidCents: payment.paidCents,
      terms: payment.note,
    },
  };
}
