// Issue 25, "Delivery note / packing slip for each shipment and pickup, printable from the back office, one per
// order or many at once": POST /ops/packing-slips.pdf answers one PDF with one slip per page, each in its
// order's language, with the order number, date, ship-to address, lines with quantity and fine weight and no
// prices. Read with poppler's pdftotext (not the library that wrote it).
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { commerceHarness } from '../commerce/helpers.ts';
import { addressOf, customer, ok, openShop, placeOrder, readyCart, type Shopper } from '../orders/helpers.ts';
import { demoToken, opsCall } from '../ops/helpers.ts';
import { pdfText } from './helpers.ts';

const h = await commerceHarness(t);

async function orderOf(s: Shopper, lastName: string, quantity: number): Promise<Order> {
  const cart = await readyCart(s, { lines: [{ sku: 'AU-KRUG-1OZ', quantity }] });
  const address = { ...addressOf[s.store], lastName };
  await ok(s.call('PUT', `/carts/${cart.id}/addresses`, { shippingAddress: address, billingAddress: address, email: 'anna.muster@example.ch' }));
  const res = await placeOrder(s, cart.id);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json() as Order;
}

t.test('a day\'s packing slips as one PDF: one page per order with number, address, lines and fine weight, no prices', async (t) => {
  const { api } = await openShop(h, t);
  const warehouse = await demoToken(api, 'warehouse');
  const c = await customer(api, 'ch');
  const a = await orderOf(c, 'Keller', 2);
  const b = await orderOf(c, 'Brunner', 1);
  // the second order was placed on the English pages
  await h.db.query(`update orders set data = jsonb_set(data, '{locale}', '"en-CH"') where id = $1`, [b.id]);

  const res = await opsCall(api, 'POST', '/ops/packing-slips.pdf', warehouse, { orderIds: [a.id, b.id] });
  t.equal(res.statusCode, 200, res.body.slice(0, 200));
  t.equal(res.headers['content-type'], 'application/pdf');
  t.match(String(res.headers['content-disposition']), /^attachment; filename=".+\.pdf"$/);
  const pages = pdfText(res.rawPayload).split('\f').filter((p) => p.trim());
  t.equal(pages.length, 2, 'one page per order');

  t.match(pages[0], `Lieferschein ${a.orderNumber}`, 'the first order\'s slip in its German');
  t.match(pages[0], /Lieferanschrift[\s\S]*Keller[\s\S]*Zürich/, 'the ship-to address');
  t.match(pages[0], /2\s+Krügerrand 1 Unze Gold[\s\S]*AU-KRUG-1OZ\s+62[.,]207 g/, 'quantity, item, article number and the fine weight of two coins');
  t.match(pages[0], /Feingewicht gesamt\s+62[.,]207 g/);
  t.match(pages[1], `Packing slip ${b.orderNumber}`, 'the second order\'s slip in its English');
  t.match(pages[1], /Ship to[\s\S]*Brunner/);
  t.match(pages[1], /1\s+Krugerrand 1 oz Gold[\s\S]*31[.,]1\d\d g/);
  for (const p of pages) t.notMatch(p, /CHF|Fr\.|EUR|€|Preis\b|Price\b|Betrag|Amount/, 'no price, no amount on a packing slip');

  const one = await opsCall(api, 'POST', '/ops/packing-slips.pdf', warehouse, { orderIds: [b.id], languageTag: 'de' });
  t.match(pdfText(one.rawPayload), `Lieferschein ${b.orderNumber}`, 'one order\'s slip, in the language asked');

  const unknown = await opsCall(api, 'POST', '/ops/packing-slips.pdf', warehouse, { orderIds: [a.id, '7c6a3f36-1c59-4f2b-9d0e-3c1c1d8f7a10'] });
  t.match(unknown.json(), { statusCode: 404, code: 'order_not_found' }, 'a set is printed whole or not at all');
  t.equal((await opsCall(api, 'POST', '/ops/packing-slips.pdf', warehouse, { orderIds: [] })).json().code, 'validation_failed');
  t.equal((await opsCall(api, 'POST', '/ops/packing-slips.pdf', null, { orderIds: [a.id] })).statusCode, 401, 'no operator: 401');
});
