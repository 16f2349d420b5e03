// Issue 28: a limit order's expiry was entered in the browser's time zone and shown in New York time without
// a zone ("06:00 PM entered, 01:00 PM shown"). The expiry is entered and shown in the STORE's zone, which the
// form and the lists name: a customer of the US store in a Berlin browser who keeps 18:00 gets 18:00 New York
// time (23:00 UTC in winter), and the order is shown as 06:00 PM New York time.
process.env.TZ = 'Europe/Berlin';
import './render.tsx';
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LimitOrderForm } from '../../views/components/account-area/LimitOrderForm.tsx';
import { limitOrderExpiry } from '../../views/components/account-area/labels.tsx';
import { expiryInputs, expiryOf } from '../../views/components/account-area/limit-order-input.ts';
import { createLimitOrder } from '../../views/state/shop-api.ts';
import { fakeApi, renderInShop } from './render.tsx';
import { messageTemplate } from '../../src/i18n.ts';

const NOW = Date.parse('2026-11-21T11:00:00Z');
let clock: ReturnType<typeof FakeTimers.install> | null = null;
t.beforeEach(() => {
  clock = FakeTimers.install({ now: NOW, toFake: ['Date'] });
});
t.afterEach(() => {
  clock?.uninstall();
  clock = null;
  cleanup();
});

t.test('the US store\'s form names New York time and sends the expiry as New York time, whatever the browser\'s zone', async (t) => {
  t.equal(new Date(NOW).getHours(), 12, 'the browser is in Berlin');
  const api = fakeApi({ 'POST /api/limit-orders': { status: 201, body: { limitOrder: { id: 'x' } } } });
  t.teardown(api.restore);
  renderInShop(
    <LimitOrderForm formId="lo" currency="USD" submitLabel="Place limit order" onSubmit={(input) => createLimitOrder({ sku: 'AU-KRUG-1OZ', ...input })} />,
    { path: '/en/product/krugerrand-1-oz-gold/limit-order', store: 'us', session: { level: 'user' } },
  );
  const time = screen.getByLabelText(/^Time \(New York time \(ET\)\)/) as HTMLInputElement;
  const date = screen.getByLabelText(/^Date/) as HTMLInputElement;
  await waitFor(() => t.equal(date.value, '2026-12-21'));
  t.equal(time.value, '18:00', 'the default: 18:00 in New York');
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Target price per piece/), '1850.50');
  await user.click(screen.getByRole('button', { name: 'Place limit order' }));
  await waitFor(() => t.equal(api.calls.length, 1));
  t.match(api.calls[0].body, { expiresAt: '2026-12-21T23:00:00.000Z' }, '18:00 New York time (EST), not 18:00 in Berlin');
});

t.test('the expiry is shown in the store\'s zone with its name, the way it was entered', async (t) => {
  const t_ = (key: string) => messageTemplate('en', key) ?? key;
  const at = expiryOf('2026-12-21', '18:00', 'America/New_York')!;
  t.equal(limitOrderExpiry({ t: t_, locale: 'en-US', store: 'us' }, at.toISOString()), '12/21/2026 06:00 PM New York time (ET)');
  t.same(expiryInputs(at, 'America/New_York'), { date: '2026-12-21', time: '18:00' }, 'the change form shows what was entered');
  const de = (key: string) => messageTemplate('de', key) ?? key;
  const berlin = expiryOf('2026-07-01', '18:00', 'Europe/Berlin')!;
  t.equal(berlin.toISOString(), '2026-07-01T16:00:00.000Z', 'summer time');
  t.equal(limitOrderExpiry({ t: de, locale: 'de-DE', store: 'de' }, berlin.toISOString()), '01/07/2026 18:00 Berliner Zeit');
  t.equal(expiryOf('2026-02-31', '18:00', 'Europe/Berlin'), null, 'not a date');
});
