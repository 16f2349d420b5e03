// Issue 23: the delivery step of a guest whose cart came "into the depot": the deposit is shown with the reason
// the service gives (deposit_requires_account), with a link to sign in that returns to this step and one to
// open an account; going on with the deposit still chosen is refused at the step with that reason.
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ShippingMethodsResponse } from '../../src/contracts/order.ts';
import type { Result } from '../../src/contracts/result.ts';
import { DeliveryStep, type DeliverySubmit } from '../../views/pages/checkout/DeliveryStep.tsx';
import { cart, renderInShop, swissAddress, text } from './ui.tsx';

t.afterEach(() => cleanup());

const ok: Result<unknown> = { data: {}, error: null };
const chf = (centAmount: number) => ({ centAmount, currencyCode: 'CHF' as const });

const methods = (depositReason: string | null): ShippingMethodsResponse => ({
  cartId: 'c', currency: 'CHF',
  methods: [
    { id: '1', key: 'shipping', name: 'Shipping', description: 'Insured parcel.', transactionType: 'buy', deliveryMethod: 'standard-shipping', requiresPickupStore: false, price: chf(1990), available: true, reason: null },
    { id: '3', key: 'deposit', name: 'Deposit', description: 'Stored in your online depot.', transactionType: 'buy', deliveryMethod: 'deposit', requiresPickupStore: false, price: chf(0), available: depositReason === null, reason: depositReason },
  ],
  pickupStores: [],
} as ShippingMethodsResponse);

const depositCart = () => cart({ billingAddress: swissAddress, shippingInfo: { shippingMethodId: '3', key: 'deposit', name: 'Deposit', deliveryMethod: 'deposit', price: chf(0), totalGrossPrice: chf(0) } } as never);

t.test('a guest sees why the deposit needs an account, with the way to sign in and come back', async (t) => {
  const user = userEvent.setup();
  const sent: DeliverySubmit[] = [];
  renderInShop(h(DeliveryStep, { cart: depositCart(), methods: methods('deposit_requires_account'), refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }));
  const deposit = screen.getByRole('radio', { name: /^Deposit/ }) as HTMLInputElement;
  t.ok(deposit.disabled, 'not choosable');
  t.match(text(deposit.closest('label')), /We keep your metal in the depot of your customer account, so buying into the depot needs an account\./);
  const signIn = screen.getByRole('link', { name: 'Sign in and return to the checkout' });
  t.equal(signIn.getAttribute('href'), `/en/login?redirect=${encodeURIComponent('/en/checkout/buy?step=delivery')}`, 'the sign-in page, with the way back to this step');
  t.equal(screen.getByRole('link', { name: 'Open a customer account' }).getAttribute('href'), '/en/register');

  // the cart came with the deposit chosen: going on is refused here, with the reason, and nothing is sent
  await user.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(text(screen.getByRole('alert')), /Delivery method/);
  t.match(text(document.getElementById('checkout-delivery-shippingMethodId-error')), /needs an account/);
  t.equal(sent.length, 0);

  await user.click(screen.getByRole('radio', { name: /^Shipping/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(sent, [{ shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' }], 'another way goes on');
});

t.test('a signed-in customer chooses the deposit; no account note', async (t) => {
  const user = userEvent.setup();
  const sent: DeliverySubmit[] = [];
  renderInShop(h(DeliveryStep, { cart: depositCart(), methods: methods(null), refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }));
  t.notOk((screen.getByRole('radio', { name: /^Deposit/ }) as HTMLInputElement).disabled);
  t.equal(screen.queryByTestId('deposit-account-note'), null);
  await user.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(sent, [{ shippingMethodId: 'deposit', paymentMethod: 'bank-transfer' }]);
});
