// Issue 28, "looks foreign", on the storefront: one number format per store (a weight on a product card as the
// price list writes it, a fineness with the page's decimal mark) and honest words where no VAT applies
// ("Es fällt keine MwSt. an.", never "Ohne MwSt." that reads as "excluding VAT", nor "Enthaltene MwSt. 0,00 €").
import './render.tsx';
import t from 'tap';
import { cleanup, screen, within } from '@testing-library/react';
import type { Order } from '../../src/contracts/order.ts';
import { pathFor } from '../../src/screens.ts';
import { ProductCard } from '../../views/components/product/ProductCard.tsx';
import { CartTotals } from '../../views/components/cart/CartTotals.tsx';
import { ScrapForm } from '../../views/components/cart/ScrapForm.tsx';
import AccountOrderPage from '../../views/pages/account-order/Page.tsx';
import type { CardProduct } from '../../views/models/listing-data.ts';
import { renderInShop } from './render.tsx';
import { eur, orderFixture, ORDER_ID } from './order-fixture.ts';
import { cart, text } from '../cart/ui.tsx';

t.afterEach(() => cleanup());

const vreneli: CardProduct = {
  sku: 'AU-VRENELI-20', name: 'Vreneli 20 Franken Gold', slug: 'vreneli-20-franken', image: null, badges: [], availability: 'available',
  weightLabel: '5,806 g', manufacturer: 'Swissmint', dutyFree: false, category: null,
};

t.test('a product card writes its weight with the store\'s decimal mark, as the price list does', async (t) => {
  const cases = [['ch', 'de', '5.806 g'], ['de', 'de', '5,806 g'], ['at', 'en', '5.806 g']] as const;
  for (const [store, lang, weight] of cases) {
    renderInShop(<ProductCard product={vreneli} prices={undefined} currency={store === 'ch' ? 'CHF' : 'EUR'} list={{ id: 'l', name: 'List' }} index={0} />, { path: pathFor('home', lang), store });
    const card = screen.getByRole('article');
    t.match(text(card), weight, `${store}/${lang}: ${weight}`);
    t.notMatch(text(card), weight === '5.806 g' ? '5,806 g' : '5.806 g', 'and not the other way');
    cleanup();
  }
});

t.test('the scrap form names finenesses with the page\'s decimal mark: 999,9/1000 on a German page', async (t) => {
  renderInShop(<ScrapForm idPrefix="sell" />, { path: pathFor('home', 'de'), store: 'de' });
  const options = within(screen.getByLabelText(/Feingehalt|Feinheit/)).getAllByRole('option').map((o) => text(o));
  t.ok(options.some((o) => o.startsWith('999,9/1000')), options.join(' | '));
  t.notOk(options.some((o) => o.includes('999.9/1000')), 'no English decimal point on a German page');
});

t.test('a cart without VAT says that none applies', async (t) => {
  renderInShop(<CartTotals cart={cart({ storeKey: 'de', currency: 'EUR', locale: 'de-DE' })} />, { path: pathFor('home', 'de'), store: 'de' });
  t.match(text(document.body), 'Es fällt keine MwSt. an.');
  t.notMatch(text(document.body), 'Ohne MwSt.');
});


const order = (tax: number): Order => orderFixture({ totalTaxPrice: eur(tax), timeline: [] });

t.test('the order page says that no VAT applies instead of "Enthaltene MwSt. 0,00 €"; VAT that applies keeps its amount', async (t) => {
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'de', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: order(0), meta: {} } });
  await screen.findByTestId('order-state');
  t.equal(text(screen.getByTestId('order-no-tax')), 'Es fällt keine MwSt. an.');
  t.notMatch(text(document.body), 'Enthaltene MwSt.');
  cleanup();
  renderInShop(<AccountOrderPage />, { path: pathFor('accountOrder', 'de', { slug: ORDER_ID }), store: 'de', session: { level: 'user' }, loaderData: { order: order(12_345), meta: {} } });
  await screen.findByTestId('order-state');
  t.match(text(document.body), /Enthaltene MwSt\.\s*123,45\s€/);
  t.equal(screen.queryByTestId('order-no-tax'), null);
});
