// The checkout's delivery and payment rules (src/contracts/checkout-rules.ts), the one definition the
// delivery step and the commerce service share: what is offered for a purchase, a sale and a sale from the
// deposit, why a payment is refused, when the insured-shipping note shows, and that every refusal is a
// code the service reports and both languages explain.
import t from 'tap';
import { readFileSync } from 'node:fs';
import {
  CASH_PAYOUT_MAX_CENTS, checkoutKind, companyNeedsVatId, needsInsuredShippingNote, paymentBlocked, paymentMethodsOffered, paymentRefusal, paymentRefusals,
  SCRAP_BOX_CAP_EUR_CENTS, scrapBoxCapCents, type CheckoutRuleCode,
} from '../../src/contracts/checkout-rules.ts';
import { orderReasonOrder } from '../../src/commerce/orders/create.ts';

const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as { form: { error: Record<string, string> } };

t.test('the kind: a sell cart whose method is depositSell is a sale from the deposit', async (t) => {
  t.equal(checkoutKind('buy', 'deposit'), 'buy', 'buying into the deposit is a purchase');
  t.equal(checkoutKind('sell', 'depositSell'), 'depot');
  t.equal(checkoutKind('sell', 'leave-in-store'), 'sell');
  t.equal(checkoutKind('sell', null), 'sell');
});

t.test('offered payments: cash payout is not offered for a sale from the deposit, card and PayPal only for purchases', async (t) => {
  t.same(paymentMethodsOffered({ transactionType: 'buy', methodKey: 'shipping' }), ['bank-transfer', 'cash', 'card', 'paypal']);
  t.same(paymentMethodsOffered({ transactionType: 'sell', methodKey: 'leave-in-store' }), ['bank-transfer', 'cash']);
  t.same(paymentMethodsOffered({ transactionType: 'sell', methodKey: 'depositSell' }), ['bank-transfer'], 'the goods are already with us: paid out to an account');
  t.same(paymentMethodsOffered({ transactionType: 'sell', methodKey: null }), ['bank-transfer', 'cash'], 'before a method is chosen');
});

t.test('refusals: spec 9 cash rules, the 15,000 payout cap, coming-soon methods', async (t) => {
  const buy = (methodKey: string | null, grossCents: number | null = 100_000) => ({ transactionType: 'buy' as const, methodKey, grossCents });
  const sell = (methodKey: string | null, grossCents: number | null = 100_000) => ({ transactionType: 'sell' as const, methodKey, grossCents });
  t.equal(paymentRefusal(buy('pickup'), 'cash'), null, 'cash for a pickup');
  t.equal(paymentRefusal(buy('shipping'), 'cash'), 'cash_requires_pickup');
  t.equal(paymentRefusal(buy('deposit'), 'cash'), 'cash_requires_pickup', 'buying into the deposit is paid by transfer');
  t.equal(paymentRefusal(buy(null), 'cash'), null, 'no method yet: nothing to judge cash by');
  t.equal(paymentRefusal(buy('shipping'), 'bank-transfer'), null);
  t.equal(paymentRefusal(buy('shipping'), 'card'), 'payment_method_unavailable');
  t.equal(paymentRefusal(buy('pickup'), 'paypal'), 'payment_method_unavailable');
  t.equal(paymentRefusal(sell('leave-in-store'), 'card'), 'payment_method_unavailable', 'no card payout');
  t.equal(paymentRefusal(sell('leave-in-store'), 'cash'), null, 'cash payout for goods brought to a store');
  t.equal(paymentRefusal(sell('shippingSell'), 'cash'), 'cash_requires_store_drop_off');
  t.equal(paymentRefusal(sell('depositSell'), 'cash'), 'cash_requires_store_drop_off', 'a sale from the deposit pays out no cash');
  t.equal(paymentRefusal(sell('leave-in-store', CASH_PAYOUT_MAX_CENTS), 'cash'), null, 'exactly 15,000 is paid in cash');
  t.equal(paymentRefusal(sell('leave-in-store', CASH_PAYOUT_MAX_CENTS + 1), 'cash'), 'cash_payout_limit');
  t.same(paymentRefusals(sell('shippingSell', 2_000_000), 'cash'), ['cash_requires_store_drop_off', 'cash_payout_limit'], 'every reason, in the service\'s order');
  t.equal(paymentRefusal(sell('leave-in-store', null), 'cash'), null, 'an unknown total is not refused for its amount');
  t.equal(paymentRefusal(sell(null, 2_000_000), 'cash'), 'cash_payout_limit', 'above 15,000 whatever the method');
  t.equal(paymentBlocked({ transactionType: 'sell', grossCents: 2_000_000 }, 'cash'), 'cash_payout_limit', 'the option is shown ruled out');
  t.equal(paymentBlocked({ transactionType: 'sell', grossCents: 100_000 }, 'cash'), null, 'below it the method decides');
  t.equal(paymentBlocked({ transactionType: 'buy', grossCents: 100_000 }, 'card'), 'payment_method_unavailable');
});

t.test('whatever the page offers, a refusal for it is a code the service reports and both languages explain', async (t) => {
  const en = locale('en');
  const de = locale('de');
  const seen = new Set<CheckoutRuleCode>();
  const methods = { buy: ['shipping', 'insured-shipping', 'pickup', 'send-to-store', 'deposit'], sell: ['shippingSell', 'leave-in-store', 'scrapMetalBox', 'depositSell'] };
  for (const transactionType of ['buy', 'sell'] as const) {
    for (const methodKey of methods[transactionType]) {
      for (const p of ['bank-transfer', 'cash', 'card', 'paypal'] as const) {
        for (const grossCents of [100_000, 2_000_000]) for (const code of paymentRefusals({ transactionType, methodKey, grossCents }, p)) seen.add(code);
      }
    }
  }
  t.same([...seen].sort(), ['cash_payout_limit', 'cash_requires_pickup', 'cash_requires_store_drop_off', 'payment_method_unavailable']);
  for (const code of seen) {
    t.ok(orderReasonOrder.includes(code), `the service lists ${code} among its order reasons`);
    t.ok(en.form.error[code] && de.form.error[code], `form.error.${code} in en and de`);
  }
});

t.test('the insured-shipping note: a sale above 5,000 EUR (or the equivalent) whose only postal way is at the customer\'s risk', async (t) => {
  t.equal(scrapBoxCapCents('EUR', null), SCRAP_BOX_CAP_EUR_CENTS);
  t.equal(scrapBoxCapCents('CHF', 0.94), 470_000, 'CHF at the price set\'s rate');
  t.equal(scrapBoxCapCents('USD', null), null, 'no rate, no figure');
  const cap = SCRAP_BOX_CAP_EUR_CENTS;
  t.equal(needsInsuredShippingNote({ kind: 'sell', goodsCents: cap, capCents: cap }), false, 'up to the cap the Scrap Metal Box is insured');
  t.equal(needsInsuredShippingNote({ kind: 'sell', goodsCents: cap + 1, capCents: cap }), true);
  t.equal(needsInsuredShippingNote({ kind: 'depot', goodsCents: cap * 10, capCents: cap }), false, 'nothing travels in a sale from the deposit');
  t.equal(needsInsuredShippingNote({ kind: 'buy', goodsCents: cap * 10, capCents: cap }), false);
  t.equal(needsInsuredShippingNote({ kind: 'sell', goodsCents: cap * 10, capCents: null }), false, 'no cap known: no claim');
});

t.test('a company account needs its VAT ID in the European stores, the EIN is optional in the US', async (t) => {
  for (const s of ['ch', 'li', 'at', 'de'] as const) t.equal(companyNeedsVatId(s), true, s);
  t.equal(companyNeedsVatId('us'), false);
});
