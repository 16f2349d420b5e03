// The checkout (spec 2, checkout layout): /checkout/buy and /checkout/sell in five steps, Cart (the cart
// page), My data, Delivery and Payment, Review and Confirmation (its own route). The step is in the URL
// (?step=), but a URL cannot skip ahead: a step beyond the first one not completed shows that one instead
// (views/state/checkout-progress.ts). Focus moves to the step's heading on every step change. The cart is
// the customer's and is read in the browser; the server sends the frame.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import type { ShopCustomer } from '../../../src/contracts/shop-api.ts';
import { pathFor } from '../../../src/screens.ts';
import { useCarts, useHeldCartPrices } from '../../hooks/useCarts.ts';
import { pricesTaken } from '../../state/cart-prices.ts';
import { usePricesRefreshing, useShopNow } from '../../hooks/usePrices.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { toMajor, trackedItem, type CartView } from '../../lib/browser-types.ts';
import {
  allowedStep, completedSteps, completeStep, forgetPlacedOrder, placedOrder, publishCheckoutNav, rememberPlacedOrder, resetProgress, type FormStep,
} from '../../state/checkout-progress.ts';
import {
  addAddress, checkEmail, getMe, getShippingMethods, placeOrder, recalculateCart, register, setCartAddresses, setIdentityDocument, setPayoutAccount, updateCart,
} from '../../state/shop-api.ts';
import { endAttempt, keepAttempt, keptAttempt, keyFor, outcomeOpen } from '../../state/order-attempt.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { stepPath } from '../../components/CheckoutSteps.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { checkoutBlocker } from '../../components/cart/checkout-blocker.ts';
import { ACCOUNT_CREATED_KEY } from '../../components/checkout/account-created.ts';
import type { DataSubmit } from './DataStep.tsx';
import type { DeliverySubmit } from './DeliveryStep.tsx';
import type { CheckoutData } from '../../models/checkout-loader.ts';
import { CheckoutSummary } from './parts.tsx';
import type { PlaceInput, PlaceOutcome } from './ReviewStep.tsx';
import { useStepChunks } from './step-chunks.ts';

function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  return typeof c?.randomUUID === 'function' ? `order-${c.randomUUID()}` : `order-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

type PlaceBody = Omit<Parameters<typeof placeOrder>[0], 'idempotencyKey'>;

function ecommerce(cart: CartView, extra: Record<string, unknown> = {}) {
  return {
    currency: cart.currency,
    value: cart.totalGrossPrice ? toMajor(cart.totalGrossPrice.centAmount) : undefined,
    items: cart.lineItems.map((l) => trackedItem(l, l.quantity)),
    ...(cart.discount ? { coupon: cart.discount.code } : {}),
    ...extra,
  };
}

export default function CheckoutPage() {
  const browser = useBrowser();
  const { track, readUtm } = browser;
  const { forget: forgetCart, write: writeCart } = browser.carts;
  const shop = useShop();
  const { t, lang, session } = shop;
  // Decision (issue 27): the checkout says the service's reasons for methods and payments it reads in the
  // browser and any refusal of the order: it ships every form.error message, as every page did before.
  shop.uses(['form.error.*']);
  const { type } = useLoaderData() as CheckoutData;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  useHeldCartPrices();
  const carts = useCarts();
  const cart = carts[type];
  const refreshing = usePricesRefreshing();
  const now = useShopNow();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [, progressChanged] = useReducer((n: number) => n + 1, 0);

  const completed = cart && !cart.pending ? completedSteps(cart) : [];
  const requested = params.get('step');
  const step = allowedStep(requested, completed);
  const shown = useStepChunks(step);
  const stepShown = shown !== null;
  const blocker = cart ? checkoutBlocker(cart) : null;

  // The cart step is done by arriving here with a cart that may check out.
  useEffect(() => {
    if (cart && !cart.pending && !blocker && !completed.includes('cart')) {
      completeStep(cart, 'cart');
      progressChanged();
    }
  }, [cart, blocker, completed]);

  // A URL that asks for a step the customer has not reached shows the one they may be on.
  useEffect(() => {
    if (!cart || cart.pending || requested === step) return;
    setParams({ step }, { replace: true });
  }, [cart, requested, step, setParams]);

  useEffect(() => {
    publishCheckoutNav({ type, current: step, completed });
  });
  useEffect(() => () => publishCheckoutNav(null), []);

  // Focus moves to the step heading on every step change (not on arrival: the page starts at the top).
  const shownStep = useRef<FormStep | null>(null);
  useEffect(() => {
    if (!cart || !stepShown) return;
    if (shownStep.current !== null && shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step, cart, stepShown]);

  // spec 7 begin_checkout, once per cart and visit of the checkout
  const began = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || !cart.id || cart.pending || began.current === cart.id) return;
    began.current = cart.id;
    track({ event: 'begin_checkout', transaction_type: type, ecommerce: ecommerce(cart) });
  }, [cart, type]);

  // spec 7 review_order, once per arrival at the review
  const reviewed = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || cart.pending || step !== 'review') {
      if (step !== 'review') reviewed.current = null;
      return;
    }
    if (reviewed.current === cart.id) return;
    reviewed.current = cart.id;
    track({ event: 'review_order', transaction_type: type, ecommerce: ecommerce(cart, { shipping_tier: cart.shippingInfo?.key, payment_type: cart.paymentMethod ?? undefined }) });
  }, [cart, step, type]);

  // A cart that does not hold today's prices when the checkout is opened (they ran out, or a read priced it
  // from a newer set, issue 16) takes them first.
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (!cart || !cart.id || cart.pending || now === 0 || refreshed.current === cart.id) return;
    refreshed.current = cart.id;
    if (cart.lineItems.length > 0 && !pricesTaken(cart, now)) void writeCart(type, () => recalculateCart(cart.id));
  }, [cart, now, type]);

  const { data: me } = browser.useQuery<ShopCustomer | null>(session.level === 'user' ? 'shop:me' : null, async () => {
    const r = await getMe();
    return r.error ? null : r.data.customer;
  }, { revalidateOnFocus: false });
  const { data: methods } = browser.useQuery(cart?.id && (step === 'delivery' || step === 'review') ? ['shop:shipping-methods', cart.id, cart.version] : null, async () => {
    const r = await getShippingMethods(cart!.id);
    if (r.error) throw new Error(r.error.message);
    return r.data;
  }, { revalidateOnFocus: false, keepPreviousData: true });

  const go = useCallback((next: FormStep) => setParams({ step: next }), [setParams]);
  const stepHref = (s: FormStep | 'cart') => stepPath(lang, type, s);

  // Back from the confirmation lands here with the ordered cart gone: show that order's confirmation again
  // (replacing this entry), not "Your cart is empty". A cart with goods again starts a new checkout.
  const placed = carts.ready ? placedOrder(type) : null;
  const emptied = !cart || cart.lineItems.length === 0;
  const confirmationOf = (orderId: string) => `${pathFor('confirmation', lang, { transactionType: type })}?order=${encodeURIComponent(orderId)}`;
  useEffect(() => {
    if (!placed) return;
    if (emptied) navigate(confirmationOf(placed), { replace: true });
    else if (cart && !cart.pending) forgetPlacedOrder(type);
  }, [placed, emptied, cart, type]);

  // Issue 23: the cart is gone while an attempt to place it is still open (its answer was lost, then the page
  // was reloaded or the carts read again): it was ordered. The kept attempt goes out once more, with its key,
  // and the customer is shown the order it placed, not an empty cart.
  const open = carts.ready && !placed && !cart ? keptAttempt(type) : null;
  const [resending, setResending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setResending(true);
    void placeOrder({ ...(JSON.parse(open.body) as PlaceBody), idempotencyKey: open.key }).then((r) => {
      if (!r.error) {
        placedNow(r.data.order.id);
        return;
      }
      if (!outcomeOpen(r.error.status)) endAttempt(type);
      setResending(false);
    });
  }, [open?.key]);

  /** The order is placed: the attempt ends, the confirmation replaces the review, the ordered cart is forgotten. */
  const placedNow = (orderId: string) => {
    endAttempt(type);
    resetProgress(type);
    rememberPlacedOrder(type, orderId);
    // the review's entry becomes the confirmation: back goes to the steps before, which show it again (above)
    navigate(confirmationOf(orderId), { replace: true });
    // spec 4 / Hydrogen #2524: the ordered cart is gone for good
    forgetCart(type);
  };

  const loadingLine = (
    <section className="container page-section checkout-page">
      <h1 className="page-title">{t('route.checkout')}</h1>
      <p className="cart-loading">{t('cart.loading')}</p>
    </section>
  );
  if (!carts.ready || (session.level === 'user' && me === undefined) || (placed && emptied) || resending) return loadingLine;
  if (!cart || cart.lineItems.length === 0 || (blocker && blocker !== 'pending' && blocker !== 'prices_unavailable')) {
    return (
      <section className="container page-section checkout-page">
        <h1 className="page-title">{t('route.checkout')}</h1>
        <div className="cart-empty" data-testid="checkout-empty">
          <p className="lead">{!cart || cart.lineItems.length === 0 ? t(type === 'buy' ? 'cart.emptyBuy' : 'cart.emptySell') : t(`form.error.${blocker}`)}</p>
          <p><Link className="button button-primary" to={stepPath(lang, type, 'cart')}>{t('checkout.backToCart')}</Link></p>
        </div>
      </section>
    );
  }

  const onData = async (d: DataSubmit) => {
    const r = await writeCart(type, () => setCartAddresses(cart.id, { ...(d.email !== undefined ? { email: d.email } : {}), billingAddress: d.billingAddress, shippingAddress: d.shippingAddress }));
    if (r.error) return r;
    if (d.account && d.email) {
      const b = d.billingAddress;
      const reg = await register({
        email: d.email, password: d.account.password, passwordRepeat: d.account.passwordRepeat, firstName: b.firstName, lastName: b.lastName,
        accountType: b.company ? 'company' : 'individual', companyName: b.company || null, vatId: b.company ? d.account.vatId : null, phone: b.phone || null, language: lang,
      });
      if (reg.error) return reg;
      try {
        sessionStorage.setItem(ACCOUNT_CREATED_KEY, d.email);
      } catch {
        // no reminder then
      }
    }
    // Decision: a typed address the customer asked to keep is saved with its own call (the account's address
    // book, POST /api/me/addresses) right after the cart took it, not inside the order's transaction:
    // the address book is the account's, not the order's, and a refusal here keeps the customer on this step
    // with the service's message (the cart already holds the address; unticking goes on).
    for (const s of d.saveToAccount) {
      const a = s.address;
      const saved = await addAddress({
        ...a, company: a.company || null, apartment: a.apartment || null, state: a.state || null, phone: a.phone || null,
        ...(s.billing ? { defaultBilling: true } : {}), ...(s.shipping ? { defaultShipping: true } : {}),
      });
      // the address book as it now is (an address saved before a refusal is not offered again)
      await (saved.error ? browser.revalidate('shop:me') : browser.revalidate('shop:me', saved.data.customer));
      if (saved.error) return saved;
    }
    completeStep(r.data.cart, 'data');
    progressChanged();
    go('delivery');
    return r;
  };

  const onDelivery = async (d: DeliverySubmit) => {
    let r = await writeCart(type, () => updateCart(cart.id, { shippingMethodId: d.shippingMethodId, paymentMethod: d.paymentMethod, pickupStore: d.pickupStore }));
    if (r.error) return r;
    if (d.payoutAccount) {
      const payout = d.payoutAccount;
      r = await writeCart(type, () => setPayoutAccount(cart.id, payout));
      if (r.error) return r;
    }
    if (d.identityDocument) {
      const doc = d.identityDocument;
      r = await writeCart(type, () => setIdentityDocument(cart.id, doc));
      if (r.error) return r;
    }
    const saved = r.data.cart;
    track({ event: 'add_shipping_info', transaction_type: type, ecommerce: ecommerce(saved, { shipping_tier: d.shippingMethodId }) });
    track({ event: 'add_payment_info', transaction_type: type, ecommerce: ecommerce(saved, { payment_type: d.paymentMethod }) });
    completeStep(saved, 'delivery');
    progressChanged();
    go('review');
    return r;
  };

  const onPlace = async (input: PlaceInput): Promise<PlaceOutcome> => {
    // the version the review showed (issue 14): commerce places that cart or none
    const body = { cartId: cart.id, cartVersion: input.cartVersion, comment: input.comment, optInTrustedShops: input.optInTrustedShops, utmParams: readUtm() };
    const bodyJson = JSON.stringify(body);
    // The same request again after an open outcome (no answer, a timeout, a 5xx) keeps its key: the
    // service answers the order it placed (views/state/order-attempt.ts).
    const key = keyFor(keptAttempt(type), cart.id, bodyJson, newIdempotencyKey);
    keepAttempt(type, { cartId: cart.id, key, body: bodyJson });
    const r = await placeOrder({ ...body, idempotencyKey: key });
    if (!r.error) {
      placedNow(r.data.order.id);
      return { kind: 'placed' };
    }
    if (!outcomeOpen(r.error.status)) endAttempt(type);
    // spec 4 and 8: 'not equal' triggers a recalculation and the price modal
    if (r.error.code === 'price_not_equal') {
      const before = moneyOf(shop, cart.totalGrossPrice);
      const recalculated = await writeCart(type, () => recalculateCart(cart.id));
      return { kind: 'price-changed', previousTotal: before, current: recalculated.error ? null : recalculated.data.cart };
    }
    // another tab changed the cart after the review: read it again, the review shows what changed
    if (r.error.code === 'cart_version_conflict') {
      try {
        const carts = await browser.carts.reload();
        return { kind: 'cart-changed', current: carts[type], error: r.error };
      } catch {
        return { kind: 'cart-changed', current: null, error: r.error };
      }
    }
    if (r.error.code === 'co001' || r.error.code === 'co002' || r.error.code === 'cart_not_found') browser.carts.refresh();
    // an open outcome without a code the customer can act on (no answer, a proxy's 504) is never told as a
    // failure; prices_unavailable and database_unavailable keep their own words (the key is kept all the same)
    if (outcomeOpen(r.error.status) && (r.error.code === 'UnknownError' || r.error.code === 'service_unavailable')) return { kind: 'error', error: { ...r.error, message: t('form.error.order_outcome_open') } };
    return { kind: 'error', error: r.error };
  };

  // a step whose chunk is still on its way (step-chunks.ts) reads as the carts still loading
  if (!shown) return loadingLine;
  const pickupStore = cart.pickupStore ? methods?.pickupStores.find((s) => s.slug === cart.pickupStore) ?? null : null;
  return (
    <div className="container checkout-page">
      <div className="checkout-layout">
        <div className="checkout-main">
          {shown.step === 'data' ? (
            <shown.module.DataStep cart={cart} customer={me ?? null} refreshing={refreshing} headingRef={headingRef} onSubmit={onData}
              checkEmail={async (email) => {
                const r = await checkEmail(email);
                return !r.error && r.data.exists;
              }} />
          ) : shown.step === 'delivery' ? (
            <shown.module.DeliveryStep key={cart.id} cart={cart} methods={methods} refreshing={refreshing} headingRef={headingRef} onSubmit={onDelivery}
              onMethodChosen={(key) => void writeCart(type, () => updateCart(cart.id, { shippingMethodId: key }))} />
          ) : (
            <shown.module.ReviewStep cart={cart} pickupStore={pickupStore} refreshing={refreshing} headingRef={headingRef} stepHref={stepHref} onPlace={onPlace}
              confirmationEmail={session.level === 'user' && me ? me.email : cart.customerEmail}
              onTakeNewPrices={() => writeCart(type, () => recalculateCart(cart.id))} />
          )}
        </div>
        <CheckoutSummary cart={cart} />
      </div>
    </div>
  );
}
