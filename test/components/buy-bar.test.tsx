// The product page's buy bar (issue 17): price, quantity and "add to cart" are one group, which a phone shows
// fixed at the bottom of the screen. It holds the page's one quantity field (Sell uses the same quantity), its
// message stays with the field inside the bar, and a product that cannot be bought has no bar.
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CartActions } from '../../views/pages/product/CartActions.tsx';
import type { StorefrontProduct } from '../../src/contracts/catalogue.ts';
import { fakeApi, renderInShop } from './render.tsx';
import { cart, productLine, text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const product = {
  sku: 'AU-KRUG-1OZ', localizedName: 'Krugerrand 1 oz Gold', metal: 'gold', availability: 'available', depositable: true, dutyFree: false,
} as StorefrontProduct;

const added = { status: 200, body: { cart: cart({ lineItems: [productLine({ quantity: 4 })] }) } };

t.test('the bar holds the price, the page\'s one quantity field and "Add to cart"; Sell takes the same quantity', async (t) => {
  const user = userEvent.setup();
  const api = fakeApi({ 'POST /api/cart/items': added, 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} price="$4,464.36" />, { path: '/en/product/krugerrand-1-oz-gold' });
  const bar = screen.getByTestId('buy-bar');
  t.equal(text(within(bar).getByText('$4,464.36').closest('p')!), 'You buy $4,464.36');
  t.equal(screen.getAllByRole('spinbutton').length, 1, 'one quantity on the page');
  const field = within(bar).getByRole('spinbutton', { name: 'Quantity' });
  t.ok(within(bar).getByRole('button', { name: /^Add to cart/ }));
  t.notOk(within(bar).queryByRole('button', { name: /^Sell/ }), 'Sell stays in the panel');
  t.notOk(within(bar).queryByRole('checkbox'), 'the deposit choice stays in the panel, before the bar');

  await user.clear(field);
  await user.type(field, '4');
  await user.click(screen.getByRole('button', { name: /^Sell/ }));
  await waitFor(() => t.match(api.calls.filter((c) => c.path === '/api/cart/items').map((c) => c.body), [{ transactionType: 'sell', sku: 'AU-KRUG-1OZ', quantity: 4 }]));
});

t.test('a refused quantity is named inside the bar, at its field (a phone shows the bar, not the panel)', async (t) => {
  const user = userEvent.setup();
  const api = fakeApi({ 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} price="$4,464.36" />, { path: '/en/product/krugerrand-1-oz-gold' });
  const bar = screen.getByTestId('buy-bar');
  const field = within(bar).getByRole('spinbutton', { name: 'Quantity' });
  await user.clear(field);
  await user.type(field, '0');
  await user.click(within(bar).getByRole('button', { name: /^Add to cart/ }));
  const alert = within(bar).getByRole('alert');
  t.equal(text(alert), '! Please enter a whole number from 1 to 10,000.');
  t.equal(field.getAttribute('aria-describedby'), alert.id);
  t.same(api.calls.filter((c) => c.path === '/api/cart/items'), [], 'nothing added');
});

t.test('a sold-out product has no buy bar; its quantity and Sell stay in the panel', async (t) => {
  const api = fakeApi({ 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={{ ...product, availability: 'soldOut' }} price="$4,464.36" />, { path: '/en/product/krugerrand-1-oz-gold' });
  t.notOk(screen.queryByTestId('buy-bar'));
  t.notOk(screen.queryByRole('button', { name: /^Add to cart/ }));
  t.ok(screen.getByRole('spinbutton', { name: 'Quantity' }));
  t.ok(screen.getByRole('button', { name: /^Sell/ }));
});

t.test('German: the bar reads "Sie kaufen" with the price and "In den Warenkorb"', async (t) => {
  const api = fakeApi({ 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} price="CHF 3'477.40" />, { path: '/produkt/kruegerrand-1-unze-gold', store: 'ch' });
  const bar = screen.getByTestId('buy-bar');
  t.equal(text(within(bar).getByText("CHF 3'477.40").closest('p')!), "Sie kaufen CHF 3'477.40");
  t.ok(within(bar).getByRole('spinbutton', { name: 'Menge' }));
  t.ok(within(bar).getByRole('button', { name: /^In den Warenkorb/ }));
});
