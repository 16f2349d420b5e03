// Issue 28, "Misleading": a purchase into the deposit is called that (cart totals, order type), and neither
// it nor a pickup shows a shipping address; the US store's order names no VAT ("Included VAT $0.00") but sales
// tax where some applies.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import type { Order } from '../../src/contracts/order.ts';
import { pathFor } from '../../src/screens.ts';
import AccountOrderPage from '../../views/pages/account-order/Page.tsx';
import { CartTotals } from '../../views/components/cart/CartTotals.tsx';
import type { CartView } from '../../client/state/cart-store.ts';
import { renderInShop } from './render.tsx';
import { address, eur, orderFixture, ORDER_ID, usd } from './order-fixture.ts';
import { text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());


const order = (over: Partial<Order> = {}): Order => orderFixture({
  deliveryMethod: 'deposit', shippingInfo: { shippingMethodId: 'm', key: 'deposit', name: 'Depot', deliveryMethod: 'deposit', price: eur(0), totalGrossPrice: eur(0) },
  timeline: [], ...over,
});

function cart(over: Partial<CartView> = {}): CartView {
  return {
    id: 'c1', transactionType: 'buy', currency: 'EUR', lineItems: [], totalPrice: eur(712_345), discount: null,
    shippingInfo: { shippingMethodId: 'm', key: 'deposit', name: 'Depot', deliveryMethod: 'deposit', price: eur(0), totalGrossPrice: eur(0) },
    totalGrossPrice: eur(712_345), totalTaxPrice: eur(0), pricesValidUntil: null, ...over,
  } as unknown as CartView;
}

t.test('a deposit purchase is named as such on its order page, with where the metal is kept instead of a shipping address', async (t) => {
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'de', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: order(), meta: {} } });
  const facts = await screen.findByTestId('order-facts');
  t.match(text(facts), 'Depotkauf', 'the order type says deposit purchase');
  t.notOk(within(screen.getByRole('main')).queryByRole('heading', { name: 'Lieferadresse' }), 'no shipping address');
  t.equal(text(screen.getByTestId('order-where')), 'In Ihrem Online-Depot, sobald Ihre Zahlung eingegangen ist. Es wird nichts versandt.');
});

t.test('the cart totals of a deposit purchase say storage in the deposit, not "Shipping: free"', async (t) => {
  renderInShop(<CartTotals cart={cart()} />, { path: '/warenkorb', store: 'de' });
  const totals = screen.getByTestId('cart-totals');
  t.match(text(totals), 'Einlagerung ins Depot');
  t.notMatch(text(totals), /Versand/);
});

t.test('a stale total is struck through and says so', async (t) => {
  renderInShop(<CartTotals cart={cart()} stale />, { path: '/warenkorb', store: 'de' });
  t.ok(screen.getByTestId('cart-total').querySelector('del'), 'the old total struck');
  t.match(text(screen.getByTestId('cart-total-stale')), 'abgelaufenen Preisen');
});

t.test('the US store names sales tax, never VAT', async (t) => {
  const us = { currency: 'USD', shippingInfo: { shippingMethodId: 'm', key: 'shipping', name: 'Shipping', deliveryMethod: 'standard-shipping', price: usd(2_500), totalGrossPrice: usd(2_500) }, totalPrice: usd(445_508), totalGrossPrice: usd(448_008), totalTaxPrice: usd(0) };
  renderInShop(<CartTotals cart={cart(us as Partial<CartView>)} />, { path: '/en/cart', store: 'us' });
  t.equal(text(screen.getByTestId('cart-totals').querySelector('.cart-vat')), 'No sales tax is added.');
  cleanup();

  const usAddress = { ...address, streetName: 'Fifth Avenue', streetNumber: '350', zipCode: '10118', city: 'New York', state: 'NY', country: 'US' };
  const o = order({ ...us, orderNumber: 'US-B-2026-000001', currency: 'USD', country: 'US', locale: 'en-US', amount: usd(448_008), billingAddress: usAddress, shippingAddress: usAddress } as Partial<Order>);
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'en', { slug: ORDER_ID }), store: 'us', session: { level: 'user' }, loaderData: { order: o, meta: {} } });
  const table = await screen.findByRole('table', { name: 'Items' });
  t.notMatch(text(table), /VAT/, 'no "Included VAT $0.00"');
  t.match(text(screen.getByRole('main')), 'Shipping address', 'a shipped order keeps its address');
  cleanup();
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'en', { slug: ORDER_ID }), store: 'us', session: { level: 'user' }, loaderData: { order: { ...o, totalTaxPrice: usd(1_234) }, meta: {} } });
  t.match(text(await screen.findByRole('table', { name: 'Items' })), /Included sales tax\s*\$12\.34/);
});
