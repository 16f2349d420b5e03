// Checkout step 5, the confirmation (spec 2, 3): the order number, what happens next, and the bank details
// of a purchase by bank transfer or the store of a pickup or drop-off. The order is read in the browser
// (GET /api/orders/:id, the customer's own; ?order= names it); the steps before can no longer be revisited
// (the cart is gone for good). spec 7: purchase and the Trusted Shops checkout object go to the data layer,
// once per order (a reload does not count it again).
import { useEffect } from 'react';
import { useLoaderData, useSearchParams } from 'react-router';
import type { Order } from '../../../src/contracts/order.ts';
import { pathFor } from '../../../src/screens.ts';
import { useHydrated } from '../../hooks/usePrices.ts';
import { publishCheckoutNav } from '../../state/checkout-progress.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { toMajor, trackedItem, type TrackEvent } from '../../lib/browser-types.ts';
import { getOrder } from '../../state/shop-api.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { BankDetails } from '../../components/BankDetails.tsx';
import { PaymentSlip, paymentSlipKeys } from '../../components/PaymentSlip.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { ACCOUNT_CREATED_KEY } from '../../components/checkout/account-created.ts';
import { StoreAddress } from '../../components/checkout/StoreAddress.tsx';
import type { CheckoutData } from '../../models/checkout-loader.ts';
import { PaymentFailedNotice, paymentFailedKeys } from '../../components/account-area/PaymentFailedNotice.tsx';

const trackedKey = (id: string) => `order-tracked-${id}`;

function once(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, '1');
  } catch {
    // storage blocked: count it (a reload may count it again)
  }
  return true;
}

function trackPurchase(track: (e: TrackEvent) => void, order: Order) {
  if (!once(trackedKey(order.id))) return;
  track({
    event: 'purchase', transaction_type: order.type,
    ecommerce: {
      transaction_id: order.orderNumber, currency: order.currency, value: toMajor(order.totalGrossPrice.centAmount), tax: toMajor(order.totalTaxPrice.centAmount),
      shipping: toMajor(order.shippingInfo.totalGrossPrice.centAmount), shipping_tier: order.shippingInfo.key, payment_type: order.paymentMethod,
      ...(order.discount ? { coupon: order.discount.code } : {}),
      items: order.lineItems.map((l) => trackedItem({ sku: l.sku, name: l.name, price: l.price, metal: null }, l.quantity)),
    },
  });
  // spec 7: the Trusted Shops checkout object (the shop's review invitation reads it; the opt-in decides)
  track({
    event: 'trusted_shops_checkout',
    trustedShops: {
      orderNumber: order.orderNumber, amount: toMajor(order.totalGrossPrice.centAmount), currency: order.currency, paymentType: order.paymentMethod,
      ...(order.optInTrustedShops ? { buyerEmail: order.customerEmail } : {}),
    },
  });
}

export default function ConfirmationPage() {
  const browser = useBrowser();
  const shop = useShop();
  const { t, lang } = shop;
  const { type } = useLoaderData() as CheckoutData;
  // the order comes after hydration: its payment error's words come with the page
  shop.uses(paymentFailedKeys);
  shop.uses(paymentSlipKeys);
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const hydrated = useHydrated();
  const { data, error } = browser.useQuery(hydrated && orderId ? ['shop:order', orderId] : null, async () => {
    const r = await getOrder(orderId!);
    if (r.error) throw Object.assign(new Error(r.error.message), { status: r.error.status });
    return r.data.order;
  }, { revalidateOnFocus: false });

  useEffect(() => {
    publishCheckoutNav({ type, current: 'confirmation', completed: ['cart', 'data', 'delivery', 'review'], locked: true });
    return () => publishCheckoutNav(null);
  }, [type]);
  useEffect(() => {
    if (data) trackPurchase(browser.track, data);
  }, [data, browser]);

  let accountEmail: string | null = null;
  if (hydrated) {
    try {
      accountEmail = sessionStorage.getItem(ACCOUNT_CREATED_KEY);
    } catch {
      accountEmail = null;
    }
  }

  return (
    <section className="container page-section confirmation-page">
      {!orderId || error ? (
        <>
          <h1 className="page-title">{t('route.confirmation')}</h1>
          <p className="lead">{t('confirmation.notFound')}</p>
          <p><Link to={pathFor('home', lang)}>{t('error.backHome')}</Link></p>
        </>
      ) : !data ? (
        <>
          <h1 className="page-title">{t('route.confirmation')}</h1>
          <p className="cart-loading">{t('cart.loading')}</p>
        </>
      ) : (
        <OrderConfirmation order={data} accountEmail={accountEmail} />
      )}
    </section>
  );
}

function OrderConfirmation({ order, accountEmail }: { order: Order; accountEmail: string | null }) {
  const shop = useShop();
  const { t, lang, session } = shop;
  const buy = order.type === 'buy';
  const p = order.paymentInstructions;
  const method = order.shippingInfo.key;
  return (
    <>
      <h1 className="page-title">{t(buy ? 'confirmation.titleBuy' : 'confirmation.titleSell')}</h1>
      <PaymentFailedNotice t={t} order={order} />
      <div className="confirmation-number">
        <p>{t('confirmation.number')}</p>
        <p className="order-number" data-testid="order-number">{order.orderNumber}</p>
        <p>{t('confirmation.mailSent', { email: order.customerEmail })}</p>
      </div>
      <h2>{t('confirmation.nextTitle')}</h2>
      <ol className="confirmation-steps">
        {buy && p ? <li>{t('confirmation.payBank', { amount: moneyOf(shop, p.amount) })}</li> : null}
        {buy && order.paymentMethod === 'cash' ? <li>{t('confirmation.payCash', { amount: moneyOf(shop, order.amount) })}</li> : null}
        <li>{t(`confirmation.next.${method}`)}</li>
        {!buy ? <li>{t(order.paymentMethod === 'cash' ? 'confirmation.payoutCash' : order.shippingInfo.key === 'depositSell' ? 'confirmation.payoutBankDeposit' : 'confirmation.payoutBank', { amount: moneyOf(shop, order.amount) })}</li> : null}
      </ol>
      {p ? <BankDetails instructions={p} titleId="bank-details-title" hint={t('confirmation.bank.within')} /> : null}
      {p ? <PaymentSlip order={order} titleId="payment-slip-title" /> : null}
      {order.pickupStore ? (
        <section className="pickup-details" aria-labelledby="pickup-title" data-testid="pickup-details">
          <h2 id="pickup-title">{t(method === 'leave-in-store' ? 'confirmation.dropOffTitle' : 'confirmation.pickupTitle')}</h2>
          <StoreAddress store={order.pickupStore} />
        </section>
      ) : null}
      {order.payoutAccount ? <p>{t('confirmation.payoutTo', { account: order.payoutAccount.iban ?? order.payoutAccount.accountNumber ?? '' })}</p> : null}
      {order.identityDocumentRecorded ? <p className="notice">{t('confirmation.identityRecorded')}{order.cashReport === 'form-8300' ? ` ${t('aml.form8300')}` : ''}</p> : null}
      {accountEmail ? <p className="notice">{t('confirmation.confirmAccount', { email: accountEmail })}</p> : null}
      <section aria-labelledby="confirmation-summary">
        <h2 id="confirmation-summary">{t('confirmation.summary')}</h2>
        <dl className="confirmation-totals">
          <div><dt>{t('confirmation.items')}</dt><dd>{order.lineItems.map((l) => `${l.kind === 'product' ? `${l.quantity} × ` : ''}${l.name}`).join(', ')}</dd></div>
          <div><dt>{t(order.type === 'buy' ? 'screen.step.delivery' : 'screen.step.deliverySell')}</dt><dd>{order.shippingInfo.name}, {t(`checkout.payment.${order.type}.${order.paymentMethod}`)}</dd></div>
          <div><dt>{t(buy ? 'cart.totals.total' : 'cart.totals.payout')}</dt><dd data-testid="order-total">{moneyOf(shop, order.totalGrossPrice)}</dd></div>
        </dl>
      </section>
      <p className="confirmation-actions">
        <Link className="button button-primary" to={pathFor(buy ? 'shop' : 'sellToUs', lang)}>{t('confirmation.continue')}</Link>
        {session.level === 'user' ? <Link className="button button-quiet" to={pathFor('accountOrders', lang)}>{t('confirmation.toOrders')}</Link> : null}
      </p>
    </>
  );
}
