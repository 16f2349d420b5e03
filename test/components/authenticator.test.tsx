// Issue 26, the account's "Authenticator-App" page: enrolment (QR code as an image with its text alternative,
// the key in groups of four, the typed code; focus moves to each step), the 10 recovery codes shown once, and
// switching off, where the service's 403 step_up_required makes the same screen ask for a code (focus on the
// field, the reason tied to it) and send it with the removal.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import AccountAuthenticatorPage from '../../views/pages/account-authenticator/Page.tsx';
import { fakeApi, renderInShop } from './render.tsx';

t.afterEach(() => cleanup());

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const show = () => renderInShop(<AccountAuthenticatorPage />, { path: '/kundenkonto/authenticator-app', session: { level: 'user' } });

t.test('enrolment: QR code and key, the typed code, then the recovery codes once', async (t) => {
  let on = false;
  const api = fakeApi({
    'GET /api/me/second-factor': () => ({ body: { totp: on, recoveryCodesLeft: on ? 10 : 0 } }),
    'POST /api/me/totp': { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } },
    'POST /api/me/totp/confirmation': (call) => {
      if ((call.body as { code: string }).code !== '246810') return { status: 401, body: { statusCode: 401, code: 'invalid_second_factor', message: 'Dieser Code ist nicht gültig.' } };
      on = true;
      return { body: { recoveryCodes: CODES } };
    },
  });
  t.teardown(api.restore);
  show();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Authenticator-App einrichten' }));
  const scan = await screen.findByRole('heading', { name: '1. QR-Code scannen' });
  await waitFor(() => t.equal(document.activeElement, scan, 'focus moves to the QR code\'s step'));
  const img = screen.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' });
  t.match(img.getAttribute('src'), /^data:image\/svg\+xml;charset=utf-8,%3Csvg/, 'the SVG as an image, never as markup in the page');
  t.ok(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP'), 'the key to type, in groups of four');
  const code = screen.getByRole('textbox', { name: '6-stelliger Code aus der App' });
  t.equal(code.getAttribute('autocomplete'), 'one-time-code');
  t.equal(code.getAttribute('inputmode'), 'numeric');
  await user.type(code, '111111');
  await user.click(screen.getByRole('button', { name: 'Einschalten' }));
  const error = await screen.findByText(/Dieser Code ist nicht gültig\./, { selector: '.field-error' });
  t.ok(code.getAttribute('aria-describedby')?.split(' ').includes(error.id), 'the wrong code is told on the field');
  await user.clear(code);
  await user.type(code, '246810');
  await user.click(screen.getByRole('button', { name: 'Einschalten' }));
  const title = await screen.findByRole('heading', { name: 'Ihre Wiederherstellungscodes' });
  await waitFor(() => t.equal(document.activeElement, title, 'focus moves to the recovery codes'));
  const list = screen.getByRole('list', { name: 'Wiederherstellungscodes' });
  t.same([...list.querySelectorAll('code')].map((c) => c.textContent), CODES);
  const download = screen.getByRole('link', { name: 'Wiederherstellungscodes herunterladen' });
  t.match(decodeURIComponent(download.getAttribute('href') ?? ''), new RegExp(CODES.join('\n')), 'the download holds the 10 codes');
  await user.click(screen.getByRole('button', { name: 'Ich habe meine Wiederherstellungscodes gespeichert' }));
  t.equal(screen.queryByRole('list', { name: 'Wiederherstellungscodes' }), null, 'shown once');
  await screen.findByText('Die Authenticator-App ist eingeschaltet. Verbleibende Wiederherstellungscodes: 10.');
});

t.test('switching off: after 403 step_up_required the same screen asks for a code and sends it with the removal', async (t) => {
  let on = true;
  const api = fakeApi({
    'GET /api/me/second-factor': () => ({ body: { totp: on, recoveryCodesLeft: on ? 7 : 0 } }),
    'DELETE /api/me/totp': (call) => {
      if ((call.body as { code?: string }).code !== '135790') {
        return { status: 403, body: { statusCode: 403, code: 'step_up_required', message: 'Bitte bestätigen Sie zu Ihrer Sicherheit zuerst, dass Sie es sind.' } };
      }
      on = false;
      return { body: { ok: true } };
    },
  });
  t.teardown(api.restore);
  show();
  const user = userEvent.setup();
  await screen.findByText('Die Authenticator-App ist eingeschaltet. Verbleibende Wiederherstellungscodes: 7.');
  await user.click(screen.getByRole('button', { name: 'Authenticator-App ausschalten' }));
  const code = await screen.findByRole('textbox', { name: 'Code aus der App oder Wiederherstellungscode' });
  await waitFor(() => t.equal(document.activeElement, code, 'focus moves to the code field'));
  t.match(document.getElementById(code.getAttribute('aria-describedby') ?? '')?.textContent, /aktuellen Code aus Ihrer App/, 'the reason is tied to the field');
  await user.type(code, '135790');
  await user.click(screen.getByRole('button', { name: 'Authenticator-App ausschalten' }));
  await screen.findByText('Die Authenticator-App ist ausgeschaltet.');
  await screen.findByText('Die Authenticator-App ist noch nicht eingerichtet.');
  t.same(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.body), [{}, { code: '135790' }]);
});
