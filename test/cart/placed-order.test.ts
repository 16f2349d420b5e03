// Back after placing an order (issue 17): the checkout remembers the order it just placed per transaction
// type, so that a checkout entry reached with the browser's back button shows that order's confirmation
// instead of "Your cart is empty"; a new checkout (a cart with goods again) forgets it.
import t from 'tap';
import { forgetPlacedOrder, placedOrder, rememberPlacedOrder, resetProgress } from '../../views/state/checkout-progress.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() { return m.size; },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

t.test('the placed order is kept per type, survives the reset of the steps, and is forgotten on request', async (t) => {
  const s = memoryStorage();
  t.equal(placedOrder('buy', s), null);
  rememberPlacedOrder('buy', 'order-1', s);
  resetProgress('buy', s);
  t.equal(placedOrder('buy', s), 'order-1', 'the steps are reset, the placed order is not');
  t.equal(placedOrder('sell', s), null, 'a sale is another checkout');
  forgetPlacedOrder('buy', s);
  t.equal(placedOrder('buy', s), null);
});

t.test('blocked storage: nothing is kept and nothing throws', async (t) => {
  const blocked = { ...memoryStorage(), getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => { throw new Error('denied'); } } as Storage;
  rememberPlacedOrder('buy', 'order-1', blocked);
  t.equal(placedOrder('buy', blocked), null);
  forgetPlacedOrder('buy', blocked);
});
