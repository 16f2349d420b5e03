// Add to cart for product pages, product cards and the price list (props: sku, transaction type, quantity,
// product name). The line is added optimistically (the header's count moves at once); totals wait for the
// server (STYLE: vercel/commerce #995). The added-to-cart notification with a link to the cart appears in
// the header's polite live region. deposit: the product goes into the deposit (spec 4: a cart in the other
// mode is started anew).
import { useState } from 'react';
import type { TransactionType } from '../../../src/contracts/cart.ts';
import { addProduct } from '../../../client/lib/cart-store.ts';
import { useShop } from '../../lib/context.tsx';

export interface AddToCartButtonProps {
  sku: string;
  transactionType: TransactionType;
  quantity?: number;
  productName: string;
  deposit?: boolean;
  /** smaller button for tables and cards */
  compact?: boolean;
}

export function AddToCartButton({ sku, transactionType, quantity = 1, productName, deposit, compact }: AddToCartButtonProps) {
  const { t, currency } = useShop();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy) return;
    setBusy(true);
    await addProduct({ transactionType, sku, quantity, name: productName, currency, deposit });
    setBusy(false);
  };
  const label = busy ? t('cart.add.adding') : t(transactionType === 'buy' ? 'cart.add.buy' : 'cart.add.sell');
  return (
    <button
      type="button"
      className={`button ${transactionType === 'buy' ? 'button-primary' : 'button-quiet'} add-to-cart${compact ? ' button-small' : ''}`}
      aria-disabled={busy || undefined}
      data-sku={sku}
      onClick={() => void add()}
    >
      {label}
      <span className="visually-hidden">: {productName}</span>
    </button>
  );
}
