// Account forms as a customer uses them: registration refuses differing passwords before sending and shows
// the password rules as they are met; sign-out calls the API once and goes home; the forgot-password form
// says where the link went.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import RegisterPage from '../../views/pages/register/Page.tsx';
import ForgotPasswordPage from '../../views/pages/forgot-password/Page.tsx';
import { LogoutButton } from '../../views/components/forms/LogoutButton.tsx';
import { getSession, initSession } from '../../client/state/session.ts';
import { fakeApi, renderInShop } from './render.tsx';

t.afterEach(() => cleanup());

t.test('registration: passwords that differ are refused with "Passwords don\'t match." and nothing is sent', async (t) => {
  const api = fakeApi({});
  t.teardown(api.restore);
  renderInShop(<RegisterPage />, { path: '/registrierung' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Vorname/), 'Anna');
  await user.type(screen.getByLabelText(/^Nachname/), 'Muster');
  await user.type(screen.getByLabelText(/^E-Mail/), 'anna@example.ch');
  await user.type(screen.getByLabelText(/^Passwort \*?$|^Passwort$/), 'Secret-Passw0rd');
  await user.type(screen.getByLabelText(/^Passwort wiederholen/), 'Secret-Passw0rt');
  await user.click(screen.getByRole('button', { name: 'Kundenkonto eröffnen' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Die Passwörter stimmen nicht überein/);
  t.equal(screen.getByLabelText(/^Passwort wiederholen/).getAttribute('aria-invalid'), 'true');
  t.same(api.calls, []);
});

t.test('sign-out: one call to the API, the session forgotten, and home', async (t) => {
  initSession({ level: 'user' });
  const api = fakeApi({ 'POST /api/logout': { body: { session: { level: 'guest' } } } });
  t.teardown(api.restore);
  const { router } = renderInShop(<LogoutButton />, { path: '/kundenkonto' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Abmelden' }));
  await waitFor(() => t.equal(router.state.location.pathname, '/'));
  t.equal(api.calls.filter((c) => c.path === '/api/logout').length, 1, 'exactly one sign-out call');
  t.equal(getSession().level, 'guest');
});

t.test('sign-out also leaves when the API cannot be reached', async (t) => {
  initSession({ level: 'user' });
  const api = fakeApi({ 'POST /api/logout': { status: 503, body: { statusCode: 503, code: 'service_unavailable', message: 'x' } } });
  t.teardown(api.restore);
  const { router } = renderInShop(<LogoutButton />, { path: '/en/my-account' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
  await waitFor(() => t.equal(router.state.location.pathname, '/en', 'home of the page language'));
  t.equal(getSession().level, 'guest', 'the customer asked to leave');
});

t.test('forgot password: an invalid address is named, a valid one gets the confirmation', async (t) => {
  const api = fakeApi({ 'POST /api/password/forgot': { status: 202, body: { accepted: true } } });
  t.teardown(api.restore);
  renderInShop(<ForgotPasswordPage />, { path: '/passwort-vergessen' });
  const user = userEvent.setup();
  const email = screen.getByLabelText(/E-Mail/);
  await user.type(email, 'not-an-address');
  await user.click(screen.getByRole('button', { name: 'Link senden' }));
  t.match((await screen.findByRole('alert')).textContent, /Ungültige E-Mail/);
  t.same(api.calls, []);
  await user.clear(email);
  await user.type(email, 'anna@example.ch');
  await user.click(screen.getByRole('button', { name: 'Link senden' }));
  await waitFor(() => t.equal(api.calls.length, 1));
  t.same(api.calls[0].body, { email: 'anna@example.ch' });
  t.ok(await screen.findByText(/anna@example.ch/), 'the page says where the link went');
});
