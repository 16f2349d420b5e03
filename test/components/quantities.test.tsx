// Quantities as a customer types them (issue 17): on the product page and in the cart, a quantity outside
// 1..10,000 (empty, 0, negative, 1.5, 100,000) adds or changes nothing and says so at the field, in the
// customer's language, naming the range (aria-invalid, aria-describedby); Enter in a cart line's field applies
// a valid quantity. The added-to-cart notice follows its button, so Tab from the button reaches "View cart".
import './render.tsx';
import t from 'tap';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CartActions } from '../../views/pages/product/CartActions.tsx';
import { CartLines } from '../../views/components/cart/CartLines.tsx';
import type { CartLineItem } from '../../src/contracts/cart.ts';
import type { StorefrontProduct } from '../../src/contracts/catalogue.ts';
import { fakeApi, renderInShop } from './render.tsx';
import { cart, productLine, text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

// what CartActions reads of a product; the rest of the catalogue's shape does not matter here
const product = {
  sku: 'AU-KRUG-1OZ', localizedName: 'Krugerrand 1 oz Gold', metal: 'gold', availability: 'available', depositable: true, dutyFree: false,
} as StorefrontProduct;

const added = { status: 200, body: { cart: cart({ lineItems: [productLine({ quantity: 3 })] }) } };

t.test('product page: 0, empty, negative, 1.5 and 10,001 add nothing and name the range at the field; 3 is added', async (t) => {
  const user = userEvent.setup();
  const api = fakeApi({ 'POST /api/cart/items': added, 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} />, { path: '/en/product/krugerrand-1-oz-gold' });
  const field = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
  const add = screen.getByRole('button', { name: /^Add to cart/ });
  for (const typed of ['0', '', '-1', '1.5', '10001']) {
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.click(add);
    const alert = screen.getByRole('alert');
    t.equal(text(alert), '! Please enter a whole number from 1 to 10,000.', `"${typed}" is refused with the range`);
    t.equal(field.getAttribute('aria-invalid'), 'true');
    t.equal(field.getAttribute('aria-describedby'), alert.id);
    t.equal(document.activeElement, field, 'the field gets the focus back to be corrected');
  }
  t.same(api.calls.filter((c) => c.path === '/api/cart/items'), [], 'nothing was added (0 used to add 1)');

  await user.clear(field);
  await user.type(field, '3');
  t.notOk(screen.queryByRole('alert'), 'a valid quantity clears the message');
  t.notOk(field.getAttribute('aria-invalid'));
  await user.click(add);
  await waitFor(() => t.same(api.calls.filter((c) => c.path === '/api/cart/items').map((c) => c.body), [{ transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 3, deposit: false }]));
});

t.test('product page in German: the range reads in German with the store\'s number format', async (t) => {
  const user = userEvent.setup();
  const api = fakeApi({ 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} />, { path: '/produkt/kruegerrand-1-unze-gold', store: 'de' });
  const field = screen.getByRole('spinbutton', { name: 'Menge' });
  await user.clear(field);
  await user.type(field, '0');
  t.notOk(screen.queryByRole('alert'), 'not while typing');
  await user.click(screen.getByRole('button', { name: /^In den Warenkorb/ }));
  t.equal(text(screen.getByRole('alert')), '! Bitte geben Sie eine ganze Zahl von 1 bis 10.000 ein.');
  t.same(api.calls.filter((c) => c.path === '/api/cart/items'), []);
});

t.test('after adding, Tab from the add button reaches "View cart" (the notice follows its button)', async (t) => {
  const user = userEvent.setup();
  const api = fakeApi({ 'POST /api/cart/items': added, 'GET /api/carts': { body: { carts: [] } } });
  t.teardown(api.restore);
  renderInShop(<CartActions product={product} />, { path: '/en/product/krugerrand-1-oz-gold' });
  const add = screen.getByRole('button', { name: /^Add to cart/ });
  await user.click(add);
  const notice = await screen.findByTestId('cart-notice');
  t.match(text(notice), /Krugerrand 1 oz Gold \(1\) was added to your cart\./);
  add.focus();
  await user.tab();
  t.equal(document.activeElement, within(notice).getByRole('link', { name: 'View cart' }), 'the next stop after the button');
});

function cartLine(onQuantity: (line: CartLineItem, q: number) => void, opts: { lang?: 'de' | 'en'; store?: 'ch' | 'de'; onRemove?: (line: CartLineItem) => void } = {}) {
  renderInShop(<CartLines cart={cart()} editable onQuantity={onQuantity} onRemove={opts.onRemove ?? (() => {})} />, { path: opts.lang === 'de' ? '/warenkorb' : '/en/cart', store: opts.store });
}

t.test('cart: Enter applies a valid quantity; 0 is refused and points to Remove; 100,000 and 1.5 name the range; the cart is unchanged', async (t) => {
  const user = userEvent.setup();
  const changes: number[] = [];
  const removed: string[] = [];
  cartLine((_, q) => changes.push(q), { onRemove: (line) => removed.push(line.name) });
  const field = screen.getByRole('spinbutton', { name: 'Quantity of Krugerrand 1 oz Gold' }) as HTMLInputElement;

  await user.clear(field);
  await user.type(field, '0{Enter}');
  let alert = screen.getByRole('alert');
  t.equal(text(alert), '! Please enter a whole number from 1 to 10,000. To take this product out of your cart, use “Remove”. Your cart is unchanged.');
  t.equal(field.getAttribute('aria-invalid'), 'true');
  t.equal(field.getAttribute('aria-describedby'), alert.id);
  t.ok(screen.getByRole('button', { name: /^Remove/ }), 'the Remove button the message points to');

  for (const typed of ['100000', '1.5', '-3']) {
    await user.clear(field);
    await user.type(field, `${typed}{Enter}`);
    alert = screen.getByRole('alert');
    t.equal(text(alert), '! Please enter a whole number from 1 to 10,000. Your cart is unchanged.', `"${typed}" on Enter`);
  }
  await user.clear(field);
  await user.type(field, '0');
  await user.tab();
  t.match(text(screen.getByRole('alert')), /from 1 to 10,000/, 'leaving the field with 0 says the same');
  t.same(changes, [], 'no change was sent');

  await user.clear(field);
  await user.type(field, '7{Enter}');
  t.same(changes, [7], 'Enter applies a valid quantity');
  t.notOk(screen.queryByRole('alert'));
  t.notOk(field.getAttribute('aria-invalid'));

  // with 0 typed, the Remove the message points to takes the line out at the first click (no message
  // appears on leaving the field for it, which would move it from under the pointer)
  await user.clear(field);
  await user.type(field, '0');
  await user.click(screen.getByRole('button', { name: /^Remove/ }));
  t.same(removed, ['Krugerrand 1 oz Gold']);
  t.same(changes, [7]);
});

t.test('cart in German (Swiss store): the message in German with the store\'s number format', async (t) => {
  const user = userEvent.setup();
  cartLine(() => {}, { lang: 'de', store: 'ch' });
  const field = screen.getByRole('spinbutton', { name: /Krugerrand/ });
  await user.clear(field);
  await user.type(field, '100000{Enter}');
  t.equal(text(screen.getByRole('alert')), "! Bitte geben Sie eine ganze Zahl von 1 bis 10'000 ein. Ihr Warenkorb ist unverändert.");
});
