// Payment slips that banking apps read (issue 25): the structured reference of a bank-transfer buy order
// and the payloads of the two QR codes a customer scans with a banking app, the Swiss QR code of the
// QR-bill (SIX "Swiss Implementation Guidelines for the QR-bill", version 2.3) on the CH and LI stores and
// the EPC QR code ("GiroCode", EPC069-12, version 002) on the EUR stores. Pure functions: the storefront's
// views and the commerce service (rendering in src/commerce/documents/payment-slip.ts, matching in the
// camt.053 import) build and read the same strings.
import type { StoreCompanyFacts } from './company-facts.ts';
import type { Order } from './order.ts';
import type { StoreKey } from '../stores.ts';

// ---- structured references ------------------------------------------------------------------------

/** A1 -> "1011": letters as ISO 7064 numbers (A=10 ... Z=35), digits as they are. */
const asDigits = (s: string) => [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

/** ISO 7064 MOD 97-10 of a long digit string, piece by piece (no BigInt needed). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** "RF18 5390 0754 7034" -> "RF18539007547034": references are compared and stored without spaces. */
export const compactReference = (ref: string) => ref.replace(/\s+/g, '').toUpperCase();

/** ISO 11649 creditor reference of a body (1 to 21 letters and digits): "RF" + two check digits + body. */
export function creditorReference(body: string): string {
  const b = compactReference(body);
  if (!/^[A-Z0-9]{1,21}$/.test(b)) throw new RangeError(`creditor reference body must be 1-21 letters or digits: ${body}`);
  const check = 98 - mod97(asDigits(`${b}RF00`));
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/** An ISO 11649 creditor reference with correct check digits (spaces allowed, as printed). */
export function creditorReferenceValid(ref: string): boolean {
  const r = compactReference(ref);
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(r) && mod97(asDigits(r.slice(4) + r.slice(0, 4))) === 1;
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of the SIX QR reference (and the old ESR reference): modulo 10, recursive. */
export function mod10Recursive(digits: string): number {
  let carry = 0;
  for (const d of digits) carry = MOD10_TABLE[(carry + Number(d)) % 10];
  return (10 - carry) % 10;
}

/** QR reference (QRR) of up to 26 digits: zero-padded to 26, the check digit appended (27 digits). */
export function qrReference(digits: string): string {
  if (!/^\d{1,26}$/.test(digits)) throw new RangeError(`QR reference body must be 1-26 digits: ${digits}`);
  const body = digits.padStart(26, '0');
  return `${body}${mod10Recursive(body)}`;
}

/** A QR reference: 27 digits, the last the check digit of the others (spaces allowed, as printed). */
export function qrReferenceValid(ref: string): boolean {
  const r = compactReference(ref);
  return /^\d{27}$/.test(r) && !/^0+$/.test(r) && mod10Recursive(r.slice(0, 26)) === Number(r[26]);
}

/** A QR-IBAN (CH or LI, institution id 30000-31999): only it may carry a QR reference, and it must. */
export function isQrIban(iban: string): boolean {
  const i = compactReference(iban);
  return /^(CH|LI)\d{19}$/.test(i) && Number(i.slice(4, 9)) >= 30000 && Number(i.slice(4, 9)) <= 31999;
}

export interface StructuredReference { type: 'QRR' | 'SCOR'; reference: string }

const ORDER_NUMBER = /^(AT|CH|DE|LI|US)-([BS])-(20\d{2})-(\d{6})$/;
/** Decision: a QR reference holds only digits, so the store of an order number is a digit in it. */
const STORE_DIGIT: Record<string, string> = { AT: '1', CH: '2', DE: '3', LI: '4', US: '5' };

/**
 * The structured reference a bank-transfer order is paid with, derived from its number (nothing stored: the
 * camt.053 import derives the order back from it, orderNumberOfReference).
 * Decision: with a QR-IBAN, the QR reference (QRR, which the SIX rules demand on a QR-IBAN): 26 digits,
 * zero-padded "<store digit><B=1|S=2><year><number of 6>" and the check digit; with an ordinary IBAN (the
 * company story's accounts today) the ISO 11649 creditor reference (SCOR), "RF" + check digits + the order
 * number without dashes (RF..CHB2026000042), which a customer can still read as the order number.
 */
export function orderReference(orderNumber: string, iban: string): StructuredReference {
  const m = ORDER_NUMBER.exec(orderNumber);
  if (!m) throw new RangeError(`not an order number: ${orderNumber}`);
  if (isQrIban(iban)) return { type: 'QRR', reference: qrReference(`${STORE_DIGIT[m[1]]}${m[2] === 'B' ? 1 : 2}${m[3]}${m[4]}`) };
  return { type: 'SCOR', reference: creditorReference(orderNumber.replaceAll('-', '')) };
}

/**
 * The order number a structured reference (as read from a statement's CdtrRefInf/Ref or a QR code) was
 * made from; null when it is no valid RF or QR reference (check digits wrong) or names no order.
 */
export function orderNumberOfReference(ref: string): string | null {
  const r = compactReference(ref);
  if (creditorReferenceValid(r)) {
    const m = /^(AT|CH|DE|LI|US)([BS])(20\d{2})(\d{6})$/.exec(r.slice(4));
    return m ? `${m[1]}-${m[2]}-${m[3]}-${m[4]}` : null;
  }
  if (qrReferenceValid(r)) {
    const m = /^0{14}([1-5])([12])(20\d{2})(\d{6})\d$/.exec(r);
    const store = m ? Object.keys(STORE_DIGIT).find((k) => STORE_DIGIT[k] === m[1]) : undefined;
    return m && store ? `${store}-${m[2] === '1' ? 'B' : 'S'}-${m[3]}-${m[4]}` : null;
  }
  return null;
}

// ---- payloads -------------------------------------------------------------------------------------

/** A party's structured address as the QR-bill carries it (address type S, the only one IG 2.3 allows). */
export interface SlipParty {
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

/** The characters the QR-bill may carry (SIX IG 2.3, 4.1.1: Basic Latin, Latin-1 Supplement, Latin Extended-A, Ș ș Ț ț and €). */
const SIX_CHARACTERS = /^[\u0020-\u007E\u00A0-\u017F\u0218-\u021B\u20AC]*$/;

/** A party the QR-bill can carry: every element within its length (SIX IG 2.3, 4.2.2) and its character set. */
export function partyFits(p: SlipParty): boolean {
  const max: [string, number][] = [[p.name, 70], [p.street, 70], [p.buildingNumber, 16], [p.postalCode, 16], [p.city, 35]];
  return p.name.trim() !== '' && p.postalCode.trim() !== '' && p.city.trim() !== '' && /^[A-Z]{2}$/.test(p.country)
    && max.every(([v, n]) => v.length <= n && SIX_CHARACTERS.test(v));
}

/** "Barrengasse 7" -> street "Barrengasse", building "7"; without a trailing number the building stays ''. */
export function splitStreet(streetAddress: string): { street: string; buildingNumber: string } {
  const m = /^(.*?\S)\s+(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)$/.exec(streetAddress.trim());
  return m ? { street: m[1], buildingNumber: m[2] } : { street: streetAddress.trim(), buildingNumber: '' };
}

/** 123450 -> "1234.50": amounts in QR codes are written with a point and two decimals, from integer cents. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`amount in cents must be a whole number >= 0: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface SwissQrInput {
  /** the creditor's IBAN or QR-IBAN, electronic format */
  iban: string;
  creditor: SlipParty;
  /** null: the payer types the amount */
  amountCents: number | null;
  currency: 'CHF' | 'EUR';
  debtor: SlipParty | null;
  reference: StructuredReference | null;
  /** unstructured message (max 140) */
  message: string;
}

const party = (p: SlipParty | null) => (p ? ['S', p.name, p.street, p.buildingNumber, p.postalCode, p.city, p.country] : ['', '', '', '', '', '', '']);

/**
 * The Swiss QR code's payload (SIX IG QR-bill 2.3, section 4.2): one element per line (LF), in the
 * guideline's order: header (SPC, 0200, coding 1 = UTF-8), creditor account and address (type S),
 * ultimate creditor (reserved: 7 empty lines), amount and currency, ultimate debtor (or 7 empty lines),
 * reference type and reference, unstructured message, trailer EPD.
 */
export function swissQrPayload(input: SwissQrInput): string {
  if (input.message.length > 140) throw new RangeError('QR-bill message is at most 140 characters');
  if (input.amountCents !== null && input.amountCents > 99_999_999_999) throw new RangeError('QR-bill amount is at most 999999999.99');
  return [
    'SPC', '0200', '1',
    compactReference(input.iban),
    ...party(input.creditor),
    '', '', '', '', '', '', '',
    input.amountCents === null ? '' : centsToDecimal(input.amountCents),
    input.currency,
    ...party(input.debtor),
    input.reference?.type ?? 'NON',
    input.reference?.reference ?? '',
    input.message,
    'EPD',
  ].join('\n');
}

export interface EpcQrInput {
  bic: string;
  /** the beneficiary's name (max 70) */
  name: string;
  iban: string;
  amountCents: number;
  /** unstructured remittance (max 140) */
  remittance: string;
}

/**
 * The EPC QR code's payload (EPC069-12 v3.0, "GiroCode"): service tag BCD, version 002, character set 1
 * (UTF-8), identification SCT, BIC, name, IBAN, "EUR" + amount, purpose (empty), structured remittance
 * (empty), unstructured remittance. Decision: the remittance is the order number, unstructured, as the
 * issue asks (the customer recognises it in the banking app, and a structured RF reference in a GiroCode
 * is not shown by every German banking app); the camt.053 import finds the order number in the free text.
 */
export function epcQrPayload(input: EpcQrInput): string {
  if (input.name.length > 70) throw new RangeError('EPC QR name is at most 70 characters');
  if (input.remittance.length > 140) throw new RangeError('EPC QR remittance is at most 140 characters');
  if (input.amountCents < 1 || input.amountCents > 99_999_999_999) throw new RangeError('EPC QR amount is EUR 0.01 to 999999999.99');
  return ['BCD', '002', '1', 'SCT', input.bic, input.name, compactReference(input.iban), `EUR${centsToDecimal(input.amountCents)}`, '', '', input.remittance].join('\n');
}

// ---- which slip an order gets ---------------------------------------------------------------------

/** The order as a slip needs it: a bank-transfer buy order, unpaid. */
export interface SlipOrder {
  store: StoreKey;
  orderNumber: string;
  amountCents: number;
  currency: string;
  /** the account the order was placed to be paid to (its payment instructions, kept with the order) */
  payee: { owner: string; iban: string; bic: string | null };
  /** the billing address, when known: the QR-bill's payer ("Zahlbar durch") */
  debtor: SlipParty | null;
}

/**
 * What a slip needs of an order answer; null when it gets none: not a buy by bank transfer to an IBAN, paid
 * already, or cancelled. Decision: the payer is filled in from the billing address (the company, else the
 * person), so the receipt names who paid and the banking app shows it; the account is the one in the
 * order's payment instructions (kept with the order: a later change of the company's account does not
 * change where an order placed before it is paid to).
 */
export function slipOrderOf(order: Order): SlipOrder | null {
  const pay = order.paymentInstructions;
  const store = order.orderNumber.slice(0, 2).toLowerCase() as StoreKey;
  if (order.type !== 'buy' || !pay?.iban || order.paymentState === 'Paid' || order.orderState === 'Cancelled' || !ORDER_NUMBER.test(order.orderNumber)) return null;
  const b = order.billingAddress;
  const debtor: SlipParty = { name: b.company || `${b.firstName} ${b.lastName}`.trim(), street: b.streetName, buildingNumber: b.streetNumber, postalCode: b.zipCode, city: b.city, country: b.country };
  return {
    store, orderNumber: order.orderNumber, amountCents: pay.amount.centAmount, currency: pay.amount.currencyCode,
    payee: { owner: pay.accountOwner, iban: pay.iban, bic: pay.bic },
    // Decision: an address the QR-bill cannot carry (too long, characters outside its set) is left out, not
    // cut: the payer is optional, the banking app fills it in, and a cut name would be a wrong one
    debtor: partyFits(debtor) ? debtor : null,
  };
}

/**
 * Which slip an order gets (null: none), for the service that draws it and the pages that show its text: the
 * QR-bill on the CH and LI stores for CHF or EUR to a Swiss or Liechtenstein account (SIX IG 2.3, 4.2.2 IBAN),
 * the EPC QR code on the AT and DE stores for EUR to an account with a BIC.
 */
export function slipKindOf(order: Pick<SlipOrder, 'store' | 'currency' | 'payee'>): PaymentSlip['kind'] | null {
  if ((order.store === 'ch' || order.store === 'li') && (order.currency === 'CHF' || order.currency === 'EUR') && /^(CH|LI)/.test(order.payee.iban)) return 'qr-bill';
  if ((order.store === 'at' || order.store === 'de') && order.currency === 'EUR' && order.payee.bic) return 'epc';
  return null;
}

export type PaymentSlip =
  | { kind: 'qr-bill'; payload: string; input: SwissQrInput }
  | { kind: 'epc'; payload: string; input: EpcQrInput };

/**
 * The slip of an order: on the CH and LI stores a Swiss QR-bill (CHF or EUR; the creditor's address from
 * the company facts), on the AT and DE stores an EPC QR code for EUR orders. null where none exists: the
 * US store, or a currency the scheme does not carry (USD).
 */
export function paymentSlipFor(facts: StoreCompanyFacts, order: SlipOrder): PaymentSlip | null {
  const { payee } = order;
  const kind = slipKindOf(order);
  if (kind === 'qr-bill' && (order.currency === 'CHF' || order.currency === 'EUR')) {
    const { street, buildingNumber } = splitStreet(facts.streetAddress);
    const input: SwissQrInput = {
      iban: payee.iban,
      creditor: { name: payee.owner, street, buildingNumber, postalCode: facts.postalCode, city: facts.city, country: facts.country },
      amountCents: order.amountCents,
      currency: order.currency,
      debtor: order.debtor,
      reference: orderReference(order.orderNumber, payee.iban),
      message: order.orderNumber,
    };
    return { kind: 'qr-bill', payload: swissQrPayload(input), input };
  }
  if (kind === 'epc' && payee.bic) {
    const input: EpcQrInput = { bic: payee.bic, name: payee.owner, iban: payee.iban, amountCents: order.amountCents, remittance: order.orderNumber };
    return { kind: 'epc', payload: epcQrPayload(input), input };
  }
  return null;
}
