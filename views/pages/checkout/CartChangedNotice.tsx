// Issue 14: the cart changed after the review (another tab): the review step says what changed, reviewed
// against now, and asks the customer to place the order again. Focus moves to the notice when it appears,
// so a screen reader reads it at once; it stays until the order is placed or the step is left.
import { useEffect, useRef } from 'react';
import type { CartChange } from '../../state/cart-changes.ts';
import type { ShopCart } from '../../../src/contracts/shop-api.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { useShop } from '../../lib/context.tsx';
import { addressLines } from '../../models/account-format.ts';

export function CartChangedNotice({ changes, transactionType, attempt }: { changes: CartChange[]; transactionType: ShopCart['transactionType']; attempt: number }) {
  const shop = useShop();
  const { t } = shop;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [attempt]);
  const none = t('checkout.review.changed.none');
  const address = (a: ShopCart['shippingAddress']) =>
    a ? addressLines({ ...a, id: '', defaultBilling: false, defaultShipping: false }, t).join(', ') : none;
  const payment = (p: ShopCart['paymentMethod']) => (p ? t(`checkout.payment.${transactionType}.${p}`) : none);
  const line = (c: CartChange): string => {
    switch (c.kind) {
      case 'added': return t('checkout.review.changed.added', { name: c.name, quantity: c.quantity });
      case 'removed': return t('checkout.review.changed.removed', { name: c.name, quantity: c.quantity });
      case 'quantity': return t('checkout.review.changed.quantity', { name: c.name, from: c.from, to: c.to });
      case 'email': return t('checkout.review.changed.email', { from: c.from ?? none, to: c.to ?? none });
      case 'shippingAddress': return t('checkout.review.changed.shippingAddress', { from: address(c.from), to: address(c.to) });
      case 'billingAddress': return t('checkout.review.changed.billingAddress', { from: address(c.from), to: address(c.to) });
      case 'shippingMethod': return t('checkout.review.changed.shippingMethod', { from: c.from ?? none, to: c.to ?? none });
      case 'pickupStore': return t('checkout.review.changed.pickupStore');
      case 'paymentMethod': return t('checkout.review.changed.paymentMethod', { from: payment(c.from), to: payment(c.to) });
      case 'payoutAccount': return t('checkout.review.changed.payoutAccount');
      case 'other': return t('checkout.review.changed.other');
      case 'total': return t('checkout.review.changed.total', { from: moneyOf(shop, c.from), to: moneyOf(shop, c.to) });
    }
  };
  return (
    <section className="notice notice-warning review-changed" aria-labelledby="review-changed-title" tabIndex={-1} ref={ref} data-testid="cart-changed">
      <h2 id="review-changed-title">{t('checkout.review.changed.title')}</h2>
      <ul>
        {changes.map((c, i) => <li key={i}>{line(c)}</li>)}
      </ul>
      <p>{t(transactionType === 'buy' ? 'checkout.review.changed.againBuy' : 'checkout.review.changed.againSell')}</p>
    </section>
  );
}
