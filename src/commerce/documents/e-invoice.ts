// EN 16931 e-invoices for company customers in DE and AT (issue 25): the XML alone (XRechnung CII, for
// download) and the invoice PDF as Factur-X (PDF/A-3 with the same CII XML embedded).
//
// Library: @e-invoice-eu/core (gflohr/e-invoice-eu) — maintained, typed, writes CII, UBL, XRechnung
// and Factur-X/ZUGFeRD from one EN 16931 data model and makes the PDF/A-3 itself (no LibreOffice, no
// Java), so the shop keeps one mapping for both outputs. Its own checks are not the proof: the tests run
// the CEN's published rules with Saxon-HE (test/documents/en16931.ts).
//
// This module is pure apart from the library call: the document service maps its invoice to
// EInvoiceInput (see e-invoice-model.ts) and stores the bytes this returns; nothing here reads the database.
import type { Invoice, InvoiceServiceOptions } from '@e-invoice-eu/core';
import { lazyModule } from '../../lib/lazy-module.ts';

// Loaded at the first e-invoice, not at the start (src/lib/lazy-module.ts): with its PDF, spreadsheet and XML
// libraries it is the largest import of the commerce service (about 0.2 s of every start).
const eInvoiceLibrary = lazyModule(() => import('@e-invoice-eu/core'));

type Ubl = Invoice['ubl:Invoice'];
type CountryCode = Ubl['cac:AccountingSupplierParty']['cac:Party']['cac:PostalAddress']['cac:Country']['cbc:IdentificationCode'];
type UnitCode = NonNullable<Ubl['cac:InvoiceLine'][0]['cbc:InvoicedQuantity@unitCode']>;
type MeansCode = NonNullable<Ubl['cac:PaymentMeans']>[number]['cbc:PaymentMeansCode'];

export interface EInvoiceAddress {
  street: string;
  postCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: CountryCode;
}

/**
 * A line's VAT category (EN 16931 BT-151, code list UNCL5305 as EN 16931 restricts it):
 * - S: standard rate (rate in basis points: 1900 = 19 %).
 * - E: exempt; the reason text (BT-120) cites the statute, the code (BT-121) is from the CEF VATEX list.
 * - Z: zero rated.
 */
export type EInvoiceVat =
  | { category: 'S'; rateBasisPoints: number }
  | { category: 'E'; exemptionReasonText: string; exemptionReasonCode?: string }
  | { category: 'Z' };

export interface EInvoiceLine {
  /** whole pieces (the shop sells no fractions of a bar or coin) */
  quantity: number;
  /** UN/ECE Rec. 20: H87 piece, C62 one, GRM gram, KGM kilogram */
  unitCode: UnitCode;
  name: string;
  /** e.g. fine weight and fineness, shown under the name */
  description?: string;
  /** net price of one unit, in cents (BT-146) */
  netUnitPriceCents: number;
  /** net amount of the line, in cents (BT-131): authoritative, the printed invoice shows the same */
  netAmountCents: number;
  vat: EInvoiceVat;
}

export interface EInvoiceInput {
  /** the invoice number, e.g. RE-DE-2026-000123 (BT-1) */
  number: string;
  /**
   * Decision: a cancellation invoice (Stornorechnung) is a credit note, type 381, with positive amounts
   * and the original in BT-25 (EN 16931 BG-3); the original invoice stays as it was issued.
   */
  cancels?: { number: string; issueDate: string };
  /** YYYY-MM-DD (BT-2) */
  issueDate: string;
  /** YYYY-MM-DD, date of supply (BT-72) */
  supplyDate: string;
  currency: 'EUR';
  /** the order number: XRechnung requires a buyer reference (BT-10, BR-DE-15) */
  buyerReference: string;
  /** free notes (BT-22): the legal note of every exempt or special line */
  notes: string[];
  seller: {
    name: string;
    address: EInvoiceAddress;
    /** VAT identification number, e.g. DE123456789 (BT-31) */
    vatId: string;
    /** commercial register, e.g. "HRB 123456, Amtsgericht München" (BT-30) */
    register: string;
    /** further legal information: legal form, managing directors (BT-33) */
    legalInfo?: string;
    /** the invoicing e-mail address (BT-34, scheme EM) */
    electronicAddress: string;
    contact: { name: string; phone: string; email: string };
  };
  buyer: {
    /** the company's registered name (BT-44) */
    name: string;
    address: EInvoiceAddress;
    /** the company's VAT ID (BT-48), required for company customers */
    vatId?: string;
    /** the customer's e-mail address (BT-49, scheme EM) */
    electronicAddress: string;
  };
  lines: EInvoiceLine[];
  /**
   * The VAT per standard rate as the printed invoice states it, in cents. Absent: computed here. Present: used
   * as it is (the XML must say what the PDF says) when within the one cent of taxable × rate that the
   * CEN rule BR-CO-17 allows; further off, rendering refuses.
   */
  statedVat?: { rateBasisPoints: number; vatCents: number }[];
  payment: {
    /** UNCL4461: 58 SEPA credit transfer, 30 credit transfer, 48 card, 10 cash */
    meansCode: MeansCode;
    /** for 58/30: the account paid to (BT-84, BR-61) */
    iban?: string;
    bic?: string;
    accountName?: string;
    /** for 48/54/55: the card, as XRechnung requires (BG-18, BR-DE-24-a): the last 4 to 6 digits only */
    card?: { lastDigits: string; network: string; holder?: string };
    /** what was paid before the invoice, in cents (BT-113): the whole gross for a paid purchase */
    paidCents: number;
    /** payment terms or the paid note, e.g. "Bezahlt am 04.05.2026 per Überweisung." (BT-20) */
    terms: string;
  };
}

export interface EInvoiceVatGroup {
  vat: EInvoiceVat;
  taxableCents: number;
  vatCents: number;
}

export interface EInvoiceTotals {
  lineNetCents: number;
  vatCents: number;
  grossCents: number;
  paidCents: number;
  dueCents: number;
  breakdown: EInvoiceVatGroup[];
}

/** 123456 -> "1234.56" (EN 16931 amounts: dot, two decimals). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`amount is not whole cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1900 -> "19", 1050 -> "10.5" */
const percent = (basisPoints: number) => String(basisPoints / 100);

const rateOf = (vat: EInvoiceVat) => (vat.category === 'S' ? vat.rateBasisPoints : 0);
const groupKey = (vat: EInvoiceVat) => `${vat.category}:${rateOf(vat)}`;

/** VAT of a group, half up on whole cents: taxable × rate, as BR-CO-17 recomputes it. */
const vatOfGroup = (taxableCents: number, basisPoints: number) => Math.sign(taxableCents) * Math.floor((Math.abs(taxableCents) * basisPoints + 5000) / 10000);

/**
 * Decision: EN 16931 allows one breakdown per category and rate (BR-E-01: exactly one for "exempt"), so
 * two exempt lines with different reasons (investment gold §25c UStG, a margin-scheme coin) share one
 * group whose reason text names both; the reason code stays only when all lines agree on it.
 */
function mergeExempt(a: EInvoiceVat, b: EInvoiceVat): EInvoiceVat {
  if (a.category !== 'E' || b.category !== 'E') return a;
  const texts = a.exemptionReasonText.split('; ');
  const text = texts.includes(b.exemptionReasonText) ? a.exemptionReasonText : `${a.exemptionReasonText}; ${b.exemptionReasonText}`;
  const code = a.exemptionReasonCode === b.exemptionReasonCode ? a.exemptionReasonCode : undefined;
  return code ? { category: 'E', exemptionReasonText: text, exemptionReasonCode: code } : { category: 'E', exemptionReasonText: text };
}

function groupVat(input: EInvoiceInput, group: EInvoiceVatGroup): number {
  const rate = rateOf(group.vat);
  const computed = vatOfGroup(group.taxableCents, rate);
  const stated = group.vat.category === 'S' ? input.statedVat?.find((v) => v.rateBasisPoints === rate) : undefined;
  if (!stated) return computed;
  if (Math.abs(stated.vatCents - computed) > 1) throw new Error(`${input.number}: stated VAT ${stated.vatCents} at ${percent(rate)} % is not ${computed} ± 1 cent (BR-CO-17)`);
  return stated.vatCents;
}

/** The totals and the VAT breakdown, all in integer cents; formatting happens only when mapping. */
export function eInvoiceTotals(input: EInvoiceInput): EInvoiceTotals {
  const groups = new Map<string, EInvoiceVatGroup>();
  for (const line of input.lines) {
    const key = groupKey(line.vat);
    const group = groups.get(key);
    if (group) {
      group.taxableCents += line.netAmountCents;
      group.vat = mergeExempt(group.vat, line.vat);
    } else groups.set(key, { vat: line.vat, taxableCents: line.netAmountCents, vatCents: 0 });
  }
  const breakdown = [...groups.values()].map((g) => ({ ...g, vatCents: groupVat(input, g) }));
  const lineNetCents = input.lines.reduce((sum, l) => sum + l.netAmountCents, 0);
  const vatCents = breakdown.reduce((sum, g) => sum + g.vatCents, 0);
  const grossCents = lineNetCents + vatCents;
  return { lineNetCents, vatCents, grossCents, paidCents: input.payment.paidCents, dueCents: grossCents - input.payment.paidCents, breakdown };
}

function taxCategory(vat: EInvoiceVat) {
  const base = { 'cbc:ID': vat.category, 'cbc:Percent': percent(rateOf(vat)), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } as const;
  if (vat.category !== 'E') return base;
  return { ...base, ...(vat.exemptionReasonCode ? { 'cbc:TaxExemptionReasonCode': vat.exemptionReasonCode } : {}), 'cbc:TaxExemptionReason': vat.exemptionReasonText };
}

const postalAddress = (a: EInvoiceAddress) => ({ 'cbc:StreetName': a.street, 'cbc:CityName': a.city, 'cbc:PostalZone': a.postCode, 'cac:Country': { 'cbc:IdentificationCode': a.country } });

/** BT-25/BT-26, the invoice a cancellation refers to, in the shape the library's schema checks. */
function billingReference(original: { number: string; issueDate: string }) {
  return { 'cac:InvoiceDocumentReference': { 'cbc:ID': original.number, 'cbc:IssueDate': original.issueDate } };
}

/** EInvoiceInput -> the library's data model (its UBL-shaped JSON; it writes CII from it). */
export function toLibraryInvoice(input: EInvoiceInput): Invoice {
  if (input.lines.length === 0) throw new Error('an invoice needs at least one line');
  const partial = input.lines.find((l) => !Number.isSafeInteger(l.quantity) || l.quantity <= 0);
  if (partial) throw new Error(`${input.number}: ${partial.name}: quantity ${partial.quantity} is not a whole number of pieces`);
  const totals = eInvoiceTotals(input);
  const money = centsToDecimal;
  const currency = input.currency;
  const [first, ...rest] = input.lines.map((line, i) => ({
    'cbc:ID': String(i + 1),
    'cbc:InvoicedQuantity': String(line.quantity),
    'cbc:InvoicedQuantity@unitCode': line.unitCode,
    'cbc:LineExtensionAmount': money(line.netAmountCents),
    'cbc:LineExtensionAmount@currencyID': currency,
    'cac:Item': {
      ...(line.description ? { 'cbc:Description': line.description } : {}),
      'cbc:Name': line.name,
      'cac:ClassifiedTaxCategory': { 'cbc:ID': line.vat.category, 'cbc:Percent': percent(rateOf(line.vat)), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
    },
    'cac:Price': { 'cbc:PriceAmount': money(line.netUnitPriceCents), 'cbc:PriceAmount@currencyID': currency },
  }));
  const { seller, buyer, payment } = input;
  return {
    'ubl:Invoice': {
      'cbc:ID': input.number,
      'cbc:IssueDate': input.issueDate,
      // UNCL1001: 380 commercial invoice, 381 credit note
      'cbc:InvoiceTypeCode': input.cancels ? '381' : '380',
      ...(input.notes.length ? { 'cbc:Note': input.notes } : {}),
      'cbc:DocumentCurrencyCode': input.currency,
      'cbc:BuyerReference': input.buyerReference,
      ...(input.cancels ? { 'cac:BillingReference': [billingReference(input.cancels)] } : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.electronicAddress,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': postalAddress(seller.address),
          'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.name,
            'cbc:CompanyID': seller.register,
            ...(seller.legalInfo ? { 'cbc:CompanyLegalForm': seller.legalInfo } : {}),
          },
          'cac:Contact': { 'cbc:Name': seller.contact.name, 'cbc:Telephone': seller.contact.phone, 'cbc:ElectronicMail': seller.contact.email },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyer.electronicAddress,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': postalAddress(buyer.address),
          ...(buyer.vatId ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } } : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.name },
        },
      },
      'cac:Delivery': { 'cbc:ActualDeliveryDate': input.supplyDate },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': payment.meansCode,
          ...(payment.iban
            ? {
                'cac:PayeeFinancialAccount': {
                  'cbc:ID': payment.iban.replace(/\s+/g, ''),
                  ...(payment.accountName ? { 'cbc:Name': payment.accountName } : {}),
                  ...(payment.bic ? { 'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bic } } : {}),
                },
              }
            : {}),
          ...(payment.card
            ? {
                'cac:CardAccount': {
                  'cbc:PrimaryAccountNumberID': payment.card.lastDigits,
                  'cbc:NetworkID': payment.card.network,
                  ...(payment.card.holder ? { 'cbc:HolderName': payment.card.holder } : {}),
                },
              }
            : {}),
        },
      ],
      'cac:PaymentTerms': { 'cbc:Note': payment.terms },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(totals.vatCents),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': totals.breakdown.map((g) => ({
            'cbc:TaxableAmount': money(g.taxableCents),
            'cbc:TaxableAmount@currencyID': currency,
            'cbc:TaxAmount': money(g.vatCents),
            'cbc:TaxAmount@currencyID': currency,
            'cac:TaxCategory': taxCategory(g.vat),
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(totals.lineNetCents),
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': money(totals.lineNetCents),
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': money(totals.grossCents),
        'cbc:TaxInclusiveAmount@currencyID': currency,
        ...(totals.paidCents ? { 'cbc:PrepaidAmount': money(totals.paidCents), 'cbc:PrepaidAmount@currencyID': currency } : {}),
        'cbc:PayableAmount': money(totals.dueCents),
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': [first, ...rest],
    },
  } as Invoice;
}

// The library reports through a logger; an e-invoice that it cannot write throws, warnings are kept quiet
// (the independent rules in the tests are the judge, not its console).
const quiet = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * The library's generate, with one workaround (@e-invoice-eu/core 2.3.4): its schema wants the preceding
 * invoice (BT-25) as cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID, but its CII writer reads
 * cac:BillingReference/cbc:ID and so writes no reference at all. For a cancellation the data is first
 * checked and written the ordinary way (output unused), then written once more with the number also where
 * the writer looks. Decision: without the original's date (BT-26, optional): the writer puts it in the
 * wrong namespace and format (udt, not qdt YYYYMMDD), which the D16B schema and CII-DT-097 reject. The
 * tests check the CII names the original and passes both rule sets.
 */
async function generate(input: EInvoiceInput, options: InvoiceServiceOptions): Promise<string | Uint8Array> {
  const { FormatFactoryService, InvoiceService } = await eInvoiceLibrary();
  const invoice = toLibraryInvoice(input);
  const service = new InvoiceService(quiet);
  if (!input.cancels) return service.generate(invoice, options);
  await service.generate(invoice, { ...options });
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(options.format, quiet);
  const patched = structuredClone(invoice);
  const refs = (patched['ubl:Invoice']['cac:BillingReference'] ?? []) as unknown as Record<string, unknown>[];
  refs.forEach((ref) => Object.assign(ref, { 'cbc:ID': input.cancels?.number }));
  formatter.fillInvoiceDefaults(patched);
  return formatter.generate(patched, { ...options, format: factory.normalizeFormat(options.format) });
}

/** The XRechnung CII XML (UTF-8) for download. */
export async function renderXRechnungCii(input: EInvoiceInput): Promise<string> {
  const xml = await generate(input, { format: 'XRECHNUNG-CII', lang: 'de-de' });
  if (typeof xml !== 'string') throw new Error('XRECHNUNG-CII did not return XML text');
  return xml;
}

/**
 * The invoice PDF as Factur-X, profile EN 16931 (PDF/A-3 with factur-x.xml embedded): pdf is the printed
 * invoice the document service rendered; lang is the order's language for the XMP texts; issuedAt the
 * document's issue time, which the PDF's dates state (see pinTimestamps).
 */
export async function renderFacturX(input: EInvoiceInput, pdf: Uint8Array, lang: 'de' | 'en', issuedAt: Date): Promise<Uint8Array> {
  const from = Date.now();
  const out = await generate(input, {
    format: 'Factur-X-EN16931',
    lang: lang === 'de' ? 'de-de' : 'en-gb',
    pdf: { buffer: pdf, filename: `${input.number}.pdf`, mimetype: 'application/pdf' },
  });
  if (typeof out === 'string') throw new Error('Factur-X did not return a PDF');
  return pinTimestamps(out, from, Date.now(), issuedAt);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const pdfDate = (d: Date) => `D:${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
const xmpDate = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

/**
 * Decision: the library stamps the PDF with the wall clock (Info CreationDate/ModDate, the attachment's
 * dates, XMP CreateDate/ModifyDate/MetadataDate), so the same invoice rendered twice differed and a test's
 * fake clock did not show. Every timestamp it wrote during this render (found by its value lying in the
 * render's time window) is replaced by the issue time in the same format and length: the byte offsets,
 * and so the PDF's cross-reference table, stay valid, and the bytes depend on the invoice alone.
 */
export function pinTimestamps(pdf: Uint8Array, fromMs: number, toMs: number, issuedAt: Date): Uint8Array {
  const during = (ms: number) => ms >= fromMs - 1000 && ms <= toMs + 1000;
  const text = Buffer.from(pdf).toString('latin1')
    .replace(/D:(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)Z/g, (m, y, mo, d, h, mi, se) => (during(Date.UTC(+y, +mo - 1, +d, +h, +mi, +se)) ? pdfDate(issuedAt) : m))
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d/g, (m) => (during(Date.parse(m)) ? xmpDate(issuedAt) : m));
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

/** The CII XML that renderFacturX embeds (profile EN 16931), for comparing and storing beside the PDF. */
export async function renderFacturXXml(input: EInvoiceInput): Promise<string> {
  const xml = await generate(input, { format: 'CII', lang: 'de-de' });
  if (typeof xml !== 'string') throw new Error('CII did not return XML text');
  return xml;
}
