// Anti-money-laundering: a cash payment (a purchase paid in cash, or a cash payout for a sale) that reaches
// the identification threshold of the store's country needs the customer's identity document recorded
// with the order. Each constant names its legal source. These are the shop's reading of the law as of
// 2026 and must be confirmed by compliance before going live. ONE definition on neutral ground: the
// commerce service refuses an order without the document (identity_document_required); the checkout says
// so before the customer commits and asks for the document's details.
import type { Currency, StoreKey } from '../stores.ts';
import { US_FORM_8300_CENTS } from './aml-form8300.ts';

export interface CashThreshold {
  currency: Currency;
  cents: number;
  /** true: from the amount on ("mindestens"); false: only above it */
  inclusive: boolean;
  /** a report the shop files besides identifying */
  report: 'form-8300' | null;
  source: string;
  /**
   * Linked transactions (see linkedCashWindow): earlier cash orders of the same customer placed within this
   * many hours before the new one count together with it, for this threshold and for the cash payout cap.
   */
  linkedWithinHours: number;
  /** where the rule on linked transactions comes from, and how the shop reads it */
  linkedSource: string;
}

// Decision (linked transactions): every one of these laws counts transactions "between which a link exists or
// appears to exist" together (smurfing), but only the US names a period. The shop fixes one per store, so that
// the rule is the same for every customer and testable: the US's own 24 hours, and 30 days for the European
// stores (long enough for any series of cash purchases or sales split to stay below the threshold, short
// enough that a regular customer's monthly purchase is not tied to last year's). The same customer is the
// same account, or for a guest the same e-mail address AND name (sameCustomer below). Longer series remain
// for compliance to judge by hand (the US 12-month rule below). To be confirmed by compliance.
const EU_LINKED_HOURS = 30 * 24;

export const cashIdentificationThresholds: Record<StoreKey, CashThreshold> = {
  // DE: GwG § 10 Abs. 6a Nr. 1 lit. b: traders in goods (Güterhändler) must identify for cash transactions
  // in precious metals (§ 1 Abs. 10 Satz 2 Nr. 1) of at least EUR 2,000 (the figure).
  // Linked: § 10 Abs. 6a Nr. 1 lit. b itself ("auch bei mehreren Transaktionen, zwischen denen eine Verbindung zu
  // bestehen scheint"; the same wording in § 10 Abs. 3 Nr. 2 lit. b).
  de: {
    currency: 'EUR', cents: 200_000, inclusive: true, report: null, source: 'GwG § 10 Abs. 6a Nr. 1 lit. b (DE)',
    linkedWithinHours: EU_LINKED_HOURS, linkedSource: 'GwG § 10 Abs. 6a Nr. 1 lit. b (DE): several transactions that appear linked; period: the shop\'s 30 days',
  },
  // AT: GewO 1994 § 365m1 Abs. 2 Z 2: traders (Handelsgewerbetreibende) making or accepting cash payments
  // of at least EUR 10,000, "in einem einzigen Vorgang oder in mehreren Vorgängen, zwischen denen eine
  // Verbindung zu bestehen scheint". Decision: the GewO, not the FM-GwG. The FM-GwG (Finanzmarkt-
  // Geldwäschegesetz, BGBl. I 118/2016) binds credit and financial institutions (its § 1 with § 2 Z 1 and 2)
  // and is supervised by the FMA; a dealer in precious metals is a Handelsgewerbetreibender under the
  // GewO 1994, whose §§ 365m to 365z implement the same EU directive for traders in goods (supervised by the
  // Gewerbebehörde). The shop holds no banking licence and its depot is storage of goods, not a deposit.
  at: {
    currency: 'EUR', cents: 1_000_000, inclusive: true, report: null, source: 'GewO 1994 § 365m1 Abs. 2 Z 2 (AT)',
    linkedWithinHours: EU_LINKED_HOURS, linkedSource: 'GewO 1994 § 365m1 Abs. 2 Z 2 (AT): several transactions that appear linked; period: the shop\'s 30 days',
  },
  // CH: trading in precious metals makes the shop a financial intermediary (GwG Art. 2 Abs. 3 lit. c);
  // cash transactions ("Kassageschäfte") above CHF 15,000 need identification (GwV-FINMA Art. 51 Abs. 1).
  // Linked: the same article counts several transactions that appear linked ("die miteinander verbunden
  // erscheinen") together.
  ch: {
    currency: 'CHF', cents: 1_500_000, inclusive: false, report: null, source: 'GwG Art. 2 Abs. 3 lit. c with GwV-FINMA Art. 51 Abs. 1 (CH)',
    linkedWithinHours: EU_LINKED_HOURS, linkedSource: 'GwV-FINMA Art. 51 Abs. 1 (CH): transactions that appear linked; period: the shop\'s 30 days',
  },
  // LI: traders in goods, cash payments of CHF 10,000 or more (SPG Art. 3 Abs. 1 Bst. s with Art. 5 Abs. 1
  // Bst. b, Sorgfaltspflichtgesetz LR 952.1).
  // Linked: Art. 5 Abs. 1 Bst. b counts "mehrere Transaktionen, zwischen denen eine Verbindung zu bestehen
  // scheint" together.
  li: {
    currency: 'CHF', cents: 1_000_000, inclusive: true, report: null, source: 'SPG Art. 3 Abs. 1 Bst. s, Art. 5 Abs. 1 Bst. b (LI)',
    linkedWithinHours: EU_LINKED_HOURS, linkedSource: 'SPG Art. 5 Abs. 1 Bst. b (LI): several transactions that appear linked; period: the shop\'s 30 days',
  },
  // US: cash received in one transaction (or related ones) over USD 10,000 is reported to the IRS on Form
  // 8300 within 15 days (26 U.S.C. § 6050I; 31 CFR § 1010.330), which needs the payer's identity.
  // Linked: "related transactions" are those between the same payer and the shop within 24 hours, always
  // (26 CFR § 1.6050I-1(c)(7)(ii); 31 CFR § 1010.330(c)(7)(ii)): the shop's hard window. Transactions further
  // apart are related too when the dealer knows or has reason to know they are a series of connected
  // transactions, and multiple payments are aggregated over 12 months (26 CFR § 1.6050I-1(b)). Decision: that
  // 12-month part needs knowledge no rule can have (was it agreed as one deal?); the shop does not apply it
  // automatically. Each order keeps the linked orders it was counted with (amlLinked), and compliance flags a
  // longer series by hand from the customer's orders of the last 12 months.
  us: {
    currency: 'USD', cents: US_FORM_8300_CENTS, inclusive: false, report: 'form-8300', source: '26 U.S.C. § 6050I, 31 CFR § 1010.330 (US)',
    linkedWithinHours: 24, linkedSource: '26 CFR § 1.6050I-1(c)(7)(ii), 31 CFR § 1010.330(c)(7)(ii) (US): related transactions within 24 hours',
  },
};

/**
 * Whether a cash amount of the cart's currency reaches the store's threshold. A cart in another currency
 * (a European store switched to USD) is converted at the price set's rates (units per EUR); without rates
 * (the browser) only an amount in the threshold's own currency can be judged, and another answers null:
 * the service, which has the rates, still asks for the document when placing the order.
 */
export function cashNeedsIdentity(storeKey: StoreKey, cents: number, currency: Currency, eurRates: Record<Currency, number> | null): CashThreshold | null {
  const t = cashIdentificationThresholds[storeKey];
  if (currency !== t.currency && !eurRates) return null;
  const amount = currency === t.currency || !eurRates ? cents : convertCents(cents, currency, t.currency, eurRates);
  const reached = t.inclusive ? amount >= t.cents : amount > t.cents;
  return reached ? t : null;
}

/** An amount in another currency at the price set's rates (units per EUR), rounded to the cent. */
export function convertCents(cents: number, from: Currency, to: Currency, eurRates: Record<Currency, number>): number {
  return from === to ? cents : Math.round((cents * eurRates[to]) / eurRates[from]);
}

// ---------------------------------------------------------------- linked transactions

/** The earliest moment an earlier cash order counts with one placed at `now` (exclusive: older ones do not). */
export function linkedSince(storeKey: StoreKey, now: Date): Date {
  return new Date(now.getTime() - cashIdentificationThresholds[storeKey].linkedWithinHours * 3_600_000);
}

/** An e-mail address as compared: trimmed, lower case. */
export function normalisedEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/**
 * A name as compared: first and last name, Unicode-normalised, accents dropped, lower case, single spaces
 * ("  Müller,  ANNA" and "anna muller" are not the same order of words; "Anna  Müller" and "anna muller" are).
 */
export function normalisedName(a: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  const raw = `${a?.firstName ?? ''} ${a?.lastName ?? ''}`;
  return raw.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface CustomerKey { customerId: string; email: string | null; name: { firstName?: string | null; lastName?: string | null } | null }

/**
 * Decision: the same customer is the same account (customer id: a registered customer, or one guest's own
 * orders), or the same normalised e-mail address AND name (a guest who comes back with a new browser, or a
 * customer who ordered as a guest before opening an account). An e-mail alone is not enough (a household
 * shares one), nor a name alone.
 */
export function sameCustomer(a: CustomerKey, b: CustomerKey): boolean {
  if (a.customerId === b.customerId) return true;
  const email = normalisedEmail(a.email);
  const name = normalisedName(a.name);
  return email !== '' && name !== '' && email === normalisedEmail(b.email) && name === normalisedName(b.name);
}
