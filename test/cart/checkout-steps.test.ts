// Component tests of the checkout's steps as a customer goes through them (by role and label): My data
// (guest, an e-mail that has an account, creating an account), Delivery and payment (methods a rule rules
// out, stores, the payout account, cash rules), Review (the three acceptances, the in-progress label,
// disabled while prices refresh, the price modal after 'not equal'), and the anti-money-laundering notice.
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { act, cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ShippingMethodsResponse } from '../../src/contracts/order.ts';
import type { Result } from '../../src/contracts/result.ts';
import { DataStep, type DataSubmit } from '../../views/pages/checkout/DataStep.tsx';
import { DeliveryStep, type DeliverySubmit } from '../../views/pages/checkout/DeliveryStep.tsx';
import { loadBankChecks } from '../../views/components/forms/bank-rules.ts';
import { ReviewStep, type PlaceOutcome } from '../../views/pages/checkout/ReviewStep.tsx';
import { AmlNotice, amlThresholdFor } from '../../views/components/cart/AmlNotice.tsx';
import { cashIdentificationThresholds } from '../../src/contracts/aml.ts';
import { cart, renderInShop, swissAddress, text } from './ui.tsx';

t.afterEach(() => cleanup());

const ok: Result<unknown> = { data: {}, error: null };

async function fillSwissAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Anna');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Muster');
  await user.type(screen.getByRole('textbox', { name: 'Street' }), 'Bahnhofstrasse');
  await user.type(screen.getByRole('textbox', { name: 'No.' }), '12');
  await user.type(screen.getByRole('textbox', { name: 'Zip code' }), '8001');
  await user.type(screen.getByRole('textbox', { name: 'City' }), 'Zürich');
}

t.test('My data: a guest gives e-mail and billing address; a missing field is named, the summary takes focus', async (t) => {
  const user = userEvent.setup();
  const sent: DataSubmit[] = [];
  renderInShop(h(DataStep, { cart: cart(), customer: null, refreshing: false, checkEmail: async () => false, onSubmit: async (d: DataSubmit) => (sent.push(d), ok) }));
  t.ok(screen.getByRole('heading', { level: 1, name: 'My data' }));
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  const summary = screen.getByRole('alert');
  t.equal(document.activeElement, summary, 'focus on the summary');
  t.match(text(summary), /Please correct 7 fields: E-mail address, First name \(billing\), Last name \(billing\)/);
  t.match(text(summary), /E-mail address: This field is required\./);
  t.equal(sent.length, 0);

  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'anna.muster@example.ch');
  await fillSwissAddress(user);
  t.equal((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value, 'CH', 'the store\'s first shipping country');
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  t.equal(sent.length, 1);
  t.equal(sent[0].email, 'anna.muster@example.ch');
  t.match(sent[0].billingAddress, { firstName: 'Anna', zipCode: '8001', country: 'CH', state: '' });
  t.same(sent[0].shippingAddress, sent[0].billingAddress, 'shipped to the billing address unless another is given');
  t.equal(sent[0].account, null);
});

t.test('My data: the service\'s field messages land on their fields', async (t) => {
  const user = userEvent.setup();
  const refusal = { data: null, error: { code: 'validation_failed', status: 400, message: 'Please correct 1 field.', details: { fields: [{ field: 'billingAddress.zipCode', code: 'invalid_zip', message: 'Invalid zip code.' }] } } };
  renderInShop(h(DataStep, { cart: cart({ customerEmail: 'anna@example.ch', billingAddress: { ...swissAddress, zipCode: '80' } }), customer: null, refreshing: false, checkEmail: async () => false, onSubmit: async () => refusal }));
  t.equal((screen.getByRole('textbox', { name: 'Zip code' }) as HTMLInputElement).value, '80', 'the form starts from the cart');
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  const zip = screen.getByRole('textbox', { name: 'Zip code' });
  t.equal(zip.getAttribute('aria-invalid'), 'true');
  t.match(text(document.getElementById(zip.getAttribute('aria-describedby')!.split(' ').pop()!)), /Invalid zip code\./);
});

t.test('My data: an e-mail that has an account asks to sign in; creating an account needs a good password twice', async (t) => {
  const user = userEvent.setup();
  const sent: DataSubmit[] = [];
  renderInShop(h(DataStep, { cart: cart(), customer: null, refreshing: false, checkEmail: async (e: string) => e === 'taken@example.ch', onSubmit: async (d: DataSubmit) => (sent.push(d), ok) }));
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'taken@example.ch');
  await user.tab();
  const notice = await screen.findByTestId('email-taken');
  t.match(text(notice), /An account with this e-mail address exists already/);
  t.equal(within(notice).getByRole('link', { name: 'Log in' }).getAttribute('href'), '/en/login?redirect=%2Fen%2Fcheckout%2Fbuy%3Fstep%3Ddata');

  await user.click(screen.getByRole('checkbox', { name: 'Open a customer account with these details' }));
  await fillSwissAddress(user);
  await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
  await user.type(screen.getByLabelText('Repeat password'), 'other');
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  const summary = screen.getByRole('alert');
  t.match(text(summary), /Please correct 3 fields: Password, Repeat password, E-mail address\./, 'password rules, repeat, and the taken e-mail');
  t.match(text(summary), /An account with this e-mail address exists already\. Please log in\./);
  t.equal(sent.length, 0);

  await user.clear(screen.getByRole('textbox', { name: 'E-mail address' }));
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'new.customer@example.ch');
  await user.clear(screen.getByLabelText('Password', { exact: true }));
  await user.type(screen.getByLabelText('Password', { exact: true }), 'Goldbarren2026');
  await user.clear(screen.getByLabelText('Repeat password'));
  await user.type(screen.getByLabelText('Repeat password'), 'Goldbarren2026');
  await user.click(screen.getByRole('button', { name: 'Continue to delivery and payment' }));
  t.same(sent[0]?.account, { password: 'Goldbarren2026', passwordRepeat: 'Goldbarren2026', vatId: null }, 'no company: no VAT ID');
});

t.test('My data: next-step navigation is disabled while prices refresh (spec 4)', async (t) => {
  const user = userEvent.setup();
  const sent: DataSubmit[] = [];
  renderInShop(h(DataStep, { cart: cart({ customerEmail: 'a@example.ch', billingAddress: swissAddress }), customer: null, refreshing: true, checkEmail: async () => false, onSubmit: async (d: DataSubmit) => (sent.push(d), ok) }));
  const next = screen.getByRole('button', { name: 'Continue to delivery and payment' });
  t.equal(next.getAttribute('aria-disabled'), 'true');
  t.match(text(document.getElementById(next.getAttribute('aria-describedby')!)), /prices are being updated/);
  await user.click(next);
  t.equal(sent.length, 0);
});

const methods = (over: Partial<ShippingMethodsResponse> = {}): ShippingMethodsResponse => ({
  cartId: 'c', currency: 'CHF',
  methods: [
    { id: '1', key: 'shipping', name: 'Shipping', description: 'Insured parcel.', transactionType: 'buy', deliveryMethod: 'standard-shipping', requiresPickupStore: false, price: { centAmount: 1990, currencyCode: 'CHF' }, available: true, reason: null },
    { id: '2', key: 'pickup', name: 'Pick up in store', description: 'Collect it.', transactionType: 'buy', deliveryMethod: 'pickup', requiresPickupStore: true, price: { centAmount: 0, currencyCode: 'CHF' }, available: true, reason: null },
    { id: '3', key: 'deposit', name: 'Deposit', description: 'Stored.', transactionType: 'buy', deliveryMethod: 'deposit', requiresPickupStore: false, price: { centAmount: 0, currencyCode: 'CHF' }, available: false, reason: 'deposit_silver_not_duty_free' },
  ],
  pickupStores: [{ slug: 'zuerich', name: 'Aurum Zurich', streetAddress: 'Barrengasse 7', postalCode: '8001', city: 'Zürich', country: 'CH', openingHours: [{ dayFrom: 'Monday', dayTo: 'Friday', hourFrom: '09:00', hourTo: '18:00' }] }],
  ...over,
});

t.test('Delivery and payment: a method spec 5 rules out says why; cash needs pickup; pickup needs a store', async (t) => {
  const user = userEvent.setup();
  const sent: DeliverySubmit[] = [];
  renderInShop(h(DeliveryStep, { cart: cart({ billingAddress: swissAddress }), methods: methods(), refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }));
  const deposit = screen.getByRole('radio', { name: /^Deposit/ });
  t.ok((deposit as HTMLInputElement).disabled);
  t.match(text(deposit.closest('label')), /Silver that is not duty-free cannot go to the Deposit\./);
  t.ok((screen.getByRole('radio', { name: /^Credit card/ }) as HTMLInputElement).disabled, 'card: coming soon');

  await user.click(screen.getByRole('radio', { name: /^Shipping/ }));
  await user.click(screen.getByRole('radio', { name: /^Cash in store/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(text(screen.getByRole('alert')), /Cash payment in store is only possible when you pick up your order within 5 working days\./);
  t.equal(sent.length, 0);

  await user.click(screen.getByRole('radio', { name: /^Pick up in store/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(text(screen.getByRole('alert')), /Store: This field is required\./);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), 'zuerich');
  t.match(text(screen.getByTestId('store-address')), /Barrengasse 7.*Monday–Friday 09:00–18:00/);
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.same(sent, [{ shippingMethodId: 'pickup', paymentMethod: 'cash', pickupStore: 'zuerich', payoutAccount: null, identityDocument: null }]);
});

t.test('Delivery and payment of a sale by bank transfer asks for the payout account and checks the IBAN', async (t) => {
  // the IBAN check loads on the first use of the page (bank-rules.ts); here it is there before the first key
  await loadBankChecks();
  const user = userEvent.setup();
  const sent: DeliverySubmit[] = [];
  const sellMethods = methods({
    methods: [{ id: '9', key: 'scrapMetalBox', name: 'Scrap Metal Box', description: 'Insured box.', transactionType: 'sell', deliveryMethod: 'scrap-metal-box', requiresPickupStore: false, price: { centAmount: 0, currencyCode: 'CHF' }, available: true, reason: null }],
  });
  renderInShop(h(DeliveryStep, { cart: cart({ transactionType: 'sell', billingAddress: swissAddress }), methods: sellMethods, refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }));
  t.ok(screen.getByRole('group', { name: 'How we receive your items' }));
  await user.click(screen.getByRole('radio', { name: /^Scrap Metal Box/ }));
  await user.click(screen.getByRole('radio', { name: /^Bank transfer/ }));
  t.equal((screen.getByRole('textbox', { name: 'Account owner' }) as HTMLInputElement).value, 'Anna Muster');
  await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'CH93 0076 2011 6238 5295 8');
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.match(text(screen.getByRole('alert')), /IBAN: This is not a valid IBAN\./);
  await user.clear(screen.getByRole('textbox', { name: 'IBAN' }));
  await user.type(screen.getByRole('textbox', { name: 'IBAN' }), 'CH93 0076 2011 6238 5295 7');
  await user.click(screen.getByRole('button', { name: 'Continue to review' }));
  t.same(sent[0].payoutAccount, { accountOwner: 'Anna Muster', iban: 'CH93 0076 2011 6238 5295 7' });
});

t.test('the AML notice: a cash payment that reaches the store country\'s threshold says so with the law, and asks for the document', async (t) => {
  const user = userEvent.setup();
  const de = (cents: number) => ({ totalGrossPrice: { centAmount: cents, currencyCode: 'EUR' as const } });
  t.equal(amlThresholdFor('de', de(199_999), 'cash'), null, 'DE: below EUR 2,000 nothing');
  t.equal(amlThresholdFor('de', de(200_000), 'cash'), cashIdentificationThresholds.de, 'DE: from EUR 2,000 in cash');
  t.equal(amlThresholdFor('de', de(900_000), 'bank-transfer'), null, 'not for a bank transfer');
  const us = (cents: number) => ({ totalGrossPrice: { centAmount: cents, currencyCode: 'USD' as const } });
  t.equal(amlThresholdFor('us', us(1_000_000), 'cash'), null, 'US: exactly USD 10,000 is not over it');
  t.equal(amlThresholdFor('us', us(1_000_001), 'cash')?.report, 'form-8300');

  renderInShop(h(AmlNotice, { threshold: cashIdentificationThresholds.us, transactionType: 'buy' }), { store: 'us' });
  const notice = screen.getByTestId('aml-notice');
  t.match(text(notice), /For cash payments above \$10,000\.00, the anti-money-laundering law requires us to identify you/);
  t.match(text(notice), /reported to the IRS on Form 8300/);
  t.match(text(notice), /Legal basis: 26 U\.S\.C\. § 6050I/);
  cleanup();

  // In the step: choosing cash for a German cart of EUR 2,500 shows the notice and the document fields.
  const sent: DeliverySubmit[] = [];
  const deCart = cart({ storeKey: 'de', currency: 'EUR', country: 'DE', totalGrossPrice: { centAmount: 250_000, currencyCode: 'EUR' }, billingAddress: { ...swissAddress, country: 'DE', zipCode: '80331', city: 'München' } });
  const deMethods = methods({ currency: 'EUR', pickupStores: [{ slug: 'muenchen', name: 'Aurum Munich', streetAddress: 'Feingoldstrasse 14', postalCode: '80331', city: 'München', country: 'DE', openingHours: [] }] });
  renderInShop(h(DeliveryStep, { cart: deCart, methods: deMethods, refreshing: false, onSubmit: async (d: DeliverySubmit) => (sent.push(d), ok) }), { store: 'de', lang: 'de' });
  t.notOk(screen.queryByTestId('aml-notice'), 'nothing before cash is chosen');
  t.match(text(screen.getByRole('radio', { name: /^Bar in der Filiale/ }).closest('label')), /gesetzliche Schwelle/, 'the option says it before it is chosen');
  await user.click(screen.getByRole('radio', { name: /^Pick up in store/ }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filiale' }), 'muenchen');
  await user.click(screen.getByRole('radio', { name: /^Bar in der Filiale/ }));
  const aml = screen.getByTestId('aml-notice');
  t.match(text(aml), /Bei Barzahlungen ab 2.000,00 €/);
  t.match(text(aml), /GwG § 10 Abs\. 6a Nr\. 1 lit\. b \(DE\)/);
  const doc = screen.getByRole('group', { name: 'Ausweisdokument' });
  await user.click(screen.getByRole('button', { name: 'Weiter zum Prüfen' }));
  t.match(text(screen.getByRole('alert')), /Bitte korrigieren Sie 4 Felder: /, 'number, expiry, birth date and place are required');
  await user.type(within(doc).getByRole('textbox', { name: 'Dokumentnummer' }), 'C01X00T47');
  await user.type(within(doc).getByLabelText('Gültig bis'), '2031-05-31');
  await user.type(within(doc).getByLabelText('Geburtsdatum'), '1980-02-29');
  await user.type(within(doc).getByRole('textbox', { name: 'Geburtsort' }), 'Köln');
  await user.click(screen.getByRole('button', { name: 'Weiter zum Prüfen' }));
  t.match(sent[0].identityDocument, { documentType: 'passport', documentNumber: 'C01X00T47', issuingCountry: 'DE', expiryDate: '2031-05-31', dateOfBirth: '1980-02-29', placeOfBirth: 'Köln', nationality: 'DE' });
});

t.test('Review: the three acceptances are required; the place-order button shows its in-progress label', async (t) => {
  const user = userEvent.setup();
  let finish: (o: PlaceOutcome) => void = () => {};
  const placed: { comment: string; optInTrustedShops: boolean; cartVersion: number }[] = [];
  const ready = cart({ customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress, paymentMethod: 'bank-transfer',
    shippingInfo: { shippingMethodId: 'm', key: 'shipping', name: 'Shipping', deliveryMethod: 'standard-shipping', price: { centAmount: 0, currencyCode: 'CHF' }, totalGrossPrice: { centAmount: 0, currencyCode: 'CHF' } } });
  renderInShop(h(ReviewStep, {
    cart: ready, pickupStore: null, refreshing: false, stepHref: (s: string) => `/en/checkout/buy?step=${s}`,
    onTakeNewPrices: async () => {},
    onPlace: (input: { comment: string; optInTrustedShops: boolean; cartVersion: number }) => new Promise<PlaceOutcome>((resolve) => {
      placed.push(input);
      finish = resolve;
    }),
  }));
  t.ok(screen.getByRole('link', { name: /Change.*My data/ }), 'completed steps can be revisited');
  const place = screen.getByRole('button', { name: 'Place binding order' });
  await user.click(place);
  const summary = screen.getByRole('alert');
  t.match(text(summary), /Please correct 3 fields: Data privacy, Terms and conditions, Cancellation policy\./);
  t.match(text(summary), /Terms and conditions: Please accept the terms and conditions\./);
  t.equal(placed.length, 0);

  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
  await user.click(screen.getByRole('checkbox', { name: /Trusted Shops/ }));
  await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Bitte klingeln');
  await user.click(place);
  t.equal(text(place), 'Placing your order …', 'the in-progress label');
  t.equal(place.getAttribute('aria-disabled'), 'true');
  await user.click(place);
  t.equal(placed.length, 1, 'a second click places nothing more');
  t.same(placed[0], { comment: 'Bitte klingeln', optInTrustedShops: true, cartVersion: 3 }, 'with the version the step showed');
  await act(async () => finish({ kind: 'error', error: { code: 'no_payment_method', status: 409, message: 'Please choose a payment method.' } }));
  t.match(text(screen.getByRole('alert')), /Please choose a payment method\./);
  t.equal(screen.getByRole('link', { name: 'Go to delivery and payment' }).getAttribute('href'), '/en/checkout/buy?step=delivery');
});

t.test('Review: a \'not equal\' answer shows the new prices in a modal; closing it keeps what was typed', async (t) => {
  const user = userEvent.setup();
  const ready = cart({ customerEmail: 'anna@example.ch', billingAddress: swissAddress, shippingAddress: swissAddress, paymentMethod: 'bank-transfer' });
  const props = {
    pickupStore: null, refreshing: false, stepHref: (s: string) => `?step=${s}`, onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => ({ kind: 'price-changed', previousTotal: 'CHF 6,908.68' }),
  };
  const view = renderInShop(h(ReviewStep, { ...props, cart: ready }));
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
  await user.type(screen.getByRole('textbox', { name: /Comment/ }), 'Friday');
  await user.click(screen.getByRole('button', { name: 'Place binding order' }));
  // the page recalculated the cart: the step gets the new prices
  const { totalPrice: _goods, totalGrossPrice: _total, ...rest } = ready;
  const repriced = cart({ ...rest, lineItems: [{ ...ready.lineItems[0], price: { type: 'buy', centAmount: 346_000, minQuantity: 1, taxCentAmount: 0 }, totalPrice: { centAmount: 692_000, currencyCode: 'CHF' } }] });
  view.update(h(ReviewStep, { ...props, cart: repriced }));
  const dialog = screen.getByRole('dialog', { name: 'The prices have changed' });
  t.match(text(dialog), /New total: CHF 6,920\.00 \(before: CHF 6,908\.68\)/);
  t.match(text(within(dialog).getByRole('table')), /2 × Krugerrand 1 oz Gold\s*CHF 3,460\.00\s*CHF 6,920\.00/);
  t.equal(document.activeElement, within(dialog).getByRole('button', { name: 'Check the new prices' }));
  await user.click(within(dialog).getByRole('button', { name: 'Check the new prices' }));
  t.notOk(screen.queryByRole('dialog'));
  t.equal(document.activeElement, screen.getByRole('button', { name: 'Place binding order' }), 'focus back where the customer was');
  t.equal((screen.getByRole('textbox', { name: /Comment/ }) as HTMLTextAreaElement).value, 'Friday', 'nothing typed is lost');
  t.ok((screen.getByRole('checkbox', { name: /cancellation policy/ }) as HTMLInputElement).checked);
});

t.test('Review: placing the order is disabled while prices refresh (spec 4)', async (t) => {
  const user = userEvent.setup();
  let calls = 0;
  renderInShop(h(ReviewStep, {
    cart: cart(), pickupStore: null, refreshing: true, stepHref: () => '', onTakeNewPrices: async () => {},
    onPlace: async (): Promise<PlaceOutcome> => (calls++, { kind: 'placed' }),
  }));
  for (const name of [/privacy policy/, /terms and conditions/, /cancellation policy/]) await user.click(screen.getByRole('checkbox', { name }));
  const place = screen.getByRole('button', { name: 'Place binding order' });
  t.equal(place.getAttribute('aria-disabled'), 'true');
  t.match(text(document.getElementById(place.getAttribute('aria-describedby')!)), /prices are being updated/);
  await user.click(place);
  t.equal(calls, 0);
});
