// Issue 17 adds: the page follows a new price set (the deposit fetched again on PricesUpdated).
// The deposit page with purchases not paid yet (issue 15): they are listed apart, under "awaiting payment",
// with order, product, quantity, cost, today's value and the day the transfer must arrive, and a line on
// when the metal is booked. They are in no holding, in none of the deposit's values and in no sale form;
// without any, the section is not there at all.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Deposit } from '../../src/contracts/deposit.ts';
import { pathFor } from '../../src/screens.ts';
import type { StoreKey } from '../../src/stores.ts';
import AccountDepositPage from '../../views/pages/account-deposit/Page.tsx';
import { fakeApi, renderInShop } from './render.tsx';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const eur = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' as const });
const ORDER_ID = '66666666-6666-4666-8666-666666666666';

function deposit(over: Partial<Deposit> = {}): Deposit {
  return {
    id: '11111111-1111-4111-8111-111111111111', number: 'DE-D-00000001', openedAt: '2025-03-01T10:00:00Z', currency: 'EUR',
    openingValue: eur(150_000), currentValue: eur(186_666), difference: eur(36_666), priceSetId: 'ps', pricesValidUntil: '2026-12-02T12:03:00Z',
    holdings: [{ sku: 'AU-KRUG-1OZ', productId: null, name: 'Krügerrand 1 Unze Gold', slug: null, imageUrl: null, metal: 'gold', quantity: 1, cost: eur(150_000), unitSellPrice: eur(186_666), currentValue: eur(186_666), difference: eur(36_666) }],
    lots: [{ id: '22222222-2222-4222-8222-222222222222', sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', acquiredAt: '2025-03-01T10:00:00Z', orderNumber: 'DE-B-2025-000001', quantity: 1, remainingQuantity: 1, unitCost: eur(150_000), cost: eur(150_000), currentValue: eur(186_666), gain: eur(36_666), heldDays: 640, tax: { taxFreeFrom: '2026-03-02', daysUntilTaxFree: 0, taxFree: true } }],
    holdingPeriodRule: { country: 'DE', source: '§ 23 Abs. 1 Satz 1 Nr. 2 EStG', url: 'https://www.gesetze-im-internet.de/estg/__23.html', holdingPeriodYears: 1 },
    awaitingPayment: [{
      orderId: ORDER_ID, orderNumber: 'DE-B-2026-000042', orderedAt: '2026-12-02T08:15:00Z', paymentDueBy: '2026-12-09', sku: 'AG-MAPLE-1OZ',
      name: 'Maple Leaf 1 Unze Silber', slug: 'maple-leaf-1-unze-silber', imageUrl: null, quantity: 20, cost: eur(72_000), currentValue: eur(70_400),
    }],
    ...over,
  };
}

function showPage(d: Deposit | null, lang: 'de' | 'en' = 'de', store: StoreKey = 'de') {
  return renderInShop(<AccountDepositPage />, { path: pathFor('accountDeposit', lang), store, session: { level: 'user' }, loaderData: { deposit: d, statements: [], meta: {} } });
}

t.test('unpaid purchases are listed apart, with order, product, quantity, cost, value today and pay-by day', async (t) => {
  showPage(deposit());
  const section = await screen.findByRole('region', { name: 'Zahlung ausstehend' });
  t.match(text(section), /Wir buchen das Edelmetall in Ihr Depot ein, sobald Ihre Zahlung eingegangen ist/);
  t.match(text(section), /Die einjährige Haltefrist beginnt am Tag der Einbuchung\./, 'the one-year clock on the German store');
  const rows = within(section).getAllByRole('row');
  t.same(within(rows[0]).getAllByRole('columnheader').map(text), ['Bestellung', 'Produkt', 'Menge', 'Einstand', 'Wert heute', 'Zahlbar bis']);
  t.same([text(within(rows[1]).getByRole('rowheader')), ...within(rows[1]).getAllByRole('cell').map(text)],
    ['DE-B-2026-000042 · 02/12/2026', 'Maple Leaf 1 Unze Silber', '20', '720,00 €', '704,00 €', '09/12/2026']);
  t.equal(within(rows[1]).getByRole('link', { name: 'DE-B-2026-000042' }).getAttribute('href'), pathFor('accountOrder', 'de', { slug: ORDER_ID }), 'the order is one click away');
});

t.test('unpaid metal is in no holding, no value of the deposit, no lot and no sale form', async (t) => {
  showPage(deposit());
  await screen.findByRole('region', { name: 'Zahlung ausstehend' });
  const fact = (name: string) => text(within(screen.getByTestId('deposit-facts')).getByText(name).nextElementSibling);
  t.equal(fact('Einstandswert'), '1.500,00 €', 'the opening value is the paid metal\'s');
  t.equal(fact('Aktueller Wert'), '1.866,66 €', 'the current value too (not plus 704,00 €)');
  t.notMatch(text(screen.getByTestId('deposit-holdings')), /Maple Leaf/);
  t.notMatch(text(screen.getByTestId('deposit-lots')), /Maple Leaf|DE-B-2026-000042/);
  t.ok(screen.getByLabelText(/^Stück Krügerrand 1 Unze Gold zu verkaufen/), 'the paid holding can be sold');
  t.equal(screen.queryByLabelText(/Maple Leaf/), null, 'the unpaid one cannot');
});

t.test('no unpaid purchases: no such section', async (t) => {
  showPage(deposit({ awaitingPayment: [] }));
  await screen.findByTestId('deposit-holdings');
  t.equal(screen.queryByRole('region', { name: 'Zahlung ausstehend' }), null);
  t.equal(screen.queryByRole('heading', { name: 'Zahlung ausstehend' }), null);
  t.equal(screen.queryByText(/Zahlung eingegangen ist/), null);
});

t.test('only unpaid metal so far: the holdings say so, the unpaid purchase is listed, nothing to sell', async (t) => {
  showPage(deposit({ holdings: [], lots: [], openingValue: eur(0), currentValue: eur(0), difference: eur(0) }), 'en', 'ch');
  const section = await screen.findByRole('region', { name: 'Awaiting payment' });
  t.match(text(section), /We book the metal into your deposit when your payment arrives/);
  t.notMatch(text(section), /one-year/, 'no holding-period clock outside Germany and Austria');
  t.match(text(screen.getByTestId('deposit-no-holdings')), /no paid metal/);
  t.equal(screen.queryByRole('heading', { name: 'What a sale would touch' }), null);
  t.equal(screen.queryByRole('textbox'), null, 'no sale form');
});

t.test('issue 17: a new price set (PricesUpdated) fetches the deposit again: its values and "valid until" follow the set', async (t) => {
  const d = deposit();
  const next = { ...d, pricesValidUntil: '2026-12-02T12:06:00Z', currentValue: eur(190_000), priceSetId: 'ps2' };
  const api = fakeApi({ 'GET /api/deposit': { body: { deposit: next } } });
  t.teardown(api.restore);
  showPage(d);
  const validUntil = screen.getByTestId('deposit-valid-until');
  t.equal(validUntil.getAttribute('data-valid-until'), '2026-12-02T12:03:00Z');
  const shown = validUntil.textContent;
  t.equal(api.calls.length, 0, 'nothing fetched before a new set');
  window.dispatchEvent(new CustomEvent('PricesUpdated', { detail: { lastRecalculatedAt: '2026-12-02T12:03:00Z', validUntil: '2026-12-02T12:06:00Z' } }));
  await waitFor(() => {
    if (screen.getByTestId('deposit-valid-until').getAttribute('data-valid-until') !== '2026-12-02T12:06:00Z') throw new Error('not yet');
  });
  t.not(screen.getByTestId('deposit-valid-until').textContent, shown, 'the time shown follows');
  t.match(screen.getByTestId('deposit-facts').textContent, /1\.900,00/, 'and the current value');
  t.same(api.calls.map((c) => `${c.method} ${c.path}`), ['GET /api/deposit']);
});
