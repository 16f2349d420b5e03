// The totals of a cart (spec 3, 5): goods, coupon, shipping, the total with the VAT it includes (buy) or
// the payout (sell). Never optimistic: while a line waits for the server the amounts show as being updated
// (STYLE: vercel/commerce #995). spec 9: VAT on a private seller's payout is none.
import type { CartView } from '../../lib/browser-types.ts';
import { useShop } from '../../lib/context.tsx';
import { Updating } from './CartLines.tsx';
import { moneyOf } from './format.ts';

/** stale: the cart's prices ran out and the new ones are not taken yet (issue 28): the total is struck
 * through and says so, until the customer takes the new prices. */
export function CartTotals({ cart, shippingHint, stale = false }: { cart: CartView; shippingHint?: boolean; stale?: boolean }) {
  const shop = useShop();
  const { t } = shop;
  // said only once the cart's prices have run out (in the browser): shipped with the page
  shop.uses(['cart.totals.stale']);
  const buy = cart.transactionType === 'buy';
  const waiting = !!cart.pending || cart.totalGrossPrice === null;
  const amount = (node: string) => (waiting ? <Updating /> : node);
  const d = cart.discount;
  // issue 28: the US store names sales tax, never VAT
  const us = shop.store === 'us';
  const taxLine = () => (cart.totalTaxPrice && cart.totalTaxPrice.centAmount > 0
    ? t(us ? 'cart.totals.salesTaxIncluded' : 'cart.totals.vatIncluded', { amount: moneyOf(shop, cart.totalTaxPrice) })
    : t(us ? 'cart.totals.noSalesTax' : 'cart.totals.noVat'));
  return (
    <div className="cart-totals" aria-busy={waiting || undefined} data-testid="cart-totals">
      <dl>
        <div>
          <dt>{t(buy ? 'cart.totals.goods' : 'cart.totals.goodsSell')}</dt>
          <dd>{amount(moneyOf(shop, cart.totalPrice))}</dd>
        </div>
        {d ? (
          <div>
            <dt>{t('cart.totals.coupon', { code: d.code })}</dt>
            <dd>{d.applies ? amount(`− ${moneyOf(shop, d.amount)}`) : <span className="muted">{t('cart.totals.couponNotYet')}</span>}</dd>
          </div>
        ) : null}
        <div>
          {/* issue 28: a deposit purchase says so, not "Shipping: free" */}
          <dt>{t(cart.shippingInfo?.key === 'deposit' ? 'cart.totals.deposit' : buy ? 'cart.totals.shipping' : 'cart.totals.delivery')}</dt>
          <dd>
            {cart.shippingInfo
              ? amount(cart.shippingInfo.totalGrossPrice.centAmount === 0 ? t('cart.totals.free') : moneyOf(shop, cart.shippingInfo.totalGrossPrice))
              : <span className="muted">{shippingHint === false ? '–' : t('cart.totals.shippingLater')}</span>}
          </dd>
        </div>
        <div className="cart-total" data-stale={stale || undefined}>
          <dt>{t(buy ? 'cart.totals.total' : 'cart.totals.payout')}</dt>
          <dd data-testid="cart-total">{stale ? <del>{moneyOf(shop, cart.totalGrossPrice)}</del> : amount(moneyOf(shop, cart.totalGrossPrice))}</dd>
        </div>
      </dl>
      {stale ? <p className="cart-total-stale" data-testid="cart-total-stale">{t('cart.totals.stale')}</p> : null}
      <p className="cart-vat">
        {waiting ? null : !buy
          ? t('cart.totals.noVatSell')
          : taxLine()}
      </p>
    </div>
  );
}
