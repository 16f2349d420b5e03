// Component-test helpers for the cart and checkout parts: a page of the shop around a component (the shop
// context of a store and language, as the app gives it), and carts as the storefront answers them. The DOM
// comes from jsdom (global-jsdom/register, imported first by each test file).
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import type { CartLineItem } from '../../src/contracts/cart.ts';
import type { ShopCart } from '../../src/contracts/shop-api.ts';
import type { StoreKey } from '../../src/stores.ts';
import { makeShop, ShopContext, type SessionInfo } from '../../views/lib/context.tsx';
import { boot } from '../components/render.tsx';

export interface ShopOptions {
  store?: StoreKey;
  lang?: 'de' | 'en';
  session?: SessionInfo;
}

/** Renders a component in the shop's context (store, language, session), as a page of the app would;
 * update() renders it again with new props (the page's next render), keeping its state. */
export function renderInShop(ui: ReactElement, opts: ShopOptions = {}): RenderResult & { update(ui: ReactElement): void } {
  const shop = makeShop(boot(opts.store, opts.session), opts.lang ?? 'en');
  const wrap = (node: ReactElement) => <ShopContext.Provider value={shop}>{node}</ShopContext.Provider>;
  const result = render(wrap(ui));
  return { ...result, update: (node) => result.rerender(wrap(node)) };
}

const money = (centAmount: number, currencyCode: ShopCart['currency'] = 'CHF') => ({ centAmount, currencyCode });

export function productLine(over: Partial<CartLineItem> = {}): CartLineItem {
  return {
    id: '11111111-1111-4111-8111-111111111111', kind: 'product', sku: 'AU-KRUG-1OZ', productId: 'p1', name: 'Krugerrand 1 oz Gold', slug: 'krugerrand-1-oz-gold',
    imageUrl: null, quantity: 2, price: { type: 'buy', centAmount: 345_434, minQuantity: 1, taxCentAmount: 0 }, totalPrice: money(690_868), metal: 'gold',
    availability: 'available', depositable: true, dutyFree: false, scrap: null, ...over,
  };
}

export function scrapLine(over: Partial<CartLineItem> = {}): CartLineItem {
  return {
    id: '22222222-2222-4222-8222-222222222222', kind: 'scrap', sku: null, productId: null, name: 'Scrap gold 585/1000, 12.5 g', slug: null, imageUrl: null,
    quantity: 1, price: { type: 'scrap', centAmount: 74_829, minQuantity: 1, taxCentAmount: 0 }, totalPrice: money(74_829), metal: 'gold', availability: null,
    depositable: false, dutyFree: false, scrap: { metal: 'gold', fineness: 585, weightGrams: 12.5 }, ...over,
  };
}

/** A cart as GET /api/carts answers it; totals follow the lines unless given. */
export function cart(over: Partial<ShopCart> = {}): ShopCart {
  const lines = over.lineItems ?? [productLine()];
  const goods = lines.reduce((s, l) => s + (l.totalPrice?.centAmount ?? 0), 0);
  const currency = over.currency ?? 'CHF';
  return {
    id: '33333333-3333-4333-8333-333333333333', version: 3, storeKey: 'ch', locale: 'en-GB', orderType: 'order', transactionType: 'buy', country: 'CH', currency,
    customerGroup: null, lineItems: lines, itemCount: lines.reduce((s, l) => s + (l.kind === 'scrap' ? 1 : l.quantity), 0), totalPrice: money(goods, currency),
    discount: null, discountCodes: [], shippingInfo: null, totalGrossPrice: money(goods, currency), totalTaxPrice: money(0, currency), customerEmail: null,
    paymentMethod: null, pickupStore: null, shippingAddress: null, billingAddress: null, payoutAccount: null, identityDocument: null, priceSetId: 'ps-1',
    pricesValidUntil: '2026-11-23T12:03:00.000Z', heldPriceSetId: over.priceSetId ?? 'ps-1', notifications: [], createdAt: '2026-11-23T12:00:00.000Z', updatedAt: '2026-11-23T12:00:00.000Z',
    ...over,
  };
}

export const swissAddress = {
  title: null, firstName: 'Anna', lastName: 'Muster', company: null, streetName: 'Bahnhofstrasse', streetNumber: '12', apartment: null, zipCode: '8001',
  city: 'Zürich', state: null, country: 'CH', phone: null,
};

/** An element's text as a reader hears it: runs of white space (the formatter's no-break spaces too) as one space. */
export function text(el: Element | null): string {
  return (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
