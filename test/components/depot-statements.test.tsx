// Issue 25, the depot page's statements: a table with its caption (number with the download, period, day of
// issue in the store's format); "Create statement now" posts with the CSRF header, announces that it is busy,
// and puts the new statement first; more than 5 an hour shows the service's message (in the page's language)
// as an alert and changes nothing.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { DepotStatement } from '../../src/contracts/depot-statement.ts';
import { DepotStatements } from '../../views/components/account-area/DepotStatements.tsx';
import { formatDate } from '../../src/i18n.ts';
import { fakeApi, renderInShop } from './render.tsx';

t.afterEach(() => cleanup());

const statement = (id: string, number: string, over: Partial<DepotStatement> = {}): DepotStatement => ({
  id, number, periodKind: 'half_year', periodFrom: '2026-01-01', periodTo: '2026-06-30', issuedAt: '2026-07-01T04:00:00Z',
  url: `/api/deposits/statements/${id}.pdf`, ...over,
});
const FIRST = statement('11111111-1111-4111-8111-111111111111', 'DA-DE-2026-000001');
const NOW = statement('22222222-2222-4222-8222-222222222222', 'DA-DE-2026-000007', { periodKind: 'on_demand', periodTo: '2026-12-02', issuedAt: '2026-12-02T10:30:00Z' });
/** the German store's dates as the shop writes them everywhere */
const de = (d: string) => formatDate(d, 'de-DE');
const show = (initial: DepotStatement[] | null, lang: 'de' | 'en' = 'de') =>
  renderInShop(<DepotStatements initial={initial} />, { path: lang === 'de' ? '/kundenkonto/depotverwaltung' : '/en/my-account/deposit', store: 'de', session: { level: 'user' } });

t.test('the list: a table with caption; number with its download, period and day of issue in the store\'s format', async (t) => {
  show([FIRST]);
  const table = screen.getByRole('table', { name: 'Ihre Depotauszüge, der neueste zuerst' });
  const row = within(table).getAllByRole('row')[1];
  const link = within(row).getByRole('link', { name: 'Depotauszug DA-DE-2026-000001 herunterladen (PDF)' });
  t.equal(link.getAttribute('href'), `/api/deposits/statements/${FIRST.id}.pdf`, 'the storefront\'s download');
  t.equal(link.textContent, 'DA-DE-2026-000001');
  const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
  t.same(cells, [`Halbjahr: ${de('2026-01-01')} – ${de('2026-06-30')}`, de('2026-07-01T04:00:00Z')], 'period and day of issue in the store\'s format');
});

t.test('none yet, or not readable: it says so, and the button is there', async (t) => {
  show([]);
  t.match(screen.getByTestId('depot-statements-none').textContent, /Noch kein Depotauszug/);
  t.ok(screen.getByRole('button', { name: 'Depotauszug jetzt erstellen' }));
  cleanup();
  show(null, 'en');
  t.match(screen.getByTestId('depot-statements-unavailable').textContent, /cannot be shown right now/);
});

t.test('create now: posts with the CSRF header, announces that it is busy, then the new statement comes first', async (t) => {
  const api = fakeApi({ 'POST /api/deposits/statements': { status: 201, body: { statement: NOW } } });
  t.teardown(api.restore);
  // hold the answer back to see the busy state
  const answer = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    await gate;
    return answer(...args);
  }) as typeof fetch;
  show([FIRST]);
  const button = screen.getByRole('button', { name: 'Depotauszug jetzt erstellen' });
  await userEvent.click(button);
  await waitFor(() => {
    if (button.getAttribute('aria-busy') !== 'true') throw new Error('not busy yet');
  });
  t.equal(screen.getByTestId('depot-statements-status').textContent, 'Depotauszug wird erstellt …', 'busy, announced');
  release();
  await screen.findByRole('link', { name: 'Depotauszug DA-DE-2026-000007 herunterladen (PDF)' });
  t.equal(button.getAttribute('aria-busy'), null, 'no longer busy');
  t.equal(screen.getByTestId('depot-statements-status').textContent, 'Depotauszug DA-DE-2026-000007 wurde erstellt.');
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  t.same(rows.map((r) => within(r).getByRole('link').textContent), ['DA-DE-2026-000007', 'DA-DE-2026-000001'], 'newest first');
  t.equal(within(rows[0]).getAllByRole('cell')[0].textContent, `Auf Anfrage: ${de('2026-01-01')} – ${de('2026-12-02')}`);
  t.same(api.calls.map((c) => `${c.method} ${c.path}`), ['POST /api/deposits/statements']);
  t.ok(api.calls[0].headers['x-csrf-token'], 'with the CSRF header');
});

t.test('more than 5 an hour: the service\'s message as an alert, in the page\'s language; nothing added', async (t) => {
  const api = fakeApi({ 'POST /api/deposits/statements': { status: 429, body: { statusCode: 429, code: 'too_many_requests', message: 'Too many requests. Please try again in 42 minutes.', details: { retryAfter: 2520 } } } });
  t.teardown(api.restore);
  // the page's <html lang> as the server renders it for /en
  document.documentElement.lang = 'en';
  t.teardown(() => void (document.documentElement.lang = ''));
  show([FIRST], 'en');
  await userEvent.click(screen.getByRole('button', { name: 'Create statement now' }));
  const alert = await screen.findByRole('alert');
  t.equal(alert.textContent, 'Too many requests. Please try again in 42 minutes.');
  t.equal(within(screen.getByRole('table')).getAllByRole('row').length, 2, 'still one statement');
  t.equal(api.calls[0].headers['x-shop-language'], 'en', 'asked in the page\'s language');
});
