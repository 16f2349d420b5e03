// Issue 28, "looks foreign", in the back office: an order's amounts are written as its store writes them (a
// German order "1.297,08 €", not "EUR 1'297.08"), also where a form prefills one; the timeline speaks German
// ("durch den Kunden", not "durch der Kunde"); and every action the audit log records has a name in both
// languages (no raw "operator_created").
import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { commerceHarness } from '../commerce/helpers.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';
import { formatMoney, messageTemplate } from '../../src/i18n.ts';
import { parseAmount } from '../../src/backoffice/format.ts';
import { OrderEventKind } from '../../src/contracts/order.ts';

const h = await commerceHarness(t);
const de = { 'accept-language': 'de' };
const en = { 'accept-language': 'en' };
/** "1.297,08 €" with the no-break space the formatter writes, as textOf leaves it */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

t.test("a German order's amounts read as the German store writes them, a Swiss order's as the Swiss", async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const deOrder = await order(await customer(api, 'de'));
  const chOrder = await order(await customer(api, 'ch'));
  const fin = await signedIn('finance@ops.example');

  const deTotal = formatMoney(deOrder.totalGrossPrice.centAmount, 'EUR', 'de-DE');
  t.match(deTotal, /^\d{1,3}(\.\d{3})*,\d\d\u00a0€$/, 'the German store writes 1.297,08 €');
  const queue = plain(textOf((await fin.get('/orders?queue=to_pay', de)).body));
  t.match(queue, plain(deTotal), 'the queue shows the German order in euros the German way');
  t.match(queue, plain(formatMoney(chOrder.totalGrossPrice.centAmount, 'CHF', 'de-CH')), 'and the Swiss order in francs the Swiss way');
  t.notMatch(queue, /EUR \d/, 'no "EUR 1\'297.08"');

  const detail = await fin.get(`/orders/${deOrder.id}`, de);
  const text = plain(textOf(detail.body));
  t.match(text, plain(deTotal), 'the detail too');
  t.notMatch(text, /EUR \d|\d'\d{3}\.\d\d/, 'no Swiss grouping for a German order');
  const prefilled = /id="payment-amount"[^>]*value="([^"]+)"/.exec(detail.body)?.[1] ?? /value="([^"]+)"[^>]*id="payment-amount"/.exec(detail.body)?.[1];
  t.equal(prefilled, deTotal.replace(/\u00a0€$/, ''), 'the payment form prefills the amount as the German store writes it');
  t.equal(parseAmount(prefilled ?? ''), deOrder.totalGrossPrice.centAmount, 'and reads it back as the same cents');
  const paid = await fin.post(`/orders/${deOrder.id}/payment`, { amount: prefilled ?? '', currency: 'EUR', reference: deOrder.orderNumber, valueDate: '2026-11-23' });
  t.equal(paid.statusCode, 303, 'the prefilled amount records the payment');

  const english = plain(textOf((await fin.get(`/orders/${deOrder.id}`, en)).body));
  t.match(english, plain(formatMoney(deOrder.totalGrossPrice.centAmount, 'EUR', 'en-GB')), 'in English: €1,297.08');
});

t.test('the timeline says who in German grammar, and the audit log names every action', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const o = await order(await customer(api, 'ch'));
  const admin = await signedIn('admin@ops.example');
  const created = await admin.post('/operators', { email: 'new.colleague@ops.example', password: 'Long-enough-2026', roles: 'support' });
  t.equal(created.statusCode, 303, created.body.slice(0, 300));

  const detail = textOf((await admin.get(`/orders/${o.id}`, de)).body);
  t.match(detail, 'Bestellung aufgegeben durch den Kunden');
  t.notMatch(detail, 'durch der Kunde');
  t.match(textOf((await admin.get(`/orders/${o.id}`, en)).body), 'Order placed by the customer');

  const log = textOf((await admin.get('/audit', de)).body);
  t.match(log, 'Mitarbeiterkonto angelegt', 'the new account is named in German');
  t.notMatch(log, /operator_created|operator_updated|statement_uploaded/, 'no raw action codes');
  t.match(textOf((await admin.get('/audit', en)).body), 'Staff account created');
});

/** Every action the shop writes into the audit log: the order events, and the operator actions its code
 * writes (`action: '…', before:` is the shape of an audit entry). */
function auditActions(): string[] {
  const found = new Set<string>(OrderEventKind.anyOf.map((k) => k.const as string));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/action: '([a-z_]+)', before:/g)) found.add(m[1]);
    }
  };
  walk('src/commerce');
  return [...found].sort();
}

t.test('every audit action has a name in English and German', async (t) => {
  const actions = auditActions();
  t.ok(actions.includes('operator_created') && actions.includes('statement_uploaded'), 'the operator actions are found');
  for (const lang of ['en', 'de'] as const) {
    for (const a of actions) t.ok(messageTemplate(lang, `backoffice.event.${a}`), `${lang}: backoffice.event.${a}`);
  }
});
