// Helpers of the storefront's cart and checkout API tests: a shop of real services with a price set handed
// over as the price service does it, a guest's browser, and a buy cart ready to order.
import { gzipSync } from 'node:zlib';
import type { Test } from 'tap';
import type { Shop } from '../api/helpers.ts';
import { startShop, swissAddress, type Browser, type StartOptions } from '../api/helpers.ts';
import { priceSetAt } from '../orders/helpers.ts';

export async function pricesNow(shop: Shop, at = shop.clock().getTime()) {
  const set = await priceSetAt(shop.db, at);
  const res = await shop.commerce.inject({
    method: 'PUT', url: '/admin/prices', payload: gzipSync(JSON.stringify(set)),
    headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
  });
  if (res.statusCode !== 200) throw new Error(`hand-over ${res.statusCode} ${res.body}`);
  return set;
}

export async function shopWithPrices(t: Test, opts: StartOptions = {}) {
  const shop = await startShop(t, opts);
  await pricesNow(shop);
  return shop;
}

export const address = swissAddress();
export const usAddress = { firstName: 'Ann', lastName: 'Smith', streetName: 'Fifth Avenue', streetNumber: '350', zipCode: '10118', city: 'New York', state: 'NY', country: 'US', phone: '+1 212 736 3100' };

export async function guestWith(shop: Shop, host = 'ch.localhost', lang: 'de' | 'en' = 'de'): Promise<Browser> {
  const b = shop.browser(host);
  b.language = lang;
  await b.open();
  return b;
}

/** A buy cart ready to order: a Krugerrand, addresses, standard shipping, bank transfer. */
export async function readyBuyCart(b: Browser, addr: Record<string, unknown> = address, email = 'anna.muster@example.ch') {
  const added = await b.post('/api/cart/items', { transactionType: 'buy', sku: 'AU-KRUG-1OZ', quantity: 1 });
  const id = added.json.cart.id as string;
  await b.put(`/api/carts/${id}/addresses`, { email, shippingAddress: addr, billingAddress: addr });
  const set = await b.put(`/api/carts/${id}`, { shippingMethodId: 'shipping', paymentMethod: 'bank-transfer' });
  return set.json.cart as { id: string; version: number; totalGrossPrice: { centAmount: number } };
}
