// Issue 28: the order confirmation of investment gold (no VAT) says that no VAT applies, not "incl. VAT
// CHF 0.00", which reads as if VAT were hidden in the price.
import t from 'tap';
import { commerceHarness, lastMessageTo } from '../commerce/helpers.ts';
import { customer, openShop, placeOrder, readyCart } from './helpers.ts';

const h = await commerceHarness(t);

t.test('the confirmation of a VAT-free order says that no VAT applies', async (t) => {
  const { api } = await openShop(h, t);
  const c = await customer(api, 'ch');
  const res = await placeOrder(c, (await readyCart(c)).id);
  t.equal(res.statusCode, 201, res.body.slice(0, 300));
  t.equal(res.json().totalTaxPrice.centAmount, 0, 'a Krugerrand carries no VAT');
  const mail = await lastMessageTo(h.db, c.email);
  t.match(mail?.text ?? '', /(Gesamtbetrag: CHF\s[\d'.]+ \(es fällt keine MwSt\. an\)|Total: CHF\s[\d,.]+ \(no VAT applies\))/);
  t.notMatch(mail?.text ?? '', /(inkl\. MwSt\.|incl\. VAT) CHF\s0\.00/);
});
