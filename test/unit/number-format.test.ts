// One number format per page (issue 17): figures in shared texts follow the page's grouping, catalogue
// weights its decimal mark, and messages that name a limit get it with its currency from the one formatter.
import t from 'tap';
import { formatMoney, formatNumber, localizeDecimals, messageParams, regroupNumbers, regroupNumbersDeep, translator } from '../../src/i18n.ts';

t.test('Swiss-grouped figures in a shared text follow the page\'s grouping; nothing else changes', async (t) => {
  const text = "bis 15'000 in Landeswährung; 750 Teile in 1'000 Teilen (750/1000), seit 2020, Kurs 0,80, 1'234'567 Unzen";
  t.equal(regroupNumbers(text, 'de-CH'), text, 'Switzerland keeps the apostrophe');
  t.equal(regroupNumbers(text, 'de-LI'), text, 'and Liechtenstein');
  t.equal(regroupNumbers(text, 'de-DE'), 'bis 15.000 in Landeswährung; 750 Teile in 1.000 Teilen (750/1000), seit 2020, Kurs 0,80, 1.234.567 Unzen');
  t.equal(regroupNumbers(text, 'de-AT'), regroupNumbers(text, 'de-DE'), 'Austria groups as its amounts do ("€ 3.633,59")');
  t.equal(regroupNumbers("over 10'000 dollars", 'en-US'), 'over 10,000 dollars');
  const story = { title: "4'000 Dollar", body: [{ text: "ab 2'000 Euro", url: '/blog/a-1' }], n: 3 };
  const out = regroupNumbersDeep(story, 'de-DE');
  t.same(out, { title: '4.000 Dollar', body: [{ text: 'ab 2.000 Euro', url: '/blog/a-1' }], n: 3 });
  t.equal(regroupNumbersDeep(story, 'de-CH'), story, 'a Swiss page gets the same object');
});

t.test('plain numbers on an Austrian page group like its amounts', async (t) => {
  t.equal(formatNumber(15000, 'de-AT'), '15.000');
  t.match(formatMoney(363359, 'EUR', 'de-AT'), '3.633,59');
  t.equal(formatNumber(15000, 'de-CH'), "15'000");
  t.equal(formatNumber(15000, 'en-US'), '15,000');
});

t.test('fine weights use the page\'s decimal mark', async (t) => {
  t.equal(localizeDecimals('2,5 g', 'de-CH'), '2.5 g', 'a Swiss page writes decimals with a point, as its amounts');
  t.equal(localizeDecimals('13,769 g', 'de-DE'), '13,769 g');
  t.equal(localizeDecimals('2.5 g', 'en-GB'), '2.5 g');
  t.equal(localizeDecimals('1/10 Unze', 'de-DE'), '1/10 Unze', 'a fraction stays');
});

t.test('messages that name a limit carry its amount with the currency, formatted for the page', async (t) => {
  const de = translator('de');
  const en = translator('en');
  const msg = (tr: typeof de, key: string, currency: 'EUR' | 'CHF' | 'USD', locale: Parameters<typeof formatNumber>[1]) => tr(key, messageParams(key, currency, locale)).replace(/\u00a0/g, " ");
  t.equal(msg(de, 'form.error.cash_payout_limit', 'EUR', 'de-DE'), 'Barauszahlungen in der Filiale sind auf 15.000 € begrenzt, zusammen mit Ihren kurz zuvor aufgegebenen Barverkäufen. Bitte wählen Sie eine Überweisung.');
  t.match(msg(de, 'form.error.cash_payout_limit', 'CHF', 'de-CH'), "CHF 15'000");
  t.match(msg(de, 'form.error.scrap_box_value_exceeded', 'CHF', 'de-CH'), "EUR 5'000", 'the box cap is in euros everywhere');
  t.match(msg(de, 'validation.limit_price_too_high', 'EUR', 'de-AT'), '€ 500.000');
  t.match(msg(en, 'limitOrders.field.targetHint', 'USD', 'en-US'), 'At most $500,000.');
  t.match(msg(de, 'sell.weightTooHigh', 'EUR', 'de-DE'), 'Höchstens 100.000 g');
  t.match(msg(de, 'checkout.review.commentHint', 'CHF', 'de-CH'), "Höchstens 1'000 Zeichen");
  t.match(msg(en, 'aml.form8300', 'USD', 'en-US'), 'Cash over $10,000 is reported');
  for (const lang of ['de', 'en'] as const) {
    for (const key of ['form.error.cash_payout_limit', 'form.error.scrap_box_value_exceeded', 'validation.limit_price_too_high', 'limitOrders.field.targetHint', 'checkout.payment.sell.cashHint', 'checkout.review.commentHint', 'sell.weightTooHigh', 'sell.how2', 'sell.how3', 'aml.form8300']) {
      const text = translator(lang)(key, messageParams(key, 'EUR', lang === 'de' ? 'de-DE' : 'en-GB'));
      t.notMatch(text, /\{\{|\d'\d{3}/, `${lang} ${key}: every figure filled in, none Swiss-grouped`);
    }
  }
});
