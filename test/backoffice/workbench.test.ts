// Issue 24, the back office as a workbench, through its pages against the real commerce service: the CSV of
// exactly what the list shows (every page, RFC 4180 quoting, decimals with a currency column, a BOM), saved
// views per operator, a bulk shipment with its outcome per order and the packing slips, the Scrap Metal Box
// sent from its queue.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import type { OpsClient } from '../../src/backoffice/ops-client.ts';
import { allOrders, csvField, ordersCsv } from '../../src/backoffice/screens/orders/csv.ts';
import { fmtFor } from '../../src/backoffice/format.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

async function orderNamed(s: Shopper, lastName: string, quantity = 1, firstName = 'Anna'): Promise<Order> {
  const cart = await readyCart(s, { lines: [{ sku: 'AU-KRUG-1OZ', quantity }] });
  const address = { ...addressOf[s.store], firstName, lastName };
  await ok(s.call('PUT', `/carts/${cart.id}/addresses`, { shippingAddress: address, billingAddress: address, email: 'anna.muster@example.ch' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

/** The CSV's records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; } else field += c;
  }
  return rows;
}

t.test('the CSV holds every order of the filtered list, not just the page shown, quoted, with decimal amounts, a currency column and a BOM', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const quoted = await orderNamed(c, 'Müller, "Goldi"', 2);
  const formula = await orderNamed(c, 'Test', 1, '=HYPERLINK("x")');
  for (let i = 0; i < 25; i++) await order(c);
  const other = await order(await customer(api, 'de'));

  const fin = await signedIn('finance@ops.example');
  const page = await fin.get('/orders?store=ch&sort=total&dir=desc');
  t.equal(page.statusCode, 200);
  t.match(textOf(page.body), 'Orders found: 27');
  t.match(page.body, 'href="/orders.csv?store=ch&amp;sort=total&amp;dir=desc"', 'the download link carries the list\'s filters and sort');

  const csv = await fin.get('/orders.csv?store=ch&sort=total&dir=desc');
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /^text\/csv; charset=utf-8/);
  t.match(csv.headers['content-disposition'], /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
  t.ok(csv.body.startsWith('\uFEFF'), 'UTF-8 with a BOM: Excel reads the umlauts');
  const rows = parseCsv(csv.body.slice(1));
  t.same(rows[0], ['Order number', 'Placed (UTC)', 'Store', 'Type', 'Customer', 'E-mail', 'Order state', 'Payment state', 'Payment method', 'Delivery', 'Amount', 'Currency', 'Payment due']);
  t.equal(rows.length, 28, 'all 27 orders of the filter, though a page of the list shows 25');
  t.notOk(rows.some((r) => r[0] === other.orderNumber), 'the German order is not in the Swiss filter');
  t.equal(rows[1][0], quoted.orderNumber, 'sorted as the list: the largest total first');
  t.equal(rows[1][4], 'Anna Müller, "Goldi"', 'a comma and quotes survive the round trip');
  t.match(csv.body, '"Anna Müller, ""Goldi"""', 'quoted as RFC 4180 writes it');
  t.same(rows[1].slice(10, 12), [(quoted.totalGrossPrice.centAmount / 100).toFixed(2), 'CHF'], 'the amount as a decimal, the currency beside it');
  t.equal(rows.find((r) => r[0] === formula.orderNumber)?.[4], '\'=HYPERLINK("x") Test', 'a name that reads like a formula stays text in a spreadsheet');
  t.ok(csv.body.includes('\r\n'), 'CRLF line ends');

  const de = await fin.get('/orders.csv?store=de&lang=de');
  t.equal(de.statusCode, 303, 'the language switch');
  const german = parseCsv((await fin.get('/orders.csv?store=de')).body.slice(1));
  t.same(german[0].slice(0, 2), ['Bestellnummer', 'Bestellt (UTC)'], 'the header in the operator\'s language');
  t.equal(german[1][10], (other.totalGrossPrice.centAmount / 100).toFixed(2), 'the decimal point whatever the language');
});

t.test('a text field starting like a formula is defused; numbers are not', async (t) => {
  t.equal(csvField('=1+1'), '\'=1+1');
  t.equal(csvField('@SUM(A1)'), '\'@SUM(A1)');
  t.equal(csvField('-12.50', false), '-12.50');
  t.equal(csvField('a\nb'), '"a\nb"');
  const f = fmtFor('en');
  const line = ordersCsv(f, []).split('\r\n');
  t.equal(line.length, 2, 'a header and the final line end');
});

t.test('the CSV pages through the list call until every order is read, and refuses a list beyond 10,000 orders', async (t) => {
  const make = (n: number) => ({ id: `id-${n}`, orderNumber: `CH-B-2026-${String(n).padStart(6, '0')}` });
  const asked: number[] = [];
  const client = (total: number): OpsClient => ({
    async orders(_token: string | null, query: { offset?: number }) {
      const offset = Number(query.offset ?? 0);
      asked.push(offset);
      const results = Array.from({ length: Math.max(0, Math.min(100, total - offset)) }, (_, i) => make(offset + i));
      return { data: { results, total, counts: {} }, error: null };
    },
  } as unknown as OpsClient);
  const all = await allOrders(client(250), 'token', { queue: 'to_ship' });
  t.equal(all.orders?.length, 250);
  t.same(asked, [0, 100, 200], 'three calls of 100');
  const big = await allOrders(client(10_001), 'token', {});
  t.equal(big.tooMany, 10_001);
});

t.test('saved views: an operator saves the list\'s filters and sort under a name, opens and deletes it; another operator can do neither', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const fin = await signedIn('finance@ops.example');
  const saved = await fin.post('/orders/views', { name: 'Unpaid after 3 days', query: '?queue=to_pay&to=today-3&sort=createdAt&dir=asc' });
  t.equal(saved.statusCode, 303);
  t.match(saved.headers.location, /^\/orders\?queue=to_pay&to=today-3&sort=createdAt&dir=asc&notice=view-saved&view=[0-9a-f-]{36}$/);
  const list = await fin.get(saved.headers.location as string);
  t.match(textOf(list.body), 'The view “Unpaid after 3 days” is saved.');
  t.match(list.body, /<a href="\/orders\?queue=to_pay&amp;to=today-3&amp;sort=createdAt&amp;dir=asc" aria-current="page">Unpaid after 3 days<\/a>/, 'the view is listed and marked as the list shown');
  const id = /view=([0-9a-f-]{36})/.exec(saved.headers.location as string)?.[1] as string;

  const wh = await signedIn('warehouse@ops.example');
  t.notMatch(textOf((await wh.get('/orders')).body), 'Unpaid after 3 days', 'the warehouse does not see finance\'s view');
  const foreign = await wh.post(`/orders/views/${id}/delete`, {});
  t.equal(foreign.statusCode, 404, 'nor delete it');
  t.match(textOf(foreign.body), 'This saved view does not exist');
  t.match(textOf((await fin.get('/orders')).body), 'Unpaid after 3 days', 'it is still finance\'s');

  const gone = await fin.post(`/orders/views/${id}/delete`, {});
  t.equal(gone.statusCode, 303);
  t.match(textOf((await fin.get(gone.headers.location as string)).body), 'The view is deleted.');
  t.equal((await fin.post(`/orders/views/${id}/delete`, {}, { csrf: 'wrong' })).statusCode, 403, 'a form without the session\'s CSRF token is refused');
});

t.test('a bulk shipment through the pages: one row per order, a refused row says why and the others ship; their packing slips print without prices', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const a = await orderNamed(c, 'Keller', 2);
  const b = await orderNamed(c, 'Brunner');
  const unpaid = await orderNamed(c, 'Offen');
  const fin = await signedIn('finance@ops.example');
  const payForm = await fin.get(`/orders/bulk?do=pay&id=${a.id}&id=${b.id}`);
  t.equal(payForm.statusCode, 200);
  t.match(payForm.body, `value="${a.orderNumber}"`, 'the reference is prefilled with the order number');
  const paid = await fin.post('/orders/bulk/payments', {
    orderId: [a.id, b.id], amount: [(a.totalGrossPrice.centAmount / 100).toFixed(2), (b.totalGrossPrice.centAmount / 100).toFixed(2)],
    currency: ['CHF', 'CHF'], reference: [a.orderNumber, b.orderNumber], valueDate: ['2026-11-22', '2026-11-22'],
  });
  t.equal(paid.statusCode, 200);
  t.match(textOf(paid.body), '2 done, 0 refused.');

  const wh = await signedIn('warehouse@ops.example');
  const list = await wh.get('/orders?queue=to_ship');
  const box = new RegExp(`<input type="checkbox"[^>]*value="${a.id}"[^>]*>`).exec(list.body)?.[0] ?? '';
  t.match(box, /name="id"/, 'each row can be selected for the bulk form');
  t.match(box, /form="bulk"/);
  t.match(box, `aria-label="Select order ${a.orderNumber}"`);
  const form = await wh.get(`/orders/bulk?do=ship&id=${a.id}&id=${unpaid.id}&id=${b.id}`);
  t.equal(form.statusCode, 200);
  t.match(form.body, '<datalist id="carrier-list">', 'carriers offered from the shared list');
  t.match(textOf(form.body), `Tracking number of ${a.orderNumber}`, 'each row\'s fields are labelled with its order');

  const missing = await wh.post('/orders/bulk/shipments', { orderId: [a.id, unpaid.id, b.id], carrier: ['DHL', 'DPD', ''], trackingNumber: ['00340434161234567890', '01234567890123', ''] });
  t.equal(missing.statusCode, 400, 'a row left empty: nothing is sent');
  t.match(textOf(missing.body), 'Fill in every row.');
  t.match(missing.body, 'value="00340434161234567890"', 'what was typed stays');

  const shipped = await wh.post('/orders/bulk/shipments', {
    orderId: [a.id, unpaid.id, b.id], orderNumber: [a.orderNumber, unpaid.orderNumber, b.orderNumber], carrier: ['DHL', 'DPD', 'Swiss Post'], trackingNumber: ['00340434161234567890', '01234567890123', '990012345612345678'],
  });
  t.equal(shipped.statusCode, 200);
  const text = textOf(shipped.body);
  t.match(text, '2 done, 1 refused.');
  t.match(text, new RegExp(`${a.orderNumber} Done: Complete`));
  t.match(text, `${unpaid.orderNumber} Refused: This order can no longer record a shipment: it is now Open (Payment pending).`, 'the unpaid order says why, naming its state');
  t.match(text, new RegExp(`${b.orderNumber} Done: Complete`), 'the order after the refused one still ships');
  t.match(shipped.body, `href="/orders/packing-slips?id=${a.id}&amp;id=${b.id}"`, 'the slips of the shipped orders');

  const slips = await wh.get(`/orders/packing-slips?id=${a.id}&id=${b.id}`);
  t.equal(slips.statusCode, 200);
  const s = textOf(slips.body);
  t.match(s, new RegExp(`Packing slip ${a.orderNumber}.*Keller.*2 Krugerrand.*AU-KRUG-1OZ 62.207 g.*Packing slip ${b.orderNumber}.*Brunner`), 'one slip per order: number, ship-to, lines with quantity and fine weight');
  t.notMatch(s, /CHF|EUR|€|Price|Total price/, 'no prices on a packing slip');
  t.match(slips.body, 'class="slip card"');
});

t.test('the queue "Scrap Metal Box to send" lists the sale and the warehouse marks the box sent from the list', async (t) => {
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'de');
  const cart = await readyCart(c, { type: 'sell', lines: [], shippingMethodId: 'scrapMetalBox' });
  await ok(c.call('POST', `/carts/${cart.id}/scrap-items`, { metal: 'gold', fineness: 585, weightGrams: 12 }));
  await ok(c.call('PUT', `/carts/${cart.id}/payout-account`, { accountOwner: 'Anna Muster', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }));
  const sale = (await placeOrder(c, cart.id)).json() as Order;

  const support = await signedIn('support@ops.example');
  const seen = await support.get('/orders?queue=scrap_box_to_send');
  t.match(textOf(seen.body), /Scrap Metal Box to send 1 /);
  t.match(textOf(seen.body), sale.orderNumber);
  t.notMatch(seen.body, '/scrap-box-sent"', 'support is not offered the button');

  const wh = await signedIn('warehouse@ops.example');
  const queue = await wh.get('/orders?queue=scrap_box_to_send');
  t.match(queue.body, `action="/orders/${sale.id}/scrap-box-sent"`);
  const sent = await wh.post(`/orders/${sale.id}/scrap-box-sent`, {});
  t.equal(sent.statusCode, 303);
  const after = await wh.get(sent.headers.location as string);
  t.match(textOf(after.body), `The Scrap Metal Box of ${sale.orderNumber} is marked sent.`);
  t.match(textOf(after.body), /Scrap Metal Box to send 0 /);
  const again = await wh.post(`/orders/${sale.id}/scrap-box-sent`, {});
  t.equal(again.statusCode, 409, 'sent once');
  const detail = textOf((await wh.get(`/orders/${sale.id}`)).body);
  t.match(detail, 'warehouse@ops.example', 'the order\'s timeline names who sent it');
});
