// The login form as a customer uses it: field errors before anything is sent, the spec 8 message for a
// wrong password, and after signing in the page the guest was headed to.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import LoginPage from '../../views/pages/login/Page.tsx';
import { getSession, initSession } from '../../client/state/session.ts';
import { fakeApi, renderInShop } from './render.tsx';

t.afterEach(() => cleanup());

t.test('an empty form names both fields, says how many to correct and sends nothing', async (t) => {
  const api = fakeApi({});
  t.teardown(api.restore);
  renderInShop(<LoginPage />, { path: '/login' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Bitte korrigieren Sie 2 Felder/);
  await waitFor(() => t.equal(document.activeElement, summary, 'focus moves to the summary'));
  t.equal(screen.getByLabelText(/E-Mail/, { selector: 'input' }).getAttribute('aria-invalid'), 'true');
  t.equal(screen.getByLabelText(/^Passwort/).getAttribute('aria-invalid'), 'true');
  t.same(api.calls, [], 'nothing was sent');
});

t.test('a wrong password shows "E-mail address and password don\'t match." on the password field', async (t) => {
  const api = fakeApi({
    'POST /api/login': { status: 401, body: { statusCode: 401, code: 'invalid_credentials', message: 'E-Mail-Adresse und Passwort stimmen nicht überein.' } },
  });
  t.teardown(api.restore);
  renderInShop(<LoginPage />, { path: '/login' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-Mail/), 'anna@example.ch');
  await user.type(screen.getByLabelText(/^Passwort/), 'Wrong-Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /E-Mail-Adresse und Passwort stimmen nicht überein/);
  t.equal(screen.getByLabelText(/^Passwort/).getAttribute('aria-invalid'), 'true');
  t.equal(api.calls.length, 1);
  t.same(api.calls[0].body, { email: 'anna@example.ch', password: 'Wrong-Passw0rd' });
  t.equal(api.calls[0].headers['x-csrf-token'], 'test-csrf-token-0000000000000000000000000000', 'the CSRF token goes with it');
});

t.test('after signing in the customer is signed in and taken where they were headed', async (t) => {
  initSession({ level: 'guest' });
  window.dataLayer = [];
  const api = fakeApi({
    'POST /api/login': { body: { session: { level: 'user' }, customer: null, merged: false } },
  });
  t.teardown(api.restore);
  const { router } = renderInShop(<LoginPage />, { path: '/login?redirect=%2Fkundenkonto%2Fadressen' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-Mail/), ' anna@example.ch ');
  await user.type(screen.getByLabelText(/^Passwort/), 'Secret-Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => t.equal(router.state.location.pathname, '/kundenkonto/adressen'));
  t.equal(getSession().level, 'user', 'the header knows at once');
  t.same(window.dataLayer, [{ event: 'login', method: 'password' }], 'spec 7: the data layer hears of the login');
  t.equal((api.calls[0].body as { email: string }).email, 'anna@example.ch', 'the address is sent trimmed');
});

t.test('a foreign redirect target is not followed', async (t) => {
  initSession({ level: 'guest' });
  const api = fakeApi({ 'POST /api/login': { body: { session: { level: 'user' }, customer: null, merged: false } } });
  t.teardown(api.restore);
  const { router } = renderInShop(<LoginPage />, { path: '/login?redirect=%2F%2Fevil.example' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-Mail/), 'anna@example.ch');
  await user.type(screen.getByLabelText(/^Passwort/), 'Secret-Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => t.equal(router.state.location.pathname, '/kundenkonto', 'the account instead'));
});

t.test('issue 26: the code step after the right password: focus on the code field, a wrong code on the field, then signed in as with the password', async (t) => {
  initSession({ level: 'guest' });
  window.dataLayer = [];
  let tries = 0;
  const api = fakeApi({
    'POST /api/login': { status: 401, body: { statusCode: 401, code: 'second_factor_required', message: 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein.' } },
    'POST /api/login/second-factor': () => (++tries === 1
      ? { status: 401, body: { statusCode: 401, code: 'invalid_second_factor', message: 'Dieser Code ist nicht gültig.' } }
      : { body: { session: { level: 'user' }, customer: null, merged: false } }),
  });
  t.teardown(api.restore);
  const { router } = renderInShop(<LoginPage />, { path: '/login?redirect=%2Fkundenkonto%2Fadressen' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-Mail/), 'anna@example.ch');
  await user.type(screen.getByLabelText(/^Passwort/), 'Secret-Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  const code = await screen.findByRole('textbox', { name: '6-stelliger Code' });
  await waitFor(() => t.equal(document.activeElement, code, 'focus moves to the code field'));
  t.equal(code.getAttribute('autocomplete'), 'one-time-code');
  t.equal(code.getAttribute('inputmode'), 'numeric');
  t.equal(getSession().level, 'guest', 'not signed in by the password alone');
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));
  const error = await screen.findByText(/Dieser Code ist nicht gültig\./, { selector: '.field-error' });
  t.ok(code.getAttribute('aria-describedby')?.split(' ').includes(error.id), 'the message is tied to the field');
  t.equal(code.getAttribute('aria-invalid'), 'true');

  await user.click(screen.getByRole('button', { name: 'Stattdessen einen Wiederherstellungscode verwenden' }));
  const recovery = screen.getByRole('textbox', { name: 'Wiederherstellungscode' });
  await waitFor(() => t.equal(document.activeElement, recovery, 'focus moves to the recovery-code field'));
  await user.type(recovery, 'abcde-fghjk');
  await user.click(screen.getByRole('checkbox', { name: 'Dieses Gerät 30 Tage lang merken' }));
  await user.click(screen.getByRole('button', { name: 'Bestätigen und anmelden' }));
  await waitFor(() => t.equal(router.state.location.pathname, '/kundenkonto/adressen'));
  t.equal(getSession().level, 'user', 'the header knows at once');
  t.same(window.dataLayer, [{ event: 'login', method: 'password' }], 'the same login event as the password alone');
  t.same(api.calls.filter((c) => c.path === '/api/login/second-factor').map((c) => c.body), [
    { code: '123456', rememberDevice: false },
    { code: 'abcde-fghjk', rememberDevice: true },
  ], 'the code and the device choice are sent; the pending sign-in is not the page\'s to send');
});
