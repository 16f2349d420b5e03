// Issue 17's pure rules of the limit-order form: the notice for a limit the current price already meets (a
// buy limit at or above it, a sell limit at or below it), the draft kept while the customer adds an address,
// and the only place the addresses page returns to (a limit-order form of the page's language).
import t from 'tap';
import { draftOf, draftText, limitMetNotice } from '../../views/components/account-area/limit-order-input.ts';
import { returnPathOf } from '../../views/pages/account-addresses/return-path.ts';

t.test('a buy limit at or above the current price executes at the next update; below it waits', async (t) => {
  t.equal(limitMetNotice('buy', 371_037, 371_037), 'limitOrders.aboveCurrent', 'equal to the price');
  t.equal(limitMetNotice('buy', 900_000, 371_037), 'limitOrders.aboveCurrent');
  t.equal(limitMetNotice('buy', 371_036, 371_037), null, 'one cent below waits');
  t.equal(limitMetNotice('sell', 100, 371_037), 'limitOrders.belowCurrent');
  t.equal(limitMetNotice('sell', 371_038, 371_037), null);
  t.equal(limitMetNotice('buy', null, 371_037), null, 'nothing typed');
  t.equal(limitMetNotice('buy', 500, null), null, 'no current price');
  t.equal(limitMetNotice('buy', 500, undefined), null);
});

t.test('a draft comes back within the hour, whole and as strings; an old, future or broken one does not', async (t) => {
  const values = { target: '1234,50', quantity: '2', date: '2026-12-26', time: '18:00' };
  const now = Date.parse('2026-11-26T10:00:00Z');
  t.same(draftOf(draftText(values, now), now + 59 * 60_000), values);
  t.equal(draftOf(draftText(values, now), now + 61 * 60_000), null, 'older than an hour');
  t.equal(draftOf(draftText(values, now + 60_000), now), null, 'from the future');
  t.equal(draftOf('{nope', now), null);
  t.equal(draftOf(null, now), null);
  t.same(draftOf(JSON.stringify({ at: now, values: { target: 5, quantity: ['x'] } }), now), { target: '', quantity: '', date: '', time: '' }, 'only strings');
});

t.test('the addresses page returns only to a limit-order form of its language', async (t) => {
  t.equal(returnPathOf('?return=%2Fprodukt%2Fkruegerrand-1-unze-gold%2Flimit-order', 'de'), '/produkt/kruegerrand-1-unze-gold/limit-order');
  t.equal(returnPathOf('?return=/en/product/krugerrand-1-oz-gold/limit-order', 'en'), '/en/product/krugerrand-1-oz-gold/limit-order');
  for (const bad of ['https://evil.example/produkt/x/limit-order', '//evil.example/produkt/x/limit-order', '/kundenkonto/depotverwaltung',
    '/produkt/a/b/limit-order', '/produkt//limit-order', '/produkt/x/limit-order?x=1', '/en/product/x/limit-order']) {
    t.equal(returnPathOf(`?return=${encodeURIComponent(bad)}`, 'de'), null, bad);
  }
  t.equal(returnPathOf('', 'de'), null);
});
