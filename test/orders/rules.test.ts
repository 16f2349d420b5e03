// The rule tables of carts and orders: every code a shopper can see is translated in both languages, the
// order and payment states of spec 4 move only along the shop's transitions, the anti-money-laundering
// thresholds per country, and the bank checks behind the configuration.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { commerceOrderErrors, orderFieldMessages, userVisibleOrderCodes } from '../../src/commerce/orders/error-codes.ts';
import { initialStates } from '../../src/commerce/orders/states.ts';
import { orderStateGraph, paymentStateGraph } from '../../src/commerce/lifecycle/transitions.ts';
import { cashIdentificationThresholds, cashNeedsIdentity } from '../../src/contracts/aml.ts';
import { routingNumberValid } from '../../src/contracts/bank-details.ts';

const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
  form: { error: Record<string, string> }; validation: Record<string, string>;
};

t.test('every code a shopper can see has its message in English and German', async (t) => {
  const en = locale('en');
  const de = locale('de');
  t.ok(userVisibleOrderCodes.length > 40);
  for (const code of userVisibleOrderCodes) {
    t.ok(en.form.error[code], `en form.error.${code}`);
    t.ok(de.form.error[code], `de form.error.${code}`);
  }
  for (const code of Object.keys(orderFieldMessages)) t.ok(en.validation[code] && de.validation[code], `validation.${code}`);
  t.equal(en.validation.invalid_iban, 'This is not a valid IBAN.', 'spec 5 wording');
  t.equal(en.validation.invalid_bic, 'This is not a valid BIC.', 'spec 5 wording');
  t.equal(commerceOrderErrors.shipping_method_not_found.message, 'Shipping method not found', 'spec 8 wording');
  t.match(commerceOrderErrors.price_not_equal.message, 'not equal', 'the storefront recognises the price mismatch');
});

t.test('spec 4 states: a purchase starts Open, a sale Requested, both Pending; Complete and Cancelled are final', async (t) => {
  t.same(initialStates('buy'), { orderState: 'Open', paymentState: 'Pending' });
  t.same(initialStates('sell'), { orderState: 'Requested', paymentState: 'Pending' });
  // issue 24: the graph derives from the lifecycle's one table of transitions
  const orderTransitions = orderStateGraph();
  const canTransition = (from: keyof typeof orderTransitions, to: string) => (orderTransitions[from] as string[]).includes(to);
  const canTransitionPayment = (from: keyof ReturnType<typeof paymentStateGraph>, to: string) => (paymentStateGraph()[from] as string[]).includes(to);
  t.ok(canTransition('Open', 'Confirmed'));
  t.ok(canTransition('Confirmed', 'Complete'));
  t.ok(canTransition('Requested', 'Accepted'));
  t.notOk(canTransition('Open', 'Complete'), 'a purchase is confirmed before it completes');
  t.notOk(canTransition('Requested', 'Confirmed'), 'a sale is accepted, not confirmed');
  t.same(orderTransitions.Complete, ['Open'], 'issue 23: only a depot purchase whose payment the bank took back (its metal out again)');
  t.same(orderTransitions.Cancelled, []);
  t.ok(canTransitionPayment('Pending', 'Paid'));
  t.ok(canTransitionPayment('Failed', 'Pending'));
  t.ok(canTransitionPayment('Paid', 'Failed'), 'issue 23: the bank took the payment back');
  t.ok(canTransitionPayment('Failed', 'Paid'), 'issue 23: a new transfer of the whole amount');
});

t.test('cash identification thresholds: DE from 2,000 EUR, US over 10,000 USD (Form 8300), each with its source', async (t) => {
  const rates = { EUR: 1, CHF: 0.93, USD: 1.16 };
  t.equal(cashNeedsIdentity('de', 199_999, 'EUR', rates), null);
  t.match(cashNeedsIdentity('de', 200_000, 'EUR', rates), { source: /GwG/ }, '2,000 EUR reaches it');
  t.equal(cashNeedsIdentity('us', 1_000_000, 'USD', rates), null, 'exactly 10,000 USD is not over it');
  t.match(cashNeedsIdentity('us', 1_000_001, 'USD', rates), { report: 'form-8300' });
  t.equal(cashNeedsIdentity('ch', 1_500_000, 'CHF', rates), null);
  t.ok(cashNeedsIdentity('ch', 1_500_001, 'CHF', rates));
  t.ok(cashNeedsIdentity('li', 1_000_000, 'CHF', rates));
  t.ok(cashNeedsIdentity('at', 1_000_000, 'EUR', rates));
  // a Swiss cart switched to USD is converted to francs: 18,000 USD is about 14,400 CHF, 20,000 USD about 16,000 CHF
  t.equal(cashNeedsIdentity('ch', 1_800_000, 'USD', rates), null);
  t.equal(cashNeedsIdentity('ch', 2_000_000, 'USD', rates)?.currency, 'CHF');
  for (const [store, c] of Object.entries(cashIdentificationThresholds)) t.ok(c.source.length > 10, `${store}: the law is named`);
});

t.test('ABA routing numbers: the 3-7-1 checksum', async (t) => {
  t.ok(routingNumberValid('011000015'), 'Federal Reserve Bank of Boston');
  t.notOk(routingNumberValid('011000016'));
  t.notOk(routingNumberValid('000000000'));
});
