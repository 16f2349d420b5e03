// The deposit's tax lots as a customer sees them: on the German store each lot counts down to its one-year
// holding date and the page names the rule's source; on the Swiss store there is no countdown. The sale
// preview asks the API which lots a sale would take and shows them, oldest first; from there that quantity
// goes into the sell cart to be sold from the deposit.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Deposit } from '../../src/contracts/deposit.ts';
import { HoldingPeriodNote, LotsTable, SalePreview, showsHoldingPeriod } from '../../views/components/account-area/DepositParts.tsx';
import { fakeApi, renderInShop } from './render.tsx';
import { cart, productLine } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const eur = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' as const });
const tax = (days: number, from: string) => ({ taxFreeFrom: from, daysUntilTaxFree: days, taxFree: days === 0 });

function deposit(withRule: boolean): Deposit {
  return {
    id: '11111111-1111-4111-8111-111111111111', number: 'DE-D-00000001', openedAt: '2025-03-01T10:00:00Z', currency: 'EUR',
    openingValue: eur(500_000), currentValue: eur(560_000), difference: eur(60_000), priceSetId: 'ps', pricesValidUntil: '2026-11-21T12:03:00Z',
    awaitingPayment: [],
    holdings: [{ sku: 'AU-KRUG-1OZ', productId: null, name: 'Krügerrand 1 Unze Gold', slug: null, imageUrl: null, metal: 'gold', quantity: 3, cost: eur(500_000), unitSellPrice: eur(186_666), currentValue: eur(560_000), difference: eur(60_000) }],
    lots: [
      { id: '22222222-2222-4222-8222-222222222222', sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', acquiredAt: '2025-03-01T10:00:00Z', orderNumber: 'DE-B-2025-000001', quantity: 1, remainingQuantity: 1, unitCost: eur(150_000), cost: eur(150_000), currentValue: eur(186_666), gain: eur(36_666), heldDays: 630, tax: withRule ? tax(0, '2026-03-02') : null },
      { id: '33333333-3333-4333-8333-333333333333', sku: 'AU-KRUG-1OZ', name: 'Krügerrand 1 Unze Gold', acquiredAt: '2026-09-01T10:00:00Z', orderNumber: 'DE-B-2026-000007', quantity: 2, remainingQuantity: 2, unitCost: eur(175_000), cost: eur(350_000), currentValue: eur(373_334), gain: eur(23_334), heldDays: 81, tax: withRule ? tax(285, '2027-09-02') : null },
    ],
    holdingPeriodRule: withRule ? { country: 'DE', source: '§ 23 Abs. 1 Satz 1 Nr. 2 EStG', url: 'https://www.gesetze-im-internet.de/estg/__23.html', holdingPeriodYears: 1 } : null,
  };
}

/** The sell cart as the storefront answers it after the deposit page's "sell": method depositSell. */
function sellCart(quantity: number) {
  return cart({
    transactionType: 'sell', storeKey: 'de', currency: 'EUR', lineItems: [productLine({ quantity })],
    shippingInfo: { shippingMethodId: 'm', key: 'depositSell', name: 'Aus meinem Depot verkaufen', deliveryMethod: 'deposit', price: eur(0), totalGrossPrice: eur(0) },
  });
}

function Parts({ d }: { d: Deposit }) {
  return (
    <>
      <HoldingPeriodNote deposit={d} />
      <LotsTable deposit={d} />
      <SalePreview deposit={d} holding={d.holdings[0]} />
    </>
  );
}

t.test('German store: each lot counts down to its tax-free date, with the rule and its source', async (t) => {
  renderInShop(<Parts d={deposit(true)} />, { path: '/kundenkonto/depotverwaltung', store: 'de', session: { level: 'user' } });
  const table = screen.getByTestId('deposit-lots');
  t.ok(within(table).getByRole('columnheader', { name: 'Steuerfrei nach einem Jahr' }));
  const cells = screen.getAllByTestId('lot-countdown').map((c) => c.textContent);
  t.same(cells, ['Über ein Jahr gehalten', 'noch 285 Tage (ab 02/09/2027)']);
  t.match(screen.getByTestId('holding-period-note').textContent, /§ 23 Abs. 1 Satz 1 Nr. 2 EStG/);
});

t.test('Swiss store: no countdown and no holding-period note', async (t) => {
  renderInShop(<Parts d={deposit(false)} />, { path: '/kundenkonto/depotverwaltung', store: 'ch', session: { level: 'user' } });
  t.equal(screen.queryAllByTestId('lot-countdown').length, 0);
  t.equal(screen.queryByRole('columnheader', { name: 'Steuerfrei nach einem Jahr' }), null);
  t.equal(screen.queryByTestId('holding-period-note'), null);
  t.equal(showsHoldingPeriod('ch', { holdingPeriodRule: deposit(true).holdingPeriodRule }), false, 'even if the service sent a rule');
});

t.test('the sale preview shows which lots a sale would take, oldest first', async (t) => {
  const d = deposit(true);
  const api = fakeApi({
    [`GET /api/deposits/${d.id}/sell-preview`]: {
      body: {
        preview: {
          sku: 'AU-KRUG-1OZ', quantity: 2, available: 3, unitSellPrice: eur(186_666), cost: eur(325_000), proceeds: eur(373_332), gain: eur(48_332), taxFreeQuantity: 1,
          lots: [
            { lotId: d.lots[0].id, acquiredAt: d.lots[0].acquiredAt, orderNumber: 'DE-B-2025-000001', quantity: 1, cost: eur(150_000), proceeds: eur(186_666), gain: eur(36_666), tax: tax(0, '2026-03-02') },
            { lotId: d.lots[1].id, acquiredAt: d.lots[1].acquiredAt, orderNumber: 'DE-B-2026-000007', quantity: 1, cost: eur(175_000), proceeds: eur(186_666), gain: eur(11_666), tax: tax(285, '2027-09-02') },
          ],
        },
      },
    },
    'POST /api/cart/items': (call) => ({ body: { cart: sellCart((call.body as { quantity: number }).quantity) } }),
    [`PUT /api/carts/${sellCart(0).id}/line-items`]: (call) => ({ body: { cart: sellCart((call.body as { quantity: number }).quantity) } }),
  });
  t.teardown(api.restore);
  renderInShop(<Parts d={d} />, { path: '/kundenkonto/depotverwaltung', store: 'de', session: { level: 'user' } });
  const user = userEvent.setup();
  const input = screen.getByLabelText(/^Stück Krügerrand 1 Unze Gold zu verkaufen/);
  await user.clear(input);
  await user.type(input, '9');
  await user.click(screen.getByRole('button', { name: 'Betroffene Positionen zeigen' }));
  t.match((await screen.findByText(/nicht so viele Stück/)).textContent, /Ihr Depot enthält nicht so viele Stück/, 'more than held: said, nothing asked');
  t.equal(api.calls.length, 0);

  await user.clear(input);
  await user.type(input, '2');
  await user.click(screen.getByRole('button', { name: 'Betroffene Positionen zeigen' }));
  const table = await screen.findByTestId('sale-preview-AU-KRUG-1OZ');
  t.equal(api.calls.length, 1);
  t.match(api.calls[0].path, /sell-preview$/);
  const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent);
  t.same(rows, ['01/03/2025 · DE-B-2025-000001', '01/09/2026 · DE-B-2026-000007'], 'oldest lot first');
  await waitFor(() => t.ok(screen.getByText(/1 von 2 Stück stammen aus Positionen/)));

  await user.click(screen.getByRole('button', { name: 'Diese 2 aus meinem Depot verkaufen: Krügerrand 1 Unze Gold' }));
  const added = await screen.findByTestId('sale-added');
  t.same(api.calls[1], { ...api.calls[1], method: 'POST', path: '/api/cart/items', body: { transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 2, deposit: true } },
    'the previewed quantity goes into the sell cart, to be sold from the deposit');
  t.match(added.textContent, /2 Stück liegen in Ihrem Verkaufskorb/);
  t.equal(within(added).getByRole('link').getAttribute('href'), '/warenkorb?type=sell', 'with a link to the sell cart');
  t.notOk(screen.queryByRole('button', { name: /aus meinem Depot verkaufen/ }), 'not twice by accident');
  t.equal(document.activeElement, added, 'focus moves from the vanished button to the message');

  // previewed again and sold again: the cart holds the previewed pieces, not twice as many
  await user.click(screen.getByRole('button', { name: 'Betroffene Positionen zeigen' }));
  await screen.findByTestId('sale-preview-AU-KRUG-1OZ');
  await user.click(screen.getByRole('button', { name: 'Diese 2 aus meinem Depot verkaufen: Krügerrand 1 Unze Gold' }));
  await screen.findByTestId('sale-added');
  const last = api.calls[api.calls.length - 1];
  t.match(last, { method: 'PUT', path: `/api/carts/${sellCart(0).id}/line-items`, body: { sku: 'AU-KRUG-1OZ', quantity: 2 } }, 'the quantity is set, not added');
  t.equal(api.calls.filter((c) => c.method === 'POST').length, 1);
  t.match(screen.getByTestId('sale-added').textContent, /^2 Stück liegen in Ihrem Verkaufskorb/);
});
