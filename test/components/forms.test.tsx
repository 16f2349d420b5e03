// The forms of issue 10 as a visitor uses them: the availability notification of a sold-out product, the
// newsletter (double opt-in, the duplicate's message, the data layer event), the contact form (consent
// required, the reference after sending) and the whistleblower system (case reference and access code
// after a report, the office's answers read with both, a reply).
import './render.tsx';
import assert from 'node:assert/strict';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AvailabilityAlertForm } from '../../views/pages/product/AvailabilityAlert.tsx';
import { NewsletterForm } from '../../views/components/forms/NewsletterForm.tsx';
import { ContactForm } from '../../views/pages/contact/ContactForm.tsx';
import { WhistleblowerSystem } from '../../views/components/forms/Whistleblower.tsx';
import { initSession } from '../../client/state/session.ts';
import { fakeApi, renderInShop } from './render.tsx';

t.afterEach(() => {
  cleanup();
  initSession({ level: 'guest' });
});

/** The sent form's result message (role status; the page frame has a status region of its own). */
function resultMessage(selector = '.form-result'): Promise<HTMLElement> {
  return waitFor(() => {
    const el = document.querySelector(selector);
    if (!el) throw new Error(`no ${selector}`);
    assert.equal(el.getAttribute('role'), 'status', 'announced politely');
    return el as HTMLElement;
  });
}

const product = { sku: 'AU-EAGLE-1-10OZ', localizedName: 'American Eagle 1/10 oz' };
const alert = (created: string, updated: string) => ({
  id: '0b0c4d1e-1111-4a4a-8a8a-123456789abc', sku: product.sku, productId: 'p1', name: product.localizedName, slug: 'american-eagle', imageUrl: null,
  availability: 'soldOut', published: true, email: 'anna@example.ch', enabled: true, notifiedAt: null, createdAt: created, updatedAt: updated,
});

t.test('availability alert: a guest gives an e-mail and is asked to confirm the mailed link', async (t) => {
  const api = fakeApi({ 'POST /api/availability-alerts': { body: { alert: null, confirmationRequired: true, alreadySubscribed: false } } });
  t.teardown(api.restore);
  renderInShop(<AvailabilityAlertForm product={product} />, { path: '/produkt/american-eagle' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Benachrichtigen' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Bitte korrigieren Sie 1 Feld/, 'an empty address is named before anything is sent');
  t.same(api.calls, []);
  await user.type(screen.getByLabelText(/^E-Mail-Adresse/), 'gast@example.ch');
  await user.click(screen.getByRole('button', { name: 'Benachrichtigen' }));
  const result = await resultMessage();
  t.match(result.textContent, /bestätigen Sie mit dem Link, den wir an gast@example.ch gesendet haben/);
  await waitFor(() => assert.equal(document.activeElement, result));
  t.pass('focus moves to the result');
  t.same(api.calls[0].body, { sku: product.sku, email: 'gast@example.ch' });
});

t.test('availability alert: a signed-in customer\'s address is filled in; a second time says it is already set', async (t) => {
  initSession({ level: 'user' });
  let created = 0;
  const api = fakeApi({
    'GET /api/me': { body: { session: { level: 'user' }, customer: { email: 'anna@example.ch' } } },
    'POST /api/availability-alerts': () => {
      created++;
      return { body: { alert: alert('2026-01-01T10:00:00.000Z', '2026-01-02T10:00:00.000Z'), confirmationRequired: false, alreadySubscribed: true } };
    },
  });
  t.teardown(api.restore);
  renderInShop(<AvailabilityAlertForm product={product} />, { path: '/en/product/american-eagle', session: { level: 'user' } });
  const field = screen.getByLabelText(/^E-mail address/) as HTMLInputElement;
  await waitFor(() => assert.equal(field.value, 'anna@example.ch'));
  t.pass('the account\'s address is filled in');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Notify me' }));
  const result = await resultMessage();
  t.match(result.textContent, /You are already on the list: we will send an e-mail to anna@example.ch as soon as American Eagle 1\/10 oz is available again/);
  t.ok(within(result).getByRole('link', { name: 'Manage your notifications' }), 'the account is one click away');
  t.equal(created, 1);
});

t.test('newsletter: a duplicate is answered with its message; a new address is asked to confirm and the data layer hears of it', async (t) => {
  window.dataLayer = [];
  const api = fakeApi({
    'POST /api/newsletter/subscriptions': (call) =>
      (call.body as { email: string }).email === 'known@example.ch'
        ? { status: 409, body: { statusCode: 409, code: 'newsletter_already_subscribed', message: 'Diese E-Mail-Adresse ist bereits für unseren Newsletter angemeldet.' } }
        : { status: 200, body: { status: 'pending', confirmationRequired: true } },
  });
  t.teardown(api.restore);
  renderInShop(<NewsletterForm source="footer" />, { path: '/' });
  const user = userEvent.setup();
  const field = screen.getByLabelText(/^E-Mail-Adresse für den Newsletter/);
  await user.type(field, 'known@example.ch');
  await user.click(screen.getByRole('button', { name: 'Abonnieren' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /bereits für unseren Newsletter angemeldet/);
  t.same(window.dataLayer, [], 'no event for a refused subscription');

  await user.clear(field);
  await user.type(field, 'neu@example.ch');
  await user.click(screen.getByRole('button', { name: 'Abonnieren' }));
  const result = await resultMessage();
  t.match(result.textContent, /Bitte bestätigen Sie Ihr Abonnement mit dem Link, den wir an neu@example.ch gesendet haben/);
  t.same(window.dataLayer, [{ event: 'newsletter-register', source: 'footer' }]);
});

t.test('contact: without consent nothing is sent; with it the reference is shown', async (t) => {
  const api = fakeApi({ 'POST /api/contact': { status: 201, body: { reference: 'CT-ABCD-EFGH', receivedAt: '2026-11-23T10:00:00.000Z' } } });
  t.teardown(api.restore);
  renderInShop(<ContactForm />, { path: '/en/contact-us' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^First name/), 'Ann');
  await user.type(screen.getByLabelText(/^Last name/), 'Smith');
  await user.type(screen.getByLabelText(/^E-mail/), 'ann@example.com');
  await user.type(screen.getByLabelText(/^Your message/), 'A question about my order.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Please correct 1 field/);
  t.match(summary.textContent, /Please agree to the processing of your data/);
  const consent = screen.getByRole('checkbox', { name: /I agree that my details are processed/ });
  t.equal(consent.getAttribute('aria-invalid'), 'true');
  t.same(api.calls, [], 'nothing was sent');

  await user.click(consent);
  await user.click(screen.getByRole('button', { name: 'Send message' }));
  const result = await resultMessage();
  t.match(result.textContent, /Thank you for your message/);
  t.match(result.textContent, /Your reference is CT-ABCD-EFGH/);
  await waitFor(() => assert.equal(document.activeElement, result));
  t.pass('focus moves to the result');
  t.same(api.calls[0].body, { firstName: 'Ann', lastName: 'Smith', email: 'ann@example.com', message: 'A question about my order.', consent: true });
});

t.test('contact: when the service cannot take the message the form says so and keeps the text', async (t) => {
  const api = fakeApi({ 'POST /api/contact': { status: 502, body: { statusCode: 502, code: 'service_unavailable', message: 'x' } } });
  t.teardown(api.restore);
  renderInShop(<ContactForm />, { path: '/kontakt' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Vorname/), 'Anna');
  await user.type(screen.getByLabelText(/^Nachname/), 'Muster');
  await user.type(screen.getByLabelText(/^E-Mail/), 'anna@example.ch');
  await user.type(screen.getByLabelText(/^Ihre Nachricht/), 'Eine Frage.');
  await user.click(screen.getByRole('checkbox', { name: /Ich bin einverstanden/ }));
  await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /Ihre Nachricht konnte nicht gesendet werden/);
  t.equal((screen.getByLabelText('Ihre Nachricht') as HTMLTextAreaElement).value, 'Eine Frage.');
});

t.test('whistleblower: an anonymous report shows case reference and access code; the answers are read with both and can be replied to', async (t) => {
  const caseOf = (messages: { author: 'reporter' | 'office'; text: string; createdAt: string }[]) => ({
    caseReference: 'WB-ABCD-EFGH', category: 'fraud', anonymous: true, status: 'in-progress', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z', messages,
  });
  const report = { author: 'reporter' as const, text: 'Gewichte werden manipuliert.', createdAt: '2026-11-20T10:00:00.000Z' };
  const answer = { author: 'office' as const, text: 'Danke, wir prüfen das.', createdAt: '2026-11-21T10:00:00.000Z' };
  const api = fakeApi({
    'POST /api/whistleblow': { status: 201, body: { caseReference: 'WB-ABCD-EFGH', secret: 'wb_secret-code', status: 'received', createdAt: '2026-11-20T10:00:00.000Z' } },
    'POST /api/whistleblow/case': { body: caseOf([report, answer]) },
    'POST /api/whistleblow/case/messages': { status: 201, body: caseOf([report, answer, { author: 'reporter', text: 'Noch ein Detail.', createdAt: '2026-11-22T10:00:00.000Z' }]) },
  });
  t.teardown(api.restore);
  renderInShop(<WhistleblowerSystem />, { path: '/hinweisgebersystem' });
  const user = userEvent.setup();
  t.ok((screen.getByRole('checkbox', { name: 'Anonym melden' }) as HTMLInputElement).checked, 'anonymous unless the reporter chooses otherwise');
  t.notOk(screen.queryByLabelText(/^Name/), 'no name asked for');
  await user.selectOptions(screen.getByLabelText(/^Worum geht es/), 'fraud');
  await user.type(screen.getByLabelText(/^Ihr Hinweis/), report.text);
  await user.click(screen.getByRole('button', { name: 'Hinweis absenden' }));

  const receipt = await resultMessage('.whistleblower-receipt');
  t.match(receipt.textContent, /Ihr Hinweis ist eingegangen/);
  t.equal(within(receipt).getByTestId('case-reference').textContent, 'WB-ABCD-EFGH');
  t.equal(within(receipt).getByTestId('case-secret').textContent, 'wb_secret-code');
  t.match(receipt.textContent, /nur dieses eine Mal angezeigt/);
  t.same(api.calls[0].body, { category: 'fraud', message: report.text, anonymous: true }, 'nothing that names the reporter');

  // the reader form is filled for the reporter right after sending
  t.equal((screen.getByLabelText(/^Fallnummer/) as HTMLInputElement).value, 'WB-ABCD-EFGH');
  await user.click(screen.getByRole('button', { name: 'Antworten anzeigen' }));
  const messages = await screen.findByRole('list', { name: 'Nachrichten zum Fall' });
  t.match(messages.textContent, /Meldestelle.*Danke, wir prüfen das\./s);
  t.same(api.calls[1].body, { caseReference: 'WB-ABCD-EFGH', secret: 'wb_secret-code' });

  await user.type(screen.getByLabelText(/^Ihre Antwort/), 'Noch ein Detail.');
  await user.click(screen.getByRole('button', { name: 'Antwort senden' }));
  await screen.findByText('Ihre Antwort ist dem Fall hinzugefügt.');
  t.equal(within(screen.getByRole('list', { name: 'Nachrichten zum Fall' })).getAllByRole('listitem').length, 3);
});

t.test('whistleblower: a wrong access code is answered with its message', async (t) => {
  const api = fakeApi({
    'POST /api/whistleblow/case': { status: 404, body: { statusCode: 404, code: 'whistleblow_case_not_found', message: 'Zu dieser Fallnummer und diesem Zugangscode gibt es keinen Hinweis.' } },
  });
  t.teardown(api.restore);
  renderInShop(<WhistleblowerSystem />, { path: '/hinweisgebersystem' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Fallnummer/), 'WB-XXXX-YYYY');
  await user.type(screen.getByLabelText(/^Zugangscode/), 'wb_wrong');
  await user.click(screen.getByRole('button', { name: 'Antworten anzeigen' }));
  const summary = await screen.findByRole('alert');
  t.match(summary.textContent, /keinen Hinweis/);
});
