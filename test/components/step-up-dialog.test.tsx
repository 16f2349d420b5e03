// Issue 26: the step-up dialog as a customer meets it. A change refused with step_up_required opens the dialog
// (the password, or the authenticator's code where the account has one); a wrong password shows its message and
// the dialog stays; once confirmed the refused call goes again by itself, once, and the page gets its answer.
// Closed without confirming, the page gets the refusal and nothing is sent again.
import './render.tsx';
import { strict as assert } from 'node:assert';
import t from 'tap';
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StepUpHost } from '../../views/components/StepUpHost.tsx';
import { setPayoutAccount } from '../../views/state/shop-api.ts';
import { fakeApi, renderInShop, type ApiCall } from './render.tsx';

t.afterEach(() => cleanup());

const CART = '0b8f3c1e-0000-4000-8000-000000000001';
const REFUSED = (method: string) => ({ status: 403, body: { statusCode: 403, code: 'step_up_required', message: 'Diese Änderung wurde nicht ausgeführt: Sie braucht Ihre Bestätigung, dass Sie es sind.', details: { method } } });

/** A stand-in for a guarded screen: one button that sets the payout account and shows what came back. */
function PayoutScreen() {
  const [out, setOut] = useState('');
  const save = async () => {
    const r = await setPayoutAccount(CART, { accountOwner: 'Anna Muster', iban: 'CH9300762011623852957' } as never);
    setOut(r.error ? `error ${r.error.code}` : `saved ${(r.data as { cart: { payoutAccount: { iban: string } } }).cart.payoutAccount.iban}`);
  };
  return (
    <>
      <button type="button" onClick={() => void save()}>Speichern</button>
      <p data-testid="outcome">{out}</p>
      <StepUpHost />
    </>
  );
}

function payoutRoute(confirmed: () => boolean) {
  return (_: ApiCall) => (confirmed() ? { body: { cart: { payoutAccount: { iban: 'CH93•••••••••••••2957' } } } } : REFUSED('password'));
}

t.test('the password in the dialog, a wrong one first; then the change goes again by itself, once', async (t) => {
  let confirmed = false;
  const api = fakeApi({
    [`PUT /api/carts/${CART}/payout-account`]: payoutRoute(() => confirmed),
    'POST /api/me/step-up': (call) => {
      if ((call.body as { password?: string }).password !== 'Goldbarren2026') {
        return { status: 400, body: { statusCode: 400, code: 'invalid_current_password', message: 'Das eingegebene Passwort ist falsch.' } };
      }
      confirmed = true;
      return { body: { method: 'password', validUntil: '2026-11-29T12:05:00.000Z' } };
    },
  });
  t.teardown(api.restore);
  renderInShop(<PayoutScreen />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen Sie, dass Sie es sind' });
  const password = screen.getByLabelText(/^Passwort/, { selector: 'input' });
  await waitFor(() => assert.equal(document.activeElement, password));
  t.pass('the password field has the focus');
  t.equal(dialog.getAttribute('aria-describedby'), 'step-up-text');

  await user.type(password, 'Falsch');
  await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
  t.match((await screen.findByRole('alert')).textContent, /Das eingegebene Passwort ist falsch\./);
  t.equal(password.getAttribute('aria-invalid'), 'true');
  t.ok(screen.getByRole('dialog'), 'the dialog stays open');
  t.equal(screen.getByTestId('outcome').textContent, '', 'the page waits');

  await user.type(password, 'Goldbarren2026');
  await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
  await waitFor(() => assert.equal(screen.getByTestId('outcome').textContent, 'saved CH93•••••••••••••2957'));
  t.equal(screen.queryByRole('dialog'), null, 'the dialog is closed');
  const payouts = api.calls.filter((c) => c.path.endsWith('/payout-account'));
  t.equal(payouts.length, 2, 'refused once, sent again once');
  t.same(payouts[1].body, payouts[0].body, 'the same change, not typed again');
});

t.test('an account with a second factor is asked for the code (or a recovery code); closing sends nothing again', async (t) => {
  const api = fakeApi({ [`PUT /api/carts/${CART}/payout-account`]: REFUSED('second_factor') });
  t.teardown(api.restore);
  renderInShop(<PayoutScreen />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  const dialog = await screen.findByRole('dialog');
  const code = screen.getByLabelText('Code aus Ihrer Authenticator-App');
  t.equal(code.getAttribute('autocomplete'), 'one-time-code');
  t.match(dialog.textContent, /einer Ihrer Wiederherstellungscodes/);
  t.equal(screen.queryByLabelText(/^Passwort/, { selector: 'input' }), null, 'no password field');
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
  await waitFor(() => assert.equal(screen.getByTestId('outcome').textContent, 'error step_up_required'));
  t.pass('the page gets the refusal');
  t.equal(screen.queryByRole('dialog'), null);
  t.equal(api.calls.length, 1, 'nothing sent again, no step-up posted');
});
