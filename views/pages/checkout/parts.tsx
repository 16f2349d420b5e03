// Small parts the checkout steps share: the next-step button (spec 4: disabled while prices refresh) and
// the summary of the cart beside the steps.
import type { CartView } from '../../lib/browser-types.ts';
import { CartLines } from '../../components/cart/CartLines.tsx';
import { CartTotals } from '../../components/cart/CartTotals.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { useShop } from '../../lib/context.tsx';
import { useCartPricesStale } from '../../components/cart/PriceLockNotice.tsx';

/** spec 4: next-step navigation is disabled during a price refresh; the reason is said beside the button. */
export function NextButton({ busy, refreshing, label, busyLabel }: { busy: boolean; refreshing: boolean; label: string; busyLabel?: string }) {
  const { t } = useShop();
  return (
    <div className="form-actions checkout-next">
      <button
        type="submit"
        className="button button-primary"
        aria-disabled={busy || refreshing || undefined}
        aria-describedby={refreshing ? 'checkout-refreshing' : undefined}
        data-testid="checkout-next"
      >
        {busy ? busyLabel ?? t('form.saving') : label}
      </button>
      {refreshing ? <p className="field-hint" id="checkout-refreshing">{t('checkout.waitForPrices')}</p> : null}
    </div>
  );
}

export function CheckoutSummary({ cart }: { cart: CartView }) {
  const { t } = useShop();
  const stale = useCartPricesStale(cart.pricesValidUntil);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="cart-aside-title">{t(cart.transactionType === 'buy' ? 'checkout.summaryBuy' : 'checkout.summarySell')}</h2>
      <PriceCountdown compact forNewPrices={stale} />
      <CartLines cart={cart} />
      <CartTotals cart={cart} stale={stale} />
    </aside>
  );
}
