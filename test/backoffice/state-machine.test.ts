// Issue 24: the order page's forms come from the answer's `actions`, which the order state machine
// (src/commerce/lifecycle/transitions.ts) decides: a planted table changes what the page offers and what the
// form then does, without a change to the back office.
import t from 'tap';
import { commerceHarness } from '../commerce/helpers.ts';
import { orderMachine, queueStates, useMachine } from '../../src/commerce/lifecycle/transitions.ts';
import { opsActions } from '../../src/contracts/ops.ts';
import { customer, openShop } from '../orders/helpers.ts';
import { order } from '../lifecycle/helpers.ts';
import { backofficeOver, textOf } from './helpers.ts';

const h = await commerceHarness(t);

// the step forms only (the page's other forms, such as an internal note, are no transition)
const formsOf = (html: string, id: string) => [...html.matchAll(new RegExp(`action="/orders/${id}/([a-z-]+)"`, 'g'))].map((m) => m[1])
  .filter((a) => (opsActions as string[]).includes(a));

t.test('the forms follow the answer: the shop\'s table, then a table that lets the warehouse cancel', async (t) => {
  // planted before the service starts: the /ops routes check the step's roles from the table they start with
  t.teardown(useMachine({ transitions: orderMachine.map((r) => (r.step === 'cancel' ? { ...r, by: [...r.by, 'warehouse' as const] } : r)), queues: queueStates }));
  const { api } = await openShop(h, t);
  const { signedIn } = await backofficeOver(t, api);
  const c = await customer(api, 'ch');
  const o = await order(c);

  const fin = await signedIn('finance@ops.example');
  t.same(formsOf((await fin.get(`/orders/${o.id}`)).body, o.id), ['payment', 'payment-failed', 'cancel'], 'finance: the answer\'s steps, the undoing ones last');
  const wh = await signedIn('warehouse@ops.example');
  const page = await wh.get(`/orders/${o.id}`);
  t.same(formsOf(page.body, o.id), ['cancel'], 'the warehouse is shown the cancel form the table now gives it');
  const done = await wh.post(`/orders/${o.id}/cancel`, { reasonCode: 'customer_request', confirm: '1' });
  t.equal(done.statusCode, 303, 'and the form works');
  const after = textOf((await wh.get(done.headers.location as string)).body);
  t.match(after, 'Cancelled');
  t.match(after, 'by warehouse@ops.example', 'the timeline names who cancelled');
});
