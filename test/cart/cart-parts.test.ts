// Component tests of the cart's parts as a customer meets them (queried by role and label, the way a
// screen reader sees the page): the lines with quantities and tier prices, the totals with VAT and shipping
// (never guessed while a line waits for the server), and the coupon form with the spec 5 and 8 messages.
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { CartLines } from '../../views/components/cart/CartLines.tsx';
import { CartTotals } from '../../views/components/cart/CartTotals.tsx';
import { CouponForm } from '../../views/components/cart/CouponForm.tsx';
import type { CartLineItem } from '../../src/contracts/cart.ts';
import { cart, productLine, renderInShop, scrapLine, text } from './ui.tsx';

t.afterEach(() => cleanup());

t.test('cart lines show each product with its unit price, tier, quantity and line total; scrap lines count as one item', async (t) => {
  const user = userEvent.setup();
  const changes: [string, number][] = [];
  const removed: string[] = [];
  const tiered = productLine({
    id: '44444444-4444-4444-8444-444444444444', sku: 'AG-PHIL-1OZ', name: 'Vienna Philharmonic 1 oz Silver', quantity: 25,
    price: { type: 'buy', centAmount: 4_210, minQuantity: 25, taxCentAmount: 0 }, totalPrice: { centAmount: 105_250, currencyCode: 'CHF' },
  });
  const c = cart({ lineItems: [productLine(), tiered, scrapLine()], transactionType: 'buy' });
  renderInShop(h(CartLines, {
    cart: c, editable: true,
    onQuantity: (line: CartLineItem, q: number) => changes.push([line.sku ?? '', q]),
    onRemove: (line: CartLineItem) => removed.push(line.name),
  }));

  const lines = screen.getAllByTestId('cart-line');
  t.equal(lines.length, 3);
  const krugerrand = within(lines[0]);
  t.ok(krugerrand.getByRole('link', { name: 'Krugerrand 1 oz Gold' }), 'the product links to its page');
  t.match(text(lines[0]), /Unit price: CHF 3,454\.34/);
  t.equal(text(within(lines[0]).getByTestId('cart-line-total')), 'Line total: CHF 6,908.68');
  t.equal((krugerrand.getByRole('spinbutton', { name: 'Quantity of Krugerrand 1 oz Gold' }) as HTMLInputElement).value, '2');
  t.match(text(lines[1]), /tier price from 25 pieces/, 'the quantity tier the price comes from');
  t.notOk(within(lines[2]).queryByRole('spinbutton'), 'a scrap item has no quantity');
  t.match(text(lines[2]), /1 item/);

  await user.click(krugerrand.getByRole('button', { name: 'One more of Krugerrand 1 oz Gold' }));
  await user.click(krugerrand.getByRole('button', { name: 'One less of Krugerrand 1 oz Gold' }));
  const qty = krugerrand.getByRole('spinbutton', { name: 'Quantity of Krugerrand 1 oz Gold' });
  await user.clear(qty);
  await user.type(qty, '7{Enter}');
  t.same(changes, [['AU-KRUG-1OZ', 3], ['AU-KRUG-1OZ', 1], ['AU-KRUG-1OZ', 7]]);
  await user.clear(qty);
  await user.type(qty, '0');
  await user.tab();
  t.equal(changes.length, 3, 'an impossible quantity is not sent');
  t.match(text(screen.getByRole('alert')), /from 1 to 10,000/, 'issue 17: the field says why (quantities.test.tsx has the details)');
  await user.click(within(lines[2]).getByRole('button', { name: /Remove.*Scrap gold/ }));
  t.same(removed, ['Scrap gold 585/1000, 12.5 g']);
});

t.test('a one-piece line cannot go below one; the review shows lines read-only', async (t) => {
  renderInShop(h(CartLines, { cart: cart({ lineItems: [productLine({ quantity: 1 })] }), editable: true, onQuantity: () => {}, onRemove: () => {} }));
  t.ok((screen.getByRole('button', { name: 'One less of Krugerrand 1 oz Gold' }) as HTMLButtonElement).disabled);
  cleanup();
  renderInShop(h(CartLines, { cart: cart() }));
  t.notOk(screen.queryByRole('spinbutton'));
  t.notOk(screen.queryByRole('button', { name: /Remove/ }));
  t.ok(screen.getByText('Quantity: 2'));
});

t.test('totals: goods, coupon, shipping and the total with the VAT it includes', async (t) => {
  const c = cart({
    totalPrice: { centAmount: 690_868, currencyCode: 'CHF' },
    discount: { discountCodeId: '55555555-5555-4555-8555-555555555555', code: 'VERSAND50', kind: 'shipping-percentage', amount: { centAmount: 995, currencyCode: 'CHF' }, applies: true },
    shippingInfo: { shippingMethodId: 'm', key: 'shipping', name: 'Shipping', deliveryMethod: 'standard-shipping', price: { centAmount: 1990, currencyCode: 'CHF' }, totalGrossPrice: { centAmount: 995, currencyCode: 'CHF' } },
    totalGrossPrice: { centAmount: 691_863, currencyCode: 'CHF' },
    totalTaxPrice: { centAmount: 5_130, currencyCode: 'CHF' },
  });
  renderInShop(h(CartTotals, { cart: c }));
  const totals = screen.getByTestId('cart-totals');
  t.match(text(totals), /Goods\s*CHF 6,908\.68/);
  t.match(text(totals), /Coupon VERSAND50\s*− CHF 9\.95/);
  t.match(text(totals), /Shipping\s*CHF 9\.95/);
  t.equal(text(screen.getByTestId('cart-total')), 'CHF 6,918.63');
  t.match(text(totals), /Including VAT of CHF 51\.30/);
  t.notOk(totals.getAttribute('aria-busy'));
});

t.test('totals are never guessed: while a line waits for the server they read as being updated', async (t) => {
  renderInShop(h(CartTotals, { cart: { ...cart(), pending: true } }));
  const totals = screen.getByTestId('cart-totals');
  t.equal(totals.getAttribute('aria-busy'), 'true');
  t.notMatch(text(totals), /CHF/, 'no amount shown');
  t.ok(within(totals).getAllByText('being updated').length >= 2);
});

t.test('a sell cart shows the payout, without VAT, and shipping to be chosen in the checkout', async (t) => {
  renderInShop(h(CartTotals, { cart: cart({ transactionType: 'sell', lineItems: [scrapLine()] }) }), { lang: 'de' });
  const totals = screen.getByTestId('cart-totals');
  t.match(text(totals), /Auszahlung/);
  t.match(text(totals), /wählen Sie an der Kasse/);
  t.match(text(totals), /Auszahlungen an Privatpersonen enthalten keine MwSt\./);
});

t.test('coupon form: a code must be given; the service\'s message appears on the field; one code can be removed', async (t) => {
  const user = userEvent.setup();
  const applied: string[] = [];
  const refusal = { data: null, error: { code: 'coupon_not_found', status: 404, message: 'Coupon code not found.' } };
  renderInShop(h(CouponForm, {
    cart: cart(),
    onApply: async (code: string) => {
      applied.push(code);
      return code === 'VERSAND50' ? { data: {}, error: null } : refusal;
    },
    onRemove: async () => ({ data: {}, error: null }),
  }));
  const field = screen.getByRole('textbox', { name: 'Coupon code' });
  await user.click(screen.getByRole('button', { name: 'Redeem' }));
  t.equal(text(screen.getByRole('alert')), '! Please enter a coupon code.');
  t.same(applied, [], 'spec 5: an empty code is not sent');
  t.equal(field.getAttribute('aria-invalid'), 'true');
  t.equal(field.getAttribute('aria-describedby'), screen.getByRole('alert').id);

  await user.type(field, 'NOPE');
  t.notOk(screen.queryByRole('alert'), 'typing clears the message');
  await user.click(screen.getByRole('button', { name: 'Redeem' }));
  t.match(text(screen.getByRole('alert')), /Coupon code not found\./);
  await user.clear(field);
  await user.type(field, ' VERSAND50 ');
  await user.click(screen.getByRole('button', { name: 'Redeem' }));
  t.same(applied, ['NOPE', 'VERSAND50']);
  t.equal(text(screen.getByRole('status')), 'Coupon code VERSAND50 redeemed.');
  cleanup();

  const removed: string[] = [];
  const withCode = cart({ discount: { discountCodeId: '66666666-6666-4666-8666-666666666666', code: 'WILLKOMMEN25', kind: 'fixed-amount', amount: { centAmount: 0, currencyCode: 'CHF' }, applies: false } });
  renderInShop(h(CouponForm, { cart: withCode, onApply: async () => refusal, onRemove: async (id: string) => (removed.push(id), { data: {}, error: null }) }));
  t.notOk(screen.queryByRole('textbox', { name: 'Coupon code' }), 'only one coupon: no second field');
  t.match(text(screen.getByText(/Coupon code WILLKOMMEN25/)), /applies from the minimum order value/);
  await user.click(screen.getByRole('button', { name: /Remove coupon code/ }));
  t.same(removed, ['66666666-6666-4666-8666-666666666666']);
});
