// Issue 25, "Statements": the depot statement. The half-yearly job issues each depot customer's statement of the
// closed period once (also with two instances at the same moment), numbered without gaps, and mails that it is
// ready; the PDF (read with poppler's pdftotext, not the library that wrote it) names the holdings, the lots
// with purchase date, price and holding-period end, the valuation at the buy-back prices and the period's
// depot sales with their FIFO gains, in the customer's language. The customer asks for one as of now on the
// depot page (numbered and stored each time, rate-limited); a later download answers the same bytes after the
// prices changed; another customer's statement answers 404.
import t from 'tap';
import type { Db } from '../../src/commerce/db/index.ts';
import type { Cart } from '../../src/contracts/cart.ts';
import type { DepotStatement } from '../../src/contracts/depot-statement.ts';
import type { Deposit } from '../../src/contracts/deposit.ts';
import type { Order } from '../../src/contracts/order.ts';
import { buildCommerceApp } from '../../src/commerce/app.ts';
import { closedPeriods } from '../../src/commerce/documents/statement-service.ts';
import { recordPayment } from '../../src/commerce/lifecycle/index.ts';
import { formatMoney } from '../../src/i18n.ts';
import { testCompanyFacts } from '../company-facts.ts';
import { commerceHarness, login, PASSWORD, testConfig, type Api } from '../commerce/helpers.ts';
import { customer, handOver, ok, placeOrder, pricesNow, readyCart, type Shopper } from '../orders/helpers.ts';
import { openAccountShop, setWithPrice } from '../account/helpers.ts';
import { pdfText as pdfTextRaw, sha256 } from './helpers.ts';

const h = await commerceHarness(t);
const BAR = 'AU-BAR-HERAEUS-100G';
const COIN = 'AU-KRUG-1OZ';
const FINANCE = { type: 'operator' as const, id: '00000000-0000-4000-8000-0000000000f1', email: 'finance@aurum.example' };

async function depositPurchase(api: Api, s: Shopper, lines: { sku: string; quantity: number }[]): Promise<Order> {
  const res = await placeOrder(s, (await readyCart(s, { lines, shippingMethodId: 'deposit' })).id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const o = res.json() as Order;
  await recordPayment(api.app.commerce, o.id, { centAmount: o.totalGrossPrice.centAmount, currency: o.currency, reference: o.orderNumber, valueDate: '2026-11-23' }, FINANCE, ['finance']);
  return o;
}

/** The newest statement mail to an address (sign-ins send their own security mails in between). */
async function statementMail(db: Db, to: string): Promise<{ subject: string | null; text: string } | null> {
  const rows = await db.query<{ subject: string | null; text: string }>(
    `select subject, text from outbox where "to" = $1 and (subject like 'Ihr Depotauszug%' or subject like 'Your depot statement%') order by id desc limit 1`, [to]);
  return rows[0] ?? null;
}

async function depositSale(s: Shopper, lines: { sku: string; quantity: number }[]): Promise<Order> {
  for (const c of ((await s.call('GET', '/carts')).json().results as Cart[]).filter((x) => x.transactionType === 'sell')) await ok(s.call('DELETE', `/carts/${c.id}`));
  const cart = await readyCart(s, { type: 'sell', lines, shippingMethodId: 'depositSell' });
  // issue 26: a payout account is set within 5 minutes of a confirmation (the password: no second factor here)
  await ok(s.call('POST', `/customers/${s.ownerId}/step-up`, { password: PASSWORD }));
  await ok(s.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`sale: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** A customer signed in again (after the clock moved past the access token's lifetime). */
async function signInAgain(api: Api, c: Shopper & { email: string; password: string }): Promise<Shopper & { email: string; password: string }> {
  const { accessToken } = await login(api, { email: c.email, password: c.password, store: c.store });
  return { ...c, token: accessToken, call: (method, url, body, headers) => api.call(method, url, { store: c.store, token: accessToken, body, headers }) };
}

/** pdftotext writes the spaces of amounts ("1.234,56 €") as plain spaces: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const pdfText = (pdf: Uint8Array) => plain(pdfTextRaw(pdf));
async function statementsOf(s: Shopper): Promise<DepotStatement[]> {
  const res = await s.call('GET', '/deposits/statements');
  if (res.statusCode !== 200) throw new Error(`statements: ${res.statusCode} ${res.body}`);
  return res.json().results as DepotStatement[];
}
const eur = (cents: number) => plain(formatMoney(cents, 'EUR', 'de-DE'));
const rows = (depositId: string) => h.db.query<{ number: string; seq: number; period_kind: string; period_from: string }>(
  'select number, seq, period_kind, period_from::text from depot_statements where deposit_id = $1 order by seq', [depositId]);
const allSeqs = async (year: number) => (await h.db.query<{ seq: number }>(`select seq from depot_statements where company_key = 'DE' and year = $1 order by seq`, [year])).map((r) => r.seq);

t.test('the half-year job: one statement per depot and closed period (two instances, run twice), gapless numbers, a mail; the annual PDF names holdings, lots, holding-period end, valuation and the FIFO gains', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  let anna = await customer(api, 'de');
  const first = await depositPurchase(api, anna, [{ sku: COIN, quantity: 2 }]);
  api.clock.advance(60);
  const second = await depositPurchase(api, anna, [{ sku: COIN, quantity: 3 }, { sku: BAR, quantity: 1 }]);
  api.clock.advance(60);
  const sale = await depositSale(anna, [{ sku: COIN, quantity: 3 }]);
  const paid = sale.lineItems[0].price.centAmount;
  const unitFirst = first.lineItems[0].price.centAmount;
  const unitSecond = second.lineItems.find((l) => l.sku === COIN)!.price.centAmount;
  let ben = await customer(api, 'de');
  await h.db.query(`update customers set language = 'en' where id = $1`, [ben.ownerId]);
  await depositPurchase(api, ben, [{ sku: BAR, quantity: 1 }]);
  const annaDepot = ((await anna.call('GET', '/deposits')).json().results as Deposit[])[0];
  const benDepot = ((await ben.call('GET', '/deposits')).json().results as Deposit[])[0];

  const job = api.app.commerce.jobs.get('depot-statements')!;
  t.same(await job.run(), { issued: [], failed: 0 }, 'in November no period has closed since the depots were opened');

  // 1 January 2027, 00:30 in Berlin: the second half year and the year 2026 have closed
  api.clock.set(Date.parse('2026-12-31T23:30:00Z'));
  await pricesNow(api);
  const other = await buildCommerceApp({ companyFacts: testCompanyFacts(), db: h.db, config: testConfig(), logger: false, clock: api.clock });
  t.teardown(() => other.close());
  const [a, b] = await Promise.all([job.run(), other.commerce.jobs.get('depot-statements')!.run()]) as { issued: string[] }[];
  t.equal(a.issued.length + b.issued.length, 4, 'two instances at once: four statements in all (two depots, half year and year)');
  t.same(await job.run(), { issued: [], failed: 0 }, 'run again: nothing more');
  api.clock.advance(86_400);
  t.same(await job.run(), { issued: [], failed: 0 }, 'nor the next day');
  anna = await signInAgain(api, anna);
  ben = await signInAgain(api, ben);

  t.same((await rows(annaDepot.id)).map((r) => [r.period_kind, r.period_from]), [['half_year', '2026-07-01'], ['year', '2026-01-01']],
    'Anna: the second half year and the year, once each');
  t.equal((await rows(benDepot.id)).length, 2);
  t.same(await allSeqs(2027), [1, 2, 3, 4], 'numbered DA-DE-2027-000001 to 4 without gaps');

  const mine = await statementsOf(anna);
  t.equal(mine.length, 2, 'the depot page lists them');
  const annual = mine.find((s) => s.periodKind === 'year')!;
  t.match(annual, { number: /^DA-DE-2027-00000\d$/, periodFrom: '2026-01-01', periodTo: '2026-12-31', url: `/deposits/statements/${annual.id}` });
  const mail = await statementMail(h.db, anna.email);
  t.match(mail?.subject, /^Ihr Depotauszug DA-DE-2027-00000\d liegt bereit$/, 'a mail says it is ready (German)');
  t.match(mail?.text, '/kundenkonto/depotverwaltung', 'with a link to the depot page');
  t.match((await statementMail(h.db, ben.email))?.subject, /^Your depot statement DA-DE-2027-00000\d is ready$/, 'in the customer\'s language');

  const res = await anna.call('GET', annual.url);
  t.equal(res.statusCode, 200);
  t.equal(res.headers['content-disposition'], `attachment; filename="${annual.number}.pdf"`);
  const text = pdfText(res.rawPayload);
  t.match(text, `Jahresdepotauszug ${annual.number}`);
  t.match(text, '01/01/2026 bis 31/12/2026');
  t.match(text, annaDepot.number, 'the depot\'s number');
  // holdings at 31 Dec: 2 coins of the second lot (the sale took 2 of the first and 1 of the second) and the bar
  t.match(text, /Krügerrand 1 Unze Gold\s+2\s/, 'the coins held: 2');
  t.match(text, 'Rückkaufpreis', 'valued at the buy-back price');
  t.match(text, second.orderNumber, 'the lot still holding metal');
  t.notMatch(text.split('Verkäufe aus dem Depot')[0], first.orderNumber, 'the emptied lot is not among the holdings');
  t.match(text, '23/11/2027', 'holding period ends: the day after the anniversary of the purchase (22 Nov 2026)');
  t.match(text, '§ 23 Abs. 1 Satz 1 Nr. 2 EStG');
  t.match(text, eur(2 * unitSecond), 'the lot\'s cost');
  // the sale: FIFO 2 from the first lot, 1 from the second
  t.match(text, sale.orderNumber);
  t.match(text, eur(2 * (paid - unitFirst)), 'the gain of the part from the first lot');
  t.match(text, eur(paid - unitSecond), 'the gain of the part from the second lot');
  t.match(text, eur(2 * (paid - unitFirst) + paid - unitSecond), 'the period\'s total gain');
  t.match(text, eur(3 * paid), 'the proceeds');

  const half = mine.find((s) => s.periodKind === 'half_year')!;
  t.match(pdfText((await anna.call('GET', half.url)).rawPayload), '01/07/2026 bis 31/12/2026');
  const bens = await statementsOf(ben);
  const benText = pdfText((await ben.call('GET', bens[0].url)).rawPayload);
  t.match(benText, /depot statement DA-DE-2027/i, 'Ben\'s statement is in English');
  t.match(benText, 'Holding period ends');
  t.notMatch(benText, sale.orderNumber, 'and shows only his depot');
  t.equal((await ben.call('GET', annual.url)).json().code, 'document_not_found', 'another customer\'s statement: 404');
});

t.test('a statement as of now: numbered and stored each time, identical bytes after the prices change, English on request, rate-limited, owner only', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  const c = await customer(api, 'de');
  const none = await c.call('POST', '/deposits/statements');
  t.match(none.json(), { statusCode: 404, code: 'deposit_not_found' }, 'no depot: nothing to state');
  const o = await depositPurchase(api, c, [{ sku: BAR, quantity: 2 }]);
  const before = new Set(await allSeqs(2026));

  const created = await c.call('POST', '/deposits/statements?languageTag=en');
  t.equal(created.statusCode, 201);
  const s = created.json() as DepotStatement;
  t.match(s, { number: /^DA-DE-2026-\d{6}$/, periodKind: 'on_demand', periodFrom: '2026-01-01', periodTo: '2026-11-22' });
  const first = await c.call('GET', s.url);
  const text = pdfText(first.rawPayload);
  t.match(text, `Depot statement ${s.number}`);
  t.match(text, /Gold bar/i, 'the product in English');
  t.match(text, o.orderNumber);
  t.match(text, 'No sales in the period.');
  const unit = ((await c.call('GET', '/deposits')).json().results as Deposit[])[0].holdings[0].unitSellPrice!.centAmount;
  t.match(text, plain(formatMoney(2 * unit, 'EUR', 'en-GB')), 'valued at today\'s buy-back price');

  await handOver(api, await setWithPrice(api, BAR, 'sell', unit + 50_000));
  const again = await c.call('GET', s.url);
  t.ok(Buffer.compare(first.rawPayload, again.rawPayload) === 0, 'the prices changed: the same bytes');
  t.equal(sha256(again.rawPayload), again.headers['x-content-sha256']);
  const next = (await c.call('POST', '/deposits/statements')).json() as DepotStatement;
  t.match(pdfText((await c.call('GET', next.url)).rawPayload), eur(2 * (unit + 50_000)), 'a new statement shows the new price (German)');

  const other = await customer(api, 'de');
  t.match((await other.call('GET', s.url)).json(), { statusCode: 404, code: 'document_not_found' }, 'another customer: 404');
  t.same(await statementsOf(other), [], 'and lists none of them');
  t.equal((await c.call('GET', '/deposits/statements/not-a-uuid')).statusCode, 404);
  t.equal((await api.call('GET', s.url, { store: 'de' })).statusCode, 401, 'no token: 401');

  for (let i = 0; i < 3; i++) t.equal((await c.call('POST', '/deposits/statements')).statusCode, 201);
  const limited = await c.call('POST', '/deposits/statements');
  t.match(limited.json(), { statusCode: 429, code: 'too_many_requests' }, 'the sixth within an hour is refused');
  api.clock.advance(3601);
  const later = await signInAgain(api, c);
  t.equal((await later.call('POST', '/deposits/statements')).statusCode, 201, 'an hour later again');
  const seqs = (await allSeqs(2026)).filter((x) => !before.has(x));
  t.equal(seqs.length, 6, 'six statements stored');
  t.same(seqs, seqs.map((_, i) => seqs[0] + i), 'numbered without gaps (the refused one took no number)');
  t.equal((await statementsOf(later)).length, 6);
});

t.test('the period ends at midnight in the store\'s time zone: a sale just after it is in the next period, the holdings are those of its end', async (t) => {
  const { api } = await openAccountShop(h, t);
  t.teardown(() => h.db.query('delete from deposits'));
  t.same(closedPeriods(new Date('2027-06-30T22:10:00Z'), 'de').map((p) => [p.kind, p.from, p.to, p.start.toISOString(), p.end.toISOString()]),
    [['half_year', '2027-01-01', '2027-06-30', '2026-12-31T23:00:00.000Z', '2027-06-30T22:00:00.000Z']], '00:10 on 1 July in Berlin: the first half year has closed (summer time)');
  t.same(closedPeriods(new Date('2027-06-30T22:10:00Z'), 'us'), [
    { kind: 'half_year', from: '2026-07-01', to: '2026-12-31', start: new Date('2026-07-01T04:00:00Z'), end: new Date('2027-01-01T05:00:00Z') },
    { kind: 'year', from: '2026-01-01', to: '2026-12-31', start: new Date('2026-01-01T05:00:00Z'), end: new Date('2027-01-01T05:00:00Z') },
  ], 'in New York it is still 30 June');

  // 23:50 on 30 June 2027 in Berlin: two coins into the depot; at 00:10 on 1 July one is sold
  api.clock.set(Date.parse('2027-06-30T21:50:00Z'));
  await pricesNow(api);
  const c = await customer(api, 'de');
  await depositPurchase(api, c, [{ sku: COIN, quantity: 2 }]);
  api.clock.advance(1200);
  await pricesNow(api);
  const sale = await depositSale(c, [{ sku: COIN, quantity: 1 }]);
  const report = await api.app.commerce.jobs.get('depot-statements')!.run() as { issued: string[] };
  t.equal(report.issued.length, 1, 'the new depot gets the first half year\'s statement');
  const [s] = await statementsOf(c);
  t.match(s, { periodKind: 'half_year', periodFrom: '2027-01-01', periodTo: '2027-06-30' });
  const text = pdfText((await c.call('GET', s.url)).rawPayload);
  t.match(text, /Krügerrand 1 Unze Gold\s+2\s/, 'both coins held at the end of 30 June');
  t.notMatch(text, sale.orderNumber, 'the sale of 1 July is not in the period');
  t.match(text, 'Keine Verkäufe im Zeitraum.');
  t.match(text, '01/07/2028', 'holding period ends the day after the anniversary of 30 June 2027');
});
