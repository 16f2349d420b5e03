// Anti-money-laundering: a cash payment (a purchase paid in cash, or a cash payout for a sale) that reaches
// the identification threshold of the store's country needs the customer's identity document recorded
// with the order. Each constant names its legal source. These are the shop's reading of the law as of
// 2026 and must be confirmed by compliance before going live. ONE definition on neutral ground: the
// commerce service refuses an order without the document (identity_document_required); the checkout says
// so before the customer commits and asks for the document's details.
import type { Currency, StoreKey } from '../stores.ts';

export interface CashThreshold {
  currency: Currency;
  cents: number;
  /** true: from the amount on ("mindestens"); false: only above it */
  inclusive: boolean;
  /** a report the shop files besides identifying */
  report: 'form-8300' | null;
  source: string;
}

export const cashIdentificationThresholds: Record<StoreKey, CashThreshold> = {
  // DE: GwG § 10 Abs. 6a Nr. 1 lit. b: traders in goods (Güterhändler) must identify for cash transactions
  // in precious metals (§ 1 Abs. 10 Satz 2 Nr. 1) of at least EUR 2,000 (the figure).
  de: { currency: 'EUR', cents: 200_000, inclusive: true, report: null, source: 'GwG § 10 Abs. 6a Nr. 1 lit. b (DE)' },
  // AT: GewO 1994 § 365m1 Abs. 2 Z 2: traders (Handelsgewerbetreibende) making or accepting cash payments
  // of at least EUR 10,000.
  at: { currency: 'EUR', cents: 1_000_000, inclusive: true, report: null, source: 'GewO 1994 § 365m1 Abs. 2 Z 2 (AT)' },
  // CH: trading in precious metals makes the shop a financial intermediary (GwG Art. 2 Abs. 3 lit. c);
  // cash transactions ("Kassageschäfte") above CHF 15,000 need identification (GwV-FINMA Art. 51 Abs. 1).
  ch: { currency: 'CHF', cents: 1_500_000, inclusive: false, report: null, source: 'GwG Art. 2 Abs. 3 lit. c with GwV-FINMA Art. 51 Abs. 1 (CH)' },
  // LI: traders in goods, cash payments of CHF 10,000 or more (SPG Art. 3 Abs. 1 Bst. s with Art. 5 Abs. 1
  // Bst. b, Sorgfaltspflichtgesetz LR 952.1).
  li: { currency: 'CHF', cents: 1_000_000, inclusive: true, report: null, source: 'SPG Art. 3 Abs. 1 Bst. s, Art. 5 Abs. 1 Bst. b (LI)' },
  // US: cash received in one transaction (or related ones) over USD 10,000 is reported to the IRS on Form
  // 8300 within 15 days (26 U.S.C. § 6050I; 31 CFR § 1010.330), which needs the payer's identity.
  us: { currency: 'USD', cents: 1_000_000, inclusive: false, report: 'form-8300', source: '26 U.S.C. § 6050I, 31 CFR § 1010.330 (US)' },
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
  const amount = currency === t.currency || !eurRates ? cents : Math.round((cents * eurRates[t.currency]) / eurRates[currency]);
  const reached = t.inclusive ? amount >= t.cents : amount > t.cents;
  return reached ? t : null;
}
