// The product page's cart actions (spec 2: add to buy or sell cart): a quantity, "add to cart" for the buy
// cart, with the option to buy into the deposit for depot-eligible products (spec 4: the cart is started
// anew in that mode), "sell" for the sell cart, and the wishlist. Decisions: a sold-out product offers no
// buy button (the availability notification takes its place); duty-free products are sold only through
// customer support (spec 6), so they say so instead; accessories are never bought back, so they have no
// sell button.
import { useId, useState } from 'react';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';
import { AddToCartButton } from '../../components/cart/AddToCartButton.tsx';
import { WishlistButton } from '../../components/cart/WishlistButton.tsx';

const MAX_QUANTITY = 10_000; // the cart API's bound per line

export function CartActions({ product }: { product: StorefrontProduct }) {
  const { t } = useShop();
  const id = useId();
  const [raw, setRaw] = useState('1');
  const [deposit, setDeposit] = useState(false);
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, Math.floor(Number(raw)) || 1));
  const buyable = !product.dutyFree && product.availability !== 'soldOut';
  const sellable = product.metal !== null && !product.dutyFree;
  return (
    <div className="cart-actions">
      {product.dutyFree ? <p className="cart-actions-note">{t('productPage.dutyFreeViaSupport')}</p> : null}
      {buyable || sellable ? (
        <div className="field cart-actions-quantity">
          <label className="field-label" htmlFor={`${id}-qty`}>{t('productPage.quantity')}</label>
          <input id={`${id}-qty`} type="number" inputMode="numeric" min={1} max={MAX_QUANTITY} step={1} value={raw} onChange={(e) => setRaw(e.target.value)} />
        </div>
      ) : null}
      {buyable && product.depositable ? (
        <label className="checkbox cart-actions-deposit">
          <input type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} /> {t('productPage.buyIntoDeposit')}
        </label>
      ) : null}
      <div className="cart-actions-buttons">
        {buyable ? <AddToCartButton sku={product.sku} transactionType="buy" quantity={quantity} productName={product.localizedName} deposit={product.depositable ? deposit : undefined} /> : null}
        {sellable ? <AddToCartButton sku={product.sku} transactionType="sell" quantity={quantity} productName={product.localizedName} /> : null}
        <WishlistButton sku={product.sku} productName={product.localizedName} />
      </div>
    </div>
  );
}
