// The cart page (spec 2: ?type=buy|sell; spec 3, 4, 5, 8): lines with quantities and tier prices, totals
// with VAT and shipping, one coupon (buy carts only), the minimum 1.00 and maximum 500,000 rules, and the way to the
// checkout. Everything about the cart renders in the browser (carts are per visitor); the server sends the
// page's frame. On arrival a cart whose prices ran out is recalculated; while the customer is on the page,
// new prices are offered through the price lock instead of changing under their eyes (spec 4: carts are
// recalculated by themselves only outside cart and checkout).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CartLineItem, TransactionType } from '../../../src/contracts/cart.ts';
import { pathFor } from '../../../src/screens.ts';
import { useCarts, useHeldCartPrices } from '../../hooks/useCarts.ts';
import { pricesTaken } from '../../state/cart-prices.ts';
import { usePricesRefreshing, useShopNow } from '../../hooks/usePrices.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { toMajor, trackedItem, type CartView } from '../../lib/browser-types.ts';
import { applyCoupon, recalculateCart, removeCoupon } from '../../state/shop-api.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { CartLines } from '../../components/cart/CartLines.tsx';
import { CartTotals } from '../../components/cart/CartTotals.tsx';
import { checkoutBlocker } from '../../components/cart/checkout-blocker.ts';
import { CouponForm } from '../../components/cart/CouponForm.tsx';
import { itemsLabel, moneyOf } from '../../components/cart/format.ts';
import { cartPath } from '../../components/cart/HeaderCarts.tsx';
import { PriceLock } from '../../components/cart/PriceLockNotice.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';

export default function CartPage() {
  const { track, carts: { changeQuantity, removeLine: removeCartLine, write: writeCart } } = useBrowser();
  const shop = useShop();
  const { t, lang } = shop;
  const [params] = useSearchParams();
  const type: TransactionType = params.get('type') === 'sell' ? 'sell' : 'buy';
  useHeldCartPrices();
  const carts = useCarts();
  const cart = carts[type];
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const now = useShopNow();

  useEffect(() => setError(null), [type]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  // spec 7 view_cart, once per cart shown
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || !cart.id || cart.pending || viewed.current === cart.id) return;
    viewed.current = cart.id;
    track({
      event: 'view_cart', transaction_type: type,
      ecommerce: { currency: cart.currency, value: cart.totalGrossPrice ? toMajor(cart.totalGrossPrice.centAmount) : undefined, items: cart.lineItems.map((l) => trackedItem(l, l.quantity)) },
    });
  }, [cart, type]);

  // A cart that does not hold today's prices (they ran out, or a read showed newer ones while the customer was
  // elsewhere, issue 16) takes them on arrival: opening the cart is the customer's act, not a price tick's.
  const refreshedOnArrival = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || !cart.id || cart.pending || now === 0 || refreshedOnArrival.current === cart.id) return;
    refreshedOnArrival.current = cart.id;
    if (cart.lineItems.length > 0 && !pricesTaken(cart, now)) void writeCart(type, () => recalculateCart(cart.id));
  }, [cart, now, type]);

  const run = async (p: Promise<{ error: { message: string } | null }>) => {
    const r = await p;
    setError(r.error ? r.error.message : null);
    return r;
  };
  const onQuantity = (line: CartLineItem, q: number) => cart && void run(changeQuantity(cart, line, q));
  const onRemove = (line: CartLineItem) => cart && void run(removeCartLine(cart, line));

  const title = t(type === 'buy' ? 'cart.titleBuy' : 'cart.titleSell');
  return (
    <>
      <Breadcrumb current={title} />
      <section className="container page-section cart-page">
        <h1 className="page-title">{title}</h1>
        <nav className="cart-tabs" aria-label={t('cart.tabs')}>
          <ul>
            {(['buy', 'sell'] as const).map((k) => (
              <li key={k}>
                <Link to={cartPath(lang, k)} aria-current={k === type ? 'page' : undefined}>
                  {t(`cart.tab.${k}`)}
                  {carts.ready ? <span className="cart-tab-count"> ({itemsLabel(t, carts[k]?.itemCount ?? 0)})</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div ref={errorRef} tabIndex={-1} className="notice-anchor">
          {error ? <div className="form-alert form-alert-error" role="alert"><p>{error}</p></div> : null}
        </div>
        {!carts.ready ? (
          <p className="cart-loading" data-testid="cart-loading">{t('cart.loading')}</p>
        ) : !cart || cart.lineItems.length === 0 ? (
          <EmptyCart type={type} />
        ) : (
          <div className="cart-layout">
            <div className="cart-main">
              <CartLines cart={cart} editable onQuantity={onQuantity} onRemove={onRemove} headingLevel={2} />
              {type === 'sell' ? (
                <p className="cart-more"><Link to={pathFor('scrapMetals', lang)}>{t('cart.addScrap')}</Link></p>
              ) : null}
            </div>
            <aside className="cart-aside" aria-label={t('cart.summary')}>
              <h2 className="cart-aside-title">{t('cart.summary')}</h2>
              <div className="cart-prices-valid">
                <PriceCountdown compact />
              </div>
              <PriceLock
                validUntil={cart.pricesValidUntil}
                total={moneyOf(shop, cart.totalGrossPrice)}
                onTakeNewPrices={() => writeCart(type, () => recalculateCart(cart.id))}
              />
              <CartTotals cart={cart} />
              {/* issue 17: coupons are for purchases; a sale has no coupon field */}
              {type === 'buy' ? (
                <CouponForm
                  cart={cart}
                  onApply={(code) => writeCart(type, () => applyCoupon(cart.id, code))}
                  onRemove={(id) => writeCart(type, () => removeCoupon(cart.id, id))}
                />
              ) : null}
              <CheckoutButton cart={cart} type={type} />
            </aside>
          </div>
        )}
      </section>
    </>
  );
}

function EmptyCart({ type }: { type: TransactionType }) {
  const { t, lang } = useShop();
  return (
    <div className="cart-empty" data-testid="cart-empty">
      <p className="lead">{t(type === 'buy' ? 'cart.emptyBuy' : 'cart.emptySell')}</p>
      <p>
        {type === 'buy'
          ? <Link className="button button-primary" to={pathFor('shop', lang)}>{t('cart.toShop')}</Link>
          : <Link className="button button-primary" to={pathFor('sellToUs', lang)}>{t('cart.toSell')}</Link>}
      </p>
    </div>
  );
}

/** The way to the checkout: a link while the cart may go there, otherwise the reason (spec 5, 8). */
function CheckoutButton({ cart, type }: { cart: CartView; type: TransactionType }) {
  const { t, lang } = useShop();
  const refreshing = usePricesRefreshing();
  const blocker = checkoutBlocker(cart) ?? (refreshing ? 'refreshing' : null);
  const label = t(type === 'buy' ? 'cart.toCheckoutBuy' : 'cart.toCheckoutSell');
  if (blocker) {
    const reason = blocker === 'refreshing' || blocker === 'pending' ? t('cart.waitForPrices') : t(`form.error.${blocker}`);
    return (
      <div className="cart-checkout">
        <button type="button" className="button button-primary button-block" aria-disabled="true" aria-describedby="cart-checkout-reason">{label}</button>
        <p className="field-hint" id="cart-checkout-reason">{reason}</p>
      </div>
    );
  }
  return (
    <div className="cart-checkout">
      <Link className="button button-primary button-block" to={pathFor('checkout', lang, { transactionType: type })}>{label}</Link>
      <p className="field-hint">{t('cart.checkoutHint')}</p>
    </div>
  );
}
