// Checkout step 4, "Review" (spec 2, 4, 5, 8): everything the order will say, with the way back to each
// completed step; the three required acceptances (data privacy, terms, cancellation policy), the optional
// Trusted Shops opt-in and a comment; the price countdown and the accessible price lock; the place-order
// button with its in-progress label, disabled while prices refresh. A 'not equal' answer recalculates the
// cart and shows the new prices in a modal; nothing typed here is lost by it. Issue 14: the order names the
// cart version this step showed; when another tab changed the cart since, the service refuses it (409
// cart_version_conflict), the step shows what changed (CartChangedNotice) and the customer places it again.
// The review says where the confirmation goes (a signed-in customer's: the account's address).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PickupStore } from '../../../src/contracts/order.ts';
import type { CallError } from '../../../src/contracts/result.ts';
import { localizedPath } from '../../../src/screens.ts';
import { cartChanges, type CartChange } from '../../state/cart-changes.ts';
import type { CartView } from '../../lib/browser-types.ts';
import type { FormStep } from '../../state/checkout-progress.ts';
import { AmlNotice, amlThresholdFor } from '../../components/cart/AmlNotice.tsx';
import { markLinkedIdentityRequired, markLinkedPayoutCapReached } from '../../state/aml-linked.ts';
import { CartLines } from '../../components/cart/CartLines.tsx';
import { CartTotals } from '../../components/cart/CartTotals.tsx';
import { COUNTER_OFFER_THRESHOLD } from '../../../src/contracts/counter-offer.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { PriceLock, useCartPricesStale } from '../../components/cart/PriceLockNotice.tsx';
import { CheckboxField, ErrorSummary } from '../../components/forms/Fields.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { addressLines } from '../../models/account-format.ts';
import { shipsToCustomer } from '../../../src/contracts/checkout-rules.ts';
import { CartChangedNotice } from './CartChangedNotice.tsx';
import { StoreAddress } from '../../components/checkout/StoreAddress.tsx';
import { PriceChangeDialog } from './PriceChangeDialog.tsx';
import { TransferAccount } from '../../components/TransferAccount.tsx';

/** The legal pages (CMS stories legal/*, src/content/README.md), by their German path. */
const legalPaths = {
  privacy: { de: '/datenschutz', en: '/privacy-policy' },
  terms: { de: '/agb', en: '/terms-and-conditions' },
  cancellation: { de: '/stornobedingungen', en: '/cancellation-policy' },
} as const;
type Acceptance = keyof typeof legalPaths;
const acceptances: Acceptance[] = ['privacy', 'terms', 'cancellation'];

/** The step where a refused order's reason can be put right (spec 8 codes). */
export function stepForReason(code: string): FormStep | 'cart' | null {
  if (['co003', 'no_shipping_address', 'no_billing_address', 'no_customer_email'].includes(code)) return 'data';
  if (['no_shipping_method', 'no_payment_method', 'no_pickup_store', 'cash_requires_pickup', 'cash_requires_store_drop_off', 'cash_payout_limit',
    'payout_account_required', 'identity_document_required', 'identity_document_expired', 'scrap_box_non_scrap_items', 'scrap_box_value_exceeded',
    'deposit_silver_not_duty_free', 'deposit_invalid_items', 'deposit_requires_account', 'deposit_sell_invalid_items', 'deposit_sell_quantity_exceeded'].includes(code)) return 'delivery';
  if (['no_cart_items', 'cart_total_zero', 'below_minimum_order_value', 'cart_limit_exceeded', 'product_out_of_stock', 'product_no_longer_available', 'co005'].includes(code)) return 'cart';
  return null;
}

/**
 * What placing answered. price-changed: the page recalculated the cart (`current`, when it could read it);
 * cart-changed: the cart is not the version this step showed (409 cart_version_conflict), `current` is the
 * cart as it is now (null when it could not be read again).
 */
export type PlaceOutcome =
  | { kind: 'placed' }
  | { kind: 'price-changed'; previousTotal: string | null; current?: CartView | null }
  | { kind: 'cart-changed'; current: CartView | null; error: CallError }
  | { kind: 'error'; error: CallError };

export interface PlaceInput {
  comment: string;
  optInTrustedShops: boolean;
  /** the cart version the customer reviewed here */
  cartVersion: number;
}

export interface ReviewStepProps {
  cart: CartView;
  pickupStore: PickupStore | null;
  onPlace: (input: PlaceInput) => Promise<PlaceOutcome>;
  /** PriceLock's "take the new prices": the cart write's result ({ data: { cart } } or { error }) */
  onTakeNewPrices: () => Promise<unknown>;
  /** where the order confirmation goes: the account's address for a signed-in customer, else the cart's */
  confirmationEmail?: string | null;
  stepHref: (step: FormStep | 'cart') => string;
  refreshing: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}

export function ReviewStep({ cart, pickupStore, onPlace, onTakeNewPrices, stepHref, refreshing, headingRef, confirmationEmail }: ReviewStepProps) {
  const shop = useShop();
  const { t, lang, store } = shop;
  const formId = 'checkout-review';
  const buy = cart.transactionType === 'buy';
  const stale = useCartPricesStale(cart.pricesValidUntil);
  const [accepted, setAccepted] = useState<Record<Acceptance, boolean>>({ privacy: false, terms: false, cancellation: false });
  const [trustedShops, setTrustedShops] = useState(false);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [failure, setFailure] = useState<CallError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [placing, setPlacing] = useState(false);
  const [priceChange, setPriceChange] = useState<{ previousTotal: string | null } | null>(null);
  // the cart as the customer reviewed it (its version goes with the order), and what changed since
  const [reviewed, setReviewed] = useState<CartView>(cart);
  const [changes, setChanges] = useState<{ list: CartChange[]; attempt: number } | null>(null);
  const placeRef = useRef<HTMLButtonElement>(null);
  const busy = useRef(false);
  const threshold = amlThresholdFor(store, cart, cart.paymentMethod);

  // the dialog closed: back to the place-order button, where the customer was
  const hadDialog = useRef(false);
  useEffect(() => {
    if (priceChange) hadDialog.current = true;
    else if (hadDialog.current) {
      hadDialog.current = false;
      placeRef.current?.focus();
    }
  }, [priceChange]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy.current || refreshing) return;
    const missing: Record<string, string> = {};
    for (const a of acceptances) if (!accepted[a]) missing[`accept-${a}`] = t(`checkout.review.required.${a}`);
    setFailure(null);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      setSummary(Object.keys(missing).length === 1 ? t('form.correctOne') : t('form.correctMany', { count: Object.keys(missing).length }));
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setSummary(null);
    busy.current = true;
    setPlacing(true);
    let base = reviewed;
    let outcome = await onPlace({ comment, optInTrustedShops: trustedShops, cartVersion: base.version });
    // a new version in which nothing the customer reviewed differs (a recalculation at the same prices):
    // that is the order reviewed, placed once more with its version
    if (outcome.kind === 'cart-changed' && outcome.current && outcome.current.version !== base.version && cartChanges(base, outcome.current).length === 0) {
      base = outcome.current;
      setReviewed(base);
      outcome = await onPlace({ comment, optInTrustedShops: trustedShops, cartVersion: base.version });
    }
    busy.current = false;
    setPlacing(false);
    if (outcome.kind === 'placed') return;
    setChanges(null);
    if (outcome.kind === 'price-changed') {
      const current = outcome.current;
      const other = current ? cartChanges(base, current, { prices: false }) : [];
      if (current) setReviewed(current);
      // new prices only: the price modal; anything else changed too: the change notice says all of it
      if (current && other.length > 0) showChanges(cartChanges(base, current));
      else setPriceChange({ previousTotal: outcome.previousTotal });
    } else if (outcome.kind === 'cart-changed') {
      if (outcome.current) {
        setReviewed(outcome.current);
        showChanges(cartChanges(base, outcome.current));
      } else {
        setFailure(outcome.error);
        setSummary(outcome.error.message);
        setAttempt((n) => n + 1);
      }
    } else if (outcome.kind === 'error') {
      // linked cash orders reached the threshold: the delivery step asks for the document (views/state/aml-linked.ts)
      if (outcome.error.code === 'identity_document_required') markLinkedIdentityRequired(cart.id);
      if (outcome.error.code === 'cash_payout_limit') markLinkedPayoutCapReached(cart.id);
      setFailure(outcome.error);
      setSummary(outcome.error.message);
      setAttempt((n) => n + 1);
    }
  };

  const showChanges = (list: CartChange[]) => setChanges((c) => ({ list, attempt: (c?.attempt ?? 0) + 1 }));

  // the customer took the new prices here: that cart is the reviewed one, unless more than prices changed
  const takeNewPrices = async () => {
    const r = await onTakeNewPrices();
    const current = (r as { data?: { cart?: CartView } } | null | undefined)?.data?.cart;
    if (!current) return r;
    const other = cartChanges(reviewed, current, { prices: false });
    setReviewed(current);
    if (other.length > 0) showChanges(cartChanges(reviewed, current));
    return r;
  };

  const labels: Record<string, string> = Object.fromEntries(acceptances.map((a) => [`accept-${a}`, t(`checkout.review.accept.${a}Short`)]));
  const fixStep = failure ? stepForReason(failure.code) : null;
  const legalLink = (a: Acceptance) => (
    <a href={localizedPath(lang, legalPaths[a][lang])} target="_blank" rel="noopener">
      {t(`checkout.review.link.${a}`)}<span className="visually-hidden"> ({t('checkout.review.newTab')})</span>
    </a>
  );

  return (
    <section className="checkout-step" aria-labelledby="checkout-step-title">
      <h1 id="checkout-step-title" className="page-title checkout-step-title" ref={headingRef} tabIndex={-1}>{t('screen.step.review')}</h1>
      <div className="review-prices">
        <PriceCountdown compact forNewPrices={stale} />
        <PriceLock validUntil={cart.pricesValidUntil} total={moneyOf(shop, cart.totalGrossPrice)} onTakeNewPrices={takeNewPrices} />
      </div>
      {changes ? <CartChangedNotice changes={changes.list} transactionType={cart.transactionType} attempt={changes.attempt} /> : null}
      <ErrorSummary formId={formId} summary={summary} errors={errors} labels={labels} attempt={attempt}>
        {fixStep ? <p><Link to={stepHref(fixStep)}>{t(`checkout.review.fix.${fixStep}`)}</Link></p> : null}
      </ErrorSummary>

      <div className="review-grid">
        <section className="review-box" aria-labelledby="review-data">
          <h2 id="review-data">{t('screen.step.data')}</h2>
          <p data-testid="confirmation-email">{t('checkout.review.confirmationTo', { email: confirmationEmail ?? cart.customerEmail ?? '' })}</p>
          {cart.billingAddress ? (
            <>
              <h3>{t(buy ? 'checkout.data.billing' : 'checkout.data.seller')}</h3>
              <address>{addressLines({ ...cart.billingAddress, id: '', defaultBilling: false, defaultShipping: false }, t).map((l, i) => <span key={i}>{l}</span>)}</address>
            </>
          ) : null}
          {buy && cart.shippingAddress && shipsToCustomer(cart.shippingInfo?.key) ? (
            <>
              <h3>{t('checkout.data.shipping')}</h3>
              <address>{addressLines({ ...cart.shippingAddress, id: '', defaultBilling: false, defaultShipping: false }, t).map((l, i) => <span key={i}>{l}</span>)}</address>
            </>
          ) : null}
          <p><Link to={stepHref('data')}>{t('checkout.review.change')}<span className="visually-hidden">: {t('screen.step.data')}</span></Link></p>
        </section>
        <section className="review-box" aria-labelledby="review-delivery">
          <h2 id="review-delivery">{t(cart.transactionType === 'buy' ? 'screen.step.delivery' : 'screen.step.deliverySell')}</h2>
          <p>{cart.shippingInfo?.name}</p>
          {buy && cart.shippingInfo?.key === 'deposit' ? <p data-testid="review-deposit">{t('checkout.review.depositPurchase')}</p> : null}
          {pickupStore ? <StoreAddress store={pickupStore} /> : null}
          <p>{cart.paymentMethod ? t(`checkout.payment.${cart.transactionType}.${cart.paymentMethod}`) : null}</p>
          {cart.transactionType === 'buy' && cart.paymentMethod === 'bank-transfer' ? (
            <>
              <p className="field-hint">{t('checkout.payment.transferTo')}</p>
              <TransferAccount currency={cart.currency} />
            </>
          ) : null}
          {cart.payoutAccount ? <p>{t('checkout.payout.title')}: {cart.payoutAccount.accountOwner}, {cart.payoutAccount.iban ?? cart.payoutAccount.accountNumber}</p> : null}
          {threshold ? <AmlNotice threshold={threshold} transactionType={cart.transactionType} /> : null}
          {cart.identityDocument ? <p>{t('checkout.identity.recordedShort')}</p> : null}
          <p><Link to={stepHref('delivery')}>{t('checkout.review.change')}<span className="visually-hidden">: {t(cart.transactionType === 'buy' ? 'screen.step.delivery' : 'screen.step.deliverySell')}</span></Link></p>
        </section>
      </div>

      <section className="review-lines" aria-labelledby="review-lines">
        <h2 id="review-lines">{t(buy ? 'checkout.review.itemsBuy' : 'checkout.review.itemsSell')}</h2>
        <CartLines cart={cart} />
        <CartTotals cart={cart} stale={stale} />
        <p><Link to={stepHref('cart')}>{t('checkout.review.changeCart')}</Link></p>
      </section>

      <form method="post" className="form checkout-form review-form" noValidate onSubmit={(e) => void submit(e)}>
        <fieldset className="form-section">
          <legend>{t('checkout.review.acceptTitle')}</legend>
          {acceptances.map((a) => (
            <CheckboxField key={a} formId={formId} name={`accept-${a}`} checked={accepted[a]} error={errors[`accept-${a}`]}
              onChange={(x) => {
                setAccepted((s) => ({ ...s, [a]: x }));
                setErrors(({ [`accept-${a}`]: _gone, ...rest }) => rest);
              }}
              label={<>{t(`checkout.review.accept.${a}Before`)} {legalLink(a)} {t(`checkout.review.accept.${a}After`, { company: shop.company?.legalName ?? t('shop.name') })}</>} />
          ))}
        </fieldset>
        <fieldset className="form-section">
          <legend>{t('checkout.review.optional')}</legend>
          <CheckboxField formId={formId} name="trustedShops" checked={trustedShops} onChange={setTrustedShops} label={t('checkout.review.trustedShops')}
            hint={t('checkout.review.trustedShopsHint')} />
          <div className="field">
            <label className="field-label" htmlFor={`${formId}-comment`}>{t('checkout.review.comment')} <span className="field-optional">({t('form.optional')})</span></label>
            <textarea id={`${formId}-comment`} name="comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)}
              aria-describedby={`${formId}-comment-hint`} />
            <p className="field-hint" id={`${formId}-comment-hint`}>{t('checkout.review.commentHint')}</p>
          </div>
        </fieldset>
        <div className="form-actions checkout-next">
          <button type="submit" ref={placeRef} className="button button-primary button-place" data-testid="place-order"
            aria-disabled={placing || refreshing || undefined} aria-describedby={refreshing ? 'review-refreshing' : 'review-obligation'}>
            {placing ? t('checkout.review.placing') : t(buy ? 'checkout.review.placeBuy' : 'checkout.review.placeSell')}
          </button>
          <p className="field-hint" id={refreshing ? 'review-refreshing' : 'review-obligation'}>
            {refreshing ? t('checkout.waitForPrices') : t(buy ? 'checkout.review.obligationBuy' : 'checkout.review.obligationSell', { threshold: Math.round(COUNTER_OFFER_THRESHOLD * 100) })}
          </p>
          {/* issue 28: on a phone the prices' time left is also shown beside the order button (CSS shows it there only) */}
          <div className="checkout-next-countdown" data-testid="place-order-countdown"><PriceCountdown compact /></div>
        </div>
      </form>
      {priceChange ? <PriceChangeDialog cart={cart} previousTotal={priceChange.previousTotal} onClose={() => setPriceChange(null)} /> : null}
    </section>
  );
}
