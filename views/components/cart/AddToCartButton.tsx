// Add to cart for product pages, product cards and the price list (props: sku, transaction type, quantity,
// product name). The line is added optimistically (the header's count moves at once); totals wait for the
// server (STYLE: vercel/commerce #995). The added-to-cart notification with a link to the cart is announced by
// the header's polite live region and shown right after this button (Tab from it reaches "View cart"). deposit: the product goes into the deposit (spec 4: a cart in the other
// mode is started anew).
import { useId, useState } from 'react';
import type { TransactionType } from '../../../src/contracts/cart.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { usePriceCurrency } from '../../hooks/usePrices.ts';
import { NoticeAfterButton } from './CartNotices.tsx';

export interface AddToCartButtonProps {
  sku: string;
  transactionType: TransactionType;
  quantity?: number;
  productName: string;
  deposit?: boolean;
  /** smaller button for tables and cards */
  compact?: boolean;
  /** checked before anything is sent (the product page's quantity field): false adds nothing */
  validate?: () => boolean;
}

export function AddToCartButton({ sku, transactionType, quantity = 1, productName, deposit, compact, validate }: AddToCartButtonProps) {
  const { addProduct } = useBrowser().carts;
  const { t } = useShop();
  // the optimistic cart's currency: the one the shopper sees (the service puts the cart in it, spec 1)
  const currency = usePriceCurrency();
  const origin = useId();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (busy) return;
    if (validate && !validate()) return;
    setBusy(true);
    await addProduct({ transactionType, sku, quantity, name: productName, currency, deposit, origin });
    setBusy(false);
  };
  const label = busy ? t('cart.add.adding') : t(transactionType === 'buy' ? 'cart.add.buy' : 'cart.add.sell');
  return (
    <>
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
      <NoticeAfterButton origin={origin} />
    </>
  );
}
