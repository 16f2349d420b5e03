// One customer order (a DE purchase of two Krugerrands, open, by bank transfer) for the component tests of the
// account's order pages; each test states only what it changes.
import type { Order } from '../../src/contracts/order.ts';

export const eur = (centAmount: number) => ({ centAmount, currencyCode: 'EUR' as const });
export const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' as const });
export const ORDER_ID = '44444444-4444-4444-8444-444444444444';
export const address = { title: null, firstName: 'Anna', lastName: 'Muster', company: null, streetName: 'Hauptstraße', streetNumber: '1', apartment: null, zipCode: '10115', city: 'Berlin', state: null, country: 'DE', phone: null };

export function orderFixture(over: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID, orderNumber: 'DE-B-2026-000042', createdAt: '2026-12-02T08:15:00Z', type: 'buy', orderState: 'Open', paymentState: 'Pending',
    paymentMethod: 'bank-transfer', paymentDate: null, amount: eur(712_345), deliveryMethod: 'standard-shipping',
    shippingInfo: { shippingMethodId: 'm', key: 'shippingBuy', name: 'Versand', deliveryMethod: 'standard-shipping', price: eur(0), totalGrossPrice: eur(0) },
    pickupStore: null, billingAddress: address, shippingAddress: address,
    lineItems: [{ id: 'l1', kind: 'product', sku: 'AU-KRUG-1OZ', productId: 'p1', name: 'Krügerrand 1 Unze Gold', slug: null, imageUrl: null, quantity: 2, scrap: null, price: { type: 'buy', centAmount: 356_172, minQuantity: 1, taxCentAmount: 0 }, totalPrice: eur(712_345) }],
    itemCount: 2, totalPrice: eur(712_345), discount: null, totalTaxPrice: eur(0), totalGrossPrice: eur(712_345), customerEmail: 'anna@example.de', locale: 'de-DE',
    country: 'DE', currency: 'EUR', comment: null, optInTrustedShops: false, priceSetId: 'ps', paymentInstructions: null, payoutAccount: null,
    identityDocumentRecorded: false, cashReport: null, ...over,
  } as Order;
}
