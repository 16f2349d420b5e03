// Issue 23: the checkout keeps its Idempotency-Key for every answer that leaves the outcome open (no answer,
// a timeout, 502/503/504, any 5xx), and only then; the attempt survives a reload of the tab.
import t from 'tap';
import { endAttempt, keepAttempt, keptAttempt, keyFor, outcomeOpen } from '../../views/state/order-attempt.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(k: string) { return this.items.get(k) ?? null; }
  key(i: number) { return [...this.items.keys()][i] ?? null; }
  removeItem(k: string) { this.items.delete(k); }
  setItem(k: string, v: string) { this.items.set(k, v); }
}

t.test('open outcomes: no answer, a timeout and every failure of the service; refusals are not open', async (t) => {
  for (const status of [0, 408, 500, 502, 503, 504]) t.equal(outcomeOpen(status), true, `${status} leaves the outcome open`);
  for (const status of [400, 403, 404, 409, 422, 429]) t.equal(outcomeOpen(status), false, `${status} is a refusal`);
});

t.test('the key is kept for the same request on the same cart, a new one otherwise; the attempt is per transaction type', async (t) => {
  const storage = new MemoryStorage() as unknown as Storage;
  let n = 0;
  const make = () => `order-new-${++n}`;
  t.equal(keyFor(keptAttempt('buy', storage), 'cart-1', '{"a":1}', make), 'order-new-1', 'nothing kept: a new key');
  keepAttempt('buy', { cartId: 'cart-1', key: 'order-kept', body: '{"a":1}' }, storage);
  t.equal(keyFor(keptAttempt('buy', storage), 'cart-1', '{"a":1}', make), 'order-kept', 'the same request keeps its key');
  t.equal(keyFor(keptAttempt('buy', storage), 'cart-1', '{"a":2}', make), 'order-new-2', 'another request: a new key');
  t.equal(keyFor(keptAttempt('buy', storage), 'cart-2', '{"a":1}', make), 'order-new-3', 'another cart: a new key');
  t.equal(keptAttempt('sell', storage), null, 'the sell checkout has its own');
  endAttempt('buy', storage);
  t.equal(keptAttempt('buy', storage), null, 'ended');
  storage.setItem('checkout-order-attempt:buy', '{not json');
  t.equal(keptAttempt('buy', storage), null, 'a broken entry is none');
  storage.setItem('checkout-order-attempt:buy', JSON.stringify({ cartId: 'cart-1', key: 'k', body: '{cut' }));
  t.equal(keptAttempt('buy', storage), null, 'a body that is not JSON is none');
  t.equal(keptAttempt('buy', undefined), null, 'no storage (the server, a blocked one): none');
});
