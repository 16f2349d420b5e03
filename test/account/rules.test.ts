// The account features' rule tables: every code a shopper can see has its message in English and German,
// every field code its validation message, and the failure reasons a limit order can carry are translated.
import t from 'tap';
import { readFileSync } from 'node:fs';
import { accountErrors, accountFieldMessages, userVisibleAccountCodes } from '../../src/commerce/account-error-codes.ts';
import { orderReasonOrder } from '../../src/commerce/orders/create.ts';
import { limitOrderStatuses } from '../../src/contracts/limit-order.ts';

const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
  form: { error: Record<string, string> }; validation: Record<string, string>;
};

t.test('every account code a shopper can see has its message in English and German', async (t) => {
  const en = locale('en');
  const de = locale('de');
  t.ok(userVisibleAccountCodes.length >= 15);
  for (const code of userVisibleAccountCodes) {
    t.equal(en.form.error[code], accountErrors[code].message, `en form.error.${code}`);
    t.ok(de.form.error[code], `de form.error.${code}`);
  }
  for (const [code, message] of Object.entries(accountFieldMessages)) {
    t.ok(en.validation[code] && de.validation[code], `validation.${code}`);
    if (['too_long', 'required', 'invalid_email', 'invalid_value'].includes(code)) continue;
    // a page's message with a figure ({{amount}}) gets it formatted for the page; the service writes it out
    const figure = /\{\{\w+\}\}/g;
    const words = String(en.validation[code]);
    if (figure.test(words)) t.match(message, new RegExp(`^${words.split(figure).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`), `validation.${code} says the same`);
    else t.equal(words, message, `validation.${code} says the same`);
  }
});

t.test('a failed limit order\'s reason is always a translated code', async (t) => {
  const en = locale('en');
  const de = locale('de');
  for (const code of ['product_out_of_stock', 'product_no_longer_available', 'no_default_address', 'country_not_allowed', ...orderReasonOrder]) {
    t.ok(en.form.error[code] && de.form.error[code], code);
  }
  t.same(limitOrderStatuses, ['active', 'inactive', 'executed', 'cancelled', 'pending', 'failed'], 'spec 4 statuses');
});
