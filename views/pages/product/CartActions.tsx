// The product page's cart actions (spec 2: add to buy or sell cart): a quantity, "add to cart" for the buy
// cart, with the option to buy into the deposit for depot-eligible products (spec 4: the cart is started
// anew in that mode), "sell" for the sell cart, and the wishlist. Decisions: a sold-out product offers no
// buy button (the availability notification takes its place); duty-free products are sold only through
// customer support (spec 6), so they say so instead; accessories are never bought back, so they have no
// sell button. The quantity is whole pieces from 1 to 10,000 (the cart API's bound per line, spec 9): any
// other value (empty, 0, negative, 1.5, over 10,000) adds nothing and says so at the field in the customer's
// language; it is never rounded into range (issue 17: 0 used to add 1).
// The buy bar (issue 17): the quantity, "add to cart" and, from the panel, the price are one group; on a phone
// that group is fixed at the bottom of the screen (CSS, views/styles.css .buy-bar), so it is visible at once
// and stays while the shopper reads on. It is the same field and button, not a copy: one quantity for buy and
// sell, one message.
import { useId, useRef, useState, type ReactNode } from 'react';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';
import { AddToCartButton } from '../../components/cart/AddToCartButton.tsx';
import { WishlistButton } from '../../components/cart/WishlistButton.tsx';
import { MIN_QUANTITY, parseQuantity, quantityFieldProps, quantityRangeMessage } from '../../components/cart/quantity.ts';

export interface CartActionsProps {
  product: StorefrontProduct;
  /** the buy price of one piece as the panel shows it; the buy bar repeats it where it is fixed (phones) */
  price?: ReactNode;
}

export function CartActions({ product, price }: CartActionsProps) {
  const { t, locale } = useShop();
  const id = useId();
  const [raw, setRaw] = useState('1');
  // the message shows once an add was tried (then it follows the field), not while typing and not on leaving
  // the field: a message appearing on blur would move the buttons under a pointer that is pressing one
  const [checked, setChecked] = useState(false);
  const [deposit, setDeposit] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const parsed = parseQuantity(raw);
  const invalid = checked && parsed === null;
  const validate = () => {
    setChecked(true);
    if (parsed !== null) return true;
    field.current?.focus();
    return false;
  };
  const quantity = parsed ?? MIN_QUANTITY;
  const buyable = !product.dutyFree && product.availability !== 'soldOut';
  const sellable = product.metal !== null && !product.dutyFree;
  const quantityField = buyable || sellable ? (
    <div className={`field cart-actions-quantity${invalid ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={`${id}-qty`}>{t('productPage.quantity')}</label>
      <input
        ref={field}
        id={`${id}-qty`}
        {...quantityFieldProps(invalid ? `${id}-qty-error` : null)}
        value={raw}
        onChange={(e) => setRaw(e.target.value)}
      />
    </div>
  ) : null;
  const message = invalid ? (
    <p className="field-error cart-actions-error" id={`${id}-qty-error`} role="alert"><span aria-hidden="true" className="field-error-icon">!</span> {quantityRangeMessage(t, locale)}</p>
  ) : null;
  return (
    <div className="cart-actions">
      {product.dutyFree ? <p className="cart-actions-note">{t('productPage.dutyFreeViaSupport')}</p> : null}
      {buyable && product.depositable ? (
        <label className="checkbox cart-actions-deposit">
          <input type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} /> {t('productPage.buyIntoDeposit')}
        </label>
      ) : null}
      {buyable ? (
        <div className="buy-bar" data-testid="buy-bar">
          {price !== undefined ? (
            <p className="buy-bar-price">
              <span className="buy-bar-price-label">{t(product.dutyFree ? 'productPage.youBuyDutyFree' : 'productPage.youBuy')}</span>{' '}
              <span className="buy-bar-price-amount">{price}</span>
            </p>
          ) : null}
          {quantityField}
          <AddToCartButton sku={product.sku} transactionType="buy" quantity={quantity} validate={validate} productName={product.localizedName} deposit={product.depositable ? deposit : undefined} />
          {message}
        </div>
      ) : quantityField ? (
        <div className="cart-actions-row">
          {quantityField}
          {message}
        </div>
      ) : null}
      <div className="cart-actions-buttons">
        {sellable ? <AddToCartButton sku={product.sku} transactionType="sell" quantity={quantity} validate={validate} productName={product.localizedName} /> : null}
        <WishlistButton sku={product.sku} productName={product.localizedName} />
      </div>
    </div>
  );
}
