// Issue 28, "Misleading": the mails of the US store speak as the US company in US conventions (signed by
// Aurum Precious Metals, no VAT line on a total that carries none), the European stores keep theirs; a pickup
// order's confirmation says WHEN the order will be ready, never "ready at our store" right after ordering.
import t from 'tap';
import type { Order } from '../../src/contracts/order.ts';
import { renderMail } from '../../src/commerce/mail/index.ts';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' });
const chf = (centAmount: number) => ({ centAmount, currencyCode: 'CHF' });

function usOrder(over: Partial<Order> = {}): Order {
  const address = { firstName: 'Ann', lastName: 'Smith', streetName: 'Fifth Avenue', streetNumber: '350', zipCode: '10118', city: 'New York', state: 'NY', country: 'US' };
  return {
    id: 'o1', orderNumber: 'US-B-2026-000001', createdAt: '2026-11-27T15:00:00Z', type: 'buy', paymentMethod: 'bank-transfer',
    lineItems: [{ kind: 'product', sku: 'KR1', name: 'Krugerrand 1 oz Gold', quantity: 1, totalPrice: usd(445_508) }],
    totalPrice: usd(445_508), discount: null, totalTaxPrice: usd(0), totalGrossPrice: usd(448_008),
    shippingInfo: { key: 'shipping', name: 'Shipping', totalGrossPrice: usd(2_500) },
    pickupStore: null, billingAddress: address, shippingAddress: address,
    paymentInstructions: { amount: usd(448_008), accountOwner: 'Aurum Precious Metals Inc.', iban: null, bic: null, accountNumber: '4837201956', routingNumber: '026013848', reference: 'US-B-2026-000001' },
    payoutAccount: null, identityDocumentRecorded: false,
    ...over,
  } as unknown as Order;
}

const zurich = {
  key: 'zuerich', name: 'Aurum Zürich', streetAddress: 'Barrengasse 7', postalCode: '8001', city: 'Zürich', country: 'CH',
  openingHours: [{ dayFrom: 'Monday', dayTo: 'Friday', hourFrom: '09:00', hourTo: '18:00' }],
};

function chPickup(paymentMethod: 'bank-transfer' | 'cash'): Order {
  const address = { firstName: 'Anna', lastName: 'Muster', streetName: 'Bahnhofstrasse', streetNumber: '12', zipCode: '8001', city: 'Zürich', country: 'CH' };
  return {
    ...usOrder(),
    orderNumber: 'CH-B-2026-000007', createdAt: '2026-11-27T10:00:00Z', paymentMethod,
    lineItems: [{ kind: 'product', sku: 'KR1', name: 'Krügerrand 1 Unze Gold', quantity: 1, totalPrice: chf(348_833) }],
    totalPrice: chf(348_833), totalTaxPrice: chf(0), totalGrossPrice: chf(348_833),
    shippingInfo: { key: 'pickup', name: 'Abholung in der Filiale', totalGrossPrice: chf(0) },
    pickupStore: zurich, billingAddress: address, shippingAddress: address,
    paymentInstructions: paymentMethod === 'cash' ? null : { amount: chf(348_833), accountOwner: 'Aurum Edelmetalle AG', iban: 'CH3200700110004738291', bic: 'ZKBKCHZZ80A', reference: 'CH-B-2026-000007' },
  } as unknown as Order;
}

t.test('the US store\'s order mail is signed by the US company and has no VAT line', async (t) => {
  for (const lang of ['en', 'de'] as const) {
    const m = renderMail('order.confirmation', lang, { store: 'us', shop: 'Aurum Edelmetalle', order: usOrder() });
    t.notMatch(m.text, 'Aurum Edelmetalle', `${lang}: not the German company's name`);
    t.notMatch(m.html, 'Aurum Edelmetalle');
    t.match(m.subject, 'Aurum Precious Metals');
    t.notMatch(m.text, /VAT|MwSt/, `${lang}: no VAT line on a US order`);
  }
  const en = renderMail('order.confirmation', 'en', { store: 'us', shop: 'Aurum Edelmetalle', order: usOrder() });
  t.match(en.text, /Kind regards\nYour Aurum Precious Metals team\n$/);
  t.match(en.text, /^Total: \$4,480\.08$/m, 'the total alone');
  const taxed = renderMail('order.confirmation', 'en', { store: 'us', shop: 'Aurum Edelmetalle', order: usOrder({ totalTaxPrice: usd(12_34) } as Partial<Order>) });
  t.match(taxed.text, 'Total: $4,480.08 (incl. sales tax $12.34)', 'sales tax where some applies');
});

t.test('a European store keeps its company and its VAT line', async (t) => {
  const m = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum Edelmetalle', order: chPickup('bank-transfer') });
  t.match(m.text, /Ihr Team von Aurum Edelmetalle\n$/);
  // a VAT line: the amount of VAT, or (investment gold, issue 28) that none applies; never US sales tax
  t.match(m.text, /inkl\. MwSt\.|es fällt keine MwSt\. an/);
  t.notMatch(m.text, 'Sales Tax');
});

t.test('a pickup paid by transfer is ready once the payment has arrived, not "ready" at the order', async (t) => {
  const de = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum Edelmetalle', order: chPickup('bank-transfer') });
  t.notMatch(de.text, 'liegt für Sie in unserer Filiale bereit:', 'not ready right after ordering');
  t.match(de.text, 'Sobald Ihre Zahlung eingegangen ist, legen wir Ihre Bestellung in unserer Filiale für Sie bereit');
  t.match(de.text, 'Barrengasse 7');
  const en = renderMail('order.confirmation', 'en', { store: 'ch', shop: 'Aurum Edelmetalle', order: chPickup('bank-transfer') });
  t.match(en.text, 'once your payment has arrived, we put your order aside at our store and tell you by e-mail that it is ready');
});

t.test('a pickup paid in cash names the day it is ready and the last day to collect it', async (t) => {
  // ordered on Friday 27/11/2026: ready on the next working day (Monday 30/11), collect within 5 working days (Friday 04/12)
  const de = renderMail('order.confirmation', 'de', { store: 'ch', shop: 'Aurum Edelmetalle', order: chPickup('cash') });
  t.match(de.text, 'Abholung: Ihre Bestellung liegt ab 30/11/2026 in unserer Filiale für Sie bereit; bitte holen Sie sie bis 04/12/2026 ab');
  const en = renderMail('order.confirmation', 'en', { store: 'ch', shop: 'Aurum Edelmetalle', order: chPickup('cash') });
  t.match(en.text, /ready for you at our store from 30\/11\/2026; please collect it and pay by 04\/12\/2026/);
});
