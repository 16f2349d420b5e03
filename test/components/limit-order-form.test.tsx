// The limit-order form as a customer uses it (spec 5): the target price and the expiry are checked before
// anything is sent, the expiry reads "in N days" by the (fake) clock, and a valid order goes to the API
// with the target in cents and the expiry as an instant.
import './render.tsx';
import t from 'tap';
import FakeTimers from '@sinonjs/fake-timers';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LimitOrderForm } from '../../views/components/account-area/LimitOrderForm.tsx';
import { createLimitOrder } from '../../views/state/shop-api.ts';
import { fakeApi, renderInShop } from './render.tsx';

// local noon (the expiry itself is in the store's zone, Zurich: issue 28)
const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();
let clock: ReturnType<typeof FakeTimers.install> | null = null;
t.beforeEach(() => {
  clock = FakeTimers.install({ now: NOW, toFake: ['Date'] });
});
t.afterEach(() => {
  clock?.uninstall();
  clock = null;
  cleanup();
});

function form() {
  renderInShop(
    <LimitOrderForm formId="lo" currency="CHF" submitLabel="Limit-Order erteilen" onSubmit={(input) => createLimitOrder({ sku: 'AU-KRUG-1OZ', ...input })} />,
    { path: '/produkt/kruegerrand-1-unze-gold/limit-order', session: { level: 'user' } },
  );
  return {
    target: () => screen.getByLabelText(/^Zielpreis pro Stück \(CHF\)/) as HTMLInputElement,
    quantity: () => screen.getByLabelText(/^Menge/) as HTMLInputElement,
    date: () => screen.getByLabelText(/^Datum/) as HTMLInputElement,
    time: () => screen.getByLabelText(/^Uhrzeit/) as HTMLInputElement,
    submit: () => screen.getByRole('button', { name: 'Limit-Order erteilen' }),
  };
}

t.test('in the evening the default expiry is the day after, so it still reads "in 30 days"', async (t) => {
  clock?.setSystemTime(new Date(2026, 10, 21, 20, 30, 0).getTime());
  const api = fakeApi({});
  t.teardown(api.restore);
  const f = form();
  await waitFor(() => t.equal(f.date().value, '2026-12-22'));
  t.equal(f.time().value, '18:00');
  t.equal(screen.getByTestId('expiry-days').textContent, 'in 30 Tagen');
});

t.test('the expiry starts 30 days ahead and reads in days as it changes', async (t) => {
  const api = fakeApi({});
  t.teardown(api.restore);
  const f = form();
  await waitFor(() => t.equal(f.date().value, '2026-12-21'));
  t.equal(f.time().value, '18:00');
  t.equal(screen.getByTestId('expiry-days').textContent, 'in 30 Tagen');
  fireEvent.change(f.date(), { target: { value: '2026-11-22' } });
  fireEvent.change(f.time(), { target: { value: '13:00' } });
  t.equal(screen.getByTestId('expiry-days').textContent, 'in 1 Tag');
  fireEvent.change(f.time(), { target: { value: '11:00' } });
  t.equal(screen.getByTestId('expiry-days').textContent, 'läuft heute ab', 'less than a day left');
});

t.test('spec 5: a target over 500,000.00 and an expiry in the past are refused before anything is sent', async (t) => {
  const api = fakeApi({});
  t.teardown(api.restore);
  const f = form();
  const user = userEvent.setup();
  await waitFor(() => t.equal(f.date().value, '2026-12-21'));
  await user.type(f.target(), '500000.01');
  fireEvent.change(f.date(), { target: { value: '2026-11-20' } });
  await user.click(f.submit());
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Bitte korrigieren Sie 2 Felder|2/);
  t.equal(document.activeElement, summary, 'focus moves to the error summary');
  t.match(document.getElementById('lo-target-error')?.textContent, /Der Limitpreis darf höchstens CHF.500'000 betragen/);
  t.equal(f.target().getAttribute('aria-invalid'), 'true');
  t.match(f.target().getAttribute('aria-describedby') ?? '', /lo-target-error/);
  t.match(document.getElementById('lo-date-error')?.textContent, /Dieses Datum muss in der Zukunft liegen/);
  t.same(api.calls, [], 'nothing sent');

  await user.clear(f.target());
  await user.click(f.submit());
  await waitFor(() => t.ok(document.getElementById('lo-target-error'), 'the target is required'));
});

t.test('a valid limit order goes to the API once, with cents and the expiry instant', async (t) => {
  const api = fakeApi({
    'POST /api/limit-orders': { status: 201, body: { limitOrder: { id: 'x' } } },
  });
  t.teardown(api.restore);
  const f = form();
  const user = userEvent.setup();
  await waitFor(() => t.equal(f.date().value, '2026-12-21'));
  await user.type(f.target(), "1'850,50");
  await user.clear(f.quantity());
  await user.type(f.quantity(), '3');
  await user.click(f.submit());
  await waitFor(() => t.equal(api.calls.length, 1));
  t.same(api.calls[0].body, { sku: 'AU-KRUG-1OZ', targetCentAmount: 185_050, quantity: 3, expiresAt: '2026-12-21T17:00:00.000Z' /* 18:00 in Zurich, the Swiss store's zone (issue 28) */ });
  t.equal(api.calls[0].path, '/api/limit-orders');
});

t.test('the service\'s field errors land on the form\'s fields', async (t) => {
  const api = fakeApi({
    'POST /api/limit-orders': {
      status: 400,
      body: { statusCode: 400, code: 'validation_failed', message: 'Bitte korrigieren Sie 1 Feld.', details: { fields: [{ field: 'expiresAt', code: 'date_too_far', message: 'Bitte wählen Sie ein Datum innerhalb der nächsten 12 Monate.' }] } },
    },
  });
  t.teardown(api.restore);
  const f = form();
  const user = userEvent.setup();
  await waitFor(() => t.equal(f.date().value, '2026-12-21'));
  await user.type(f.target(), '1000');
  await user.click(f.submit());
  await waitFor(() => t.equal(f.date().getAttribute('aria-invalid'), 'true'));
  t.match(document.getElementById('lo-date-error')?.textContent, /innerhalb der nächsten 12 Monate/);
});
