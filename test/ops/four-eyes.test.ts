// Issue 26 (staff), four eyes: a payout above the threshold of its currency (FOUR_EYES_PAYOUT_THRESHOLDS,
// default 10,000.00) is prepared by one finance operator and released by another; the one who prepared it
// cannot release it; the audit names both. Through the operators' API, as the back office calls it.
import t from 'tap';
import { createOperator } from '../../src/commerce/ops/index.ts';
import { fourEyesThresholdCents } from '../../src/commerce/lifecycle/steps.ts';
import { commerceHarness, uniqueEmail, type Api } from '../commerce/helpers.ts';
import { customer, pricesNow, teardownData } from '../orders/helpers.ts';
import { scrapSale } from '../lifecycle/helpers.ts';
import { demoToken, opsCall, opsLogin } from './helpers.ts';

const h = await commerceHarness(t);
const PASSWORD = 'Tresor-Schluessel-42';

/** A German scrap sale (EUR) received and assayed: Accepted, its payout due. */
async function acceptedSale(api: Api): Promise<{ id: string; cents: number }> {
  const c = await customer(api, 'de');
  const o = await scrapSale(c, [{ metal: 'gold', fineness: 750, weightGrams: 10 }]);
  const wh = await demoToken(api, 'warehouse');
  const received = await opsCall(api, 'POST', `/ops/orders/${o.id}/goods-received`, wh, {});
  if (received.statusCode !== 200) throw new Error(received.body);
  const assayed = await opsCall(api, 'POST', `/ops/orders/${o.id}/assay`, wh, { lines: [{ lineId: o.lineItems[0].id, finalFineWeightMg: 7500 }] });
  if (assayed.statusCode !== 200) throw new Error(assayed.body);
  return { id: o.id, cents: assayed.json().assay.final.centAmount };
}

async function secondFinance(api: Api): Promise<{ id: string; token: string; email: string }> {
  const email = uniqueEmail('finance2');
  const op = await createOperator(api.db, { email, password: PASSWORD, roles: ['finance'] }, { type: 'system', id: 'test', email: null }, api.clock());
  return { id: op.id, email, token: (await opsLogin(api, email, PASSWORD)).accessToken };
}

t.test('the threshold per currency: the setting names some, every other is 10,000.00', async (t) => {
  t.equal(fourEyesThresholdCents('', 'EUR'), 1_000_000);
  t.equal(fourEyesThresholdCents('CHF=5000.00,EUR=250', 'EUR'), 25_000);
  t.equal(fourEyesThresholdCents('CHF=5000.00,EUR=250', 'CHF'), 500_000);
  t.equal(fourEyesThresholdCents('CHF=5000.00', 'USD'), 1_000_000);
});

t.test('a payout above the threshold: prepared by one finance operator, released by another; the audit names both', async (t) => {
  const api = await h.api(t, { config: { FOUR_EYES_PAYOUT_THRESHOLDS: 'EUR=100.00' } });
  await teardownData(t, h.db);
  await pricesNow(api);
  const sale = await acceptedSale(api);
  t.ok(sale.cents > 10_000, 'above the 100.00 set for EUR');
  const payout = (token: string) => opsCall(api, 'POST', `/ops/orders/${sale.id}/payout`, token, { iban: 'DE89370400440532013000', centAmount: sale.cents, valueDate: '2026-11-24' });
  const felix = await opsLogin(api, 'finance@ops.example');
  const prepared = await payout(felix.accessToken);
  t.equal(prepared.statusCode, 200, prepared.body);
  t.match(prepared.json().summary, { orderState: 'Accepted', paymentState: 'Pending' }, 'prepared: nothing is paid out yet');

  const same = await payout(felix.accessToken);
  t.equal(same.statusCode, 409, 'the one who prepared it cannot release it');
  t.equal(same.json().code, 'four_eyes_same_operator');

  const other = await secondFinance(api);
  const wrongDay = await opsCall(api, 'POST', `/ops/orders/${sale.id}/payout`, other.token, {
    iban: 'DE89370400440532013000', centAmount: sale.cents, valueDate: '2026-11-25',
  });
  t.equal(wrongDay.statusCode, 409, 'a release must be the payout that was prepared');
  t.equal(wrongDay.json().code, 'four_eyes_mismatch');

  const released = await payout(other.token);
  t.equal(released.statusCode, 200, released.body);
  t.match(released.json().summary, { orderState: 'Complete', paymentState: 'Paid' });

  const audit = (await opsCall(api, 'GET', `/ops/audit?orderId=${sale.id}&limit=50`, await demoToken(api, 'admin'))).json().results as { action: string; actor: { id: string }; details: Record<string, any> }[];
  const prep = audit.find((e) => e.action === 'payout_prepared');
  const paid = audit.find((e) => e.action === 'paid_out');
  t.equal(prep?.actor.id, felix.operator.id, 'who prepared it');
  t.equal(paid?.actor.id, other.id, 'who released it');
  t.equal(paid?.details.preparedBy.id, felix.operator.id, 'the payout entry names both');
  t.equal(paid?.details.releasedBy.id, other.id);
  t.equal(audit.filter((e) => e.action === 'paid_out').length, 1);

});

t.test('a payout at or below the threshold needs one finance operator, as before', async (t) => {
  const api = await h.api(t);
  await teardownData(t, h.db);
  await pricesNow(api);
  const sale = await acceptedSale(api);
  const fin = await demoToken(api, 'finance');
  const cents = sale.cents;
  t.ok(cents <= 1_000_000, 'below the default 10,000.00');
  const paid = await opsCall(api, 'POST', `/ops/orders/${sale.id}/payout`, fin, { iban: 'DE89370400440532013000', centAmount: cents, valueDate: '2026-11-24' });
  t.equal(paid.statusCode, 200, paid.body);
  t.match(paid.json().summary, { orderState: 'Complete', paymentState: 'Paid' });
});
