// Issue 28: on the Swiss store the Scrap Metal Box's limit read only in euros ("bis EUR 5'000") in the
// checkout, beside the insured-shipping note in francs. A sale ruled out of the box names the cap in the
// cart's currency, the figure the rule checked (commerce converts the spec's 5,000 EUR at the price set's rate).
import 'global-jsdom/register';
import t from 'tap';
import { createElement as h } from 'react';
import { cleanup, screen } from '@testing-library/react';
import type { ShippingMethodsResponse } from '../../src/contracts/order.ts';
import { DeliveryStep } from '../../views/pages/checkout/DeliveryStep.tsx';
import { cart, renderInShop, swissAddress, text } from './ui.tsx';

t.afterEach(() => cleanup());

const sellMethods = (currency: 'CHF' | 'EUR', cap: number): ShippingMethodsResponse => ({
  cartId: 'c', currency,
  methods: [
    { id: '9', key: 'scrapMetalBox', name: 'Altgold-Box', description: 'Versicherte Box.', transactionType: 'sell', deliveryMethod: 'scrap-metal-box', requiresPickupStore: false, price: { centAmount: 0, currencyCode: currency }, available: false, reason: 'scrap_box_value_exceeded' },
    { id: '8', key: 'shippingSell', name: 'Selbst senden', description: 'Auf eigenes Risiko.', transactionType: 'sell', deliveryMethod: 'standard-shipping', requiresPickupStore: false, price: { centAmount: 0, currencyCode: currency }, available: true, reason: null },
  ],
  pickupStores: [],
  scrapBoxCap: { centAmount: cap, currencyCode: currency },
});

t.test('a Swiss sale above the box\'s cap reads the cap in francs, a German one in euros as the German store writes them', async (t) => {
  const ok = { ok: true } as never;
  renderInShop(h(DeliveryStep, { cart: cart({ transactionType: 'sell', billingAddress: swissAddress }), methods: sellMethods('CHF', 468_500), refreshing: false, onSubmit: async () => ok }), { store: 'ch', lang: 'de' });
  const box = screen.getByRole('radio', { name: /^Altgold-Box/ }).closest('label');
  t.match(text(box), "Die Altgold-Box ist nur für Verkäufe bis CHF 4'685.00.");
  t.notMatch(text(box), 'EUR', 'not in euros on the Swiss store');
  cleanup();
  renderInShop(h(DeliveryStep, { cart: cart({ transactionType: 'sell', storeKey: 'de', currency: 'EUR', locale: 'de-DE', billingAddress: swissAddress }), methods: sellMethods('EUR', 500_000), refreshing: false, onSubmit: async () => ok }), { store: 'de', lang: 'de' });
  t.match(text(screen.getByRole('radio', { name: /^Altgold-Box/ }).closest('label')), 'Die Altgold-Box ist nur für Verkäufe bis 5.000,00 €.');
});
