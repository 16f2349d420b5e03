// Checkout step 3, "Delivery and payment" ("Delivery and payout" for a sale; spec 3, 5, 9): the cart's
// shipping methods with their price (a method spec 5 rules out is shown with the reason; a chosen one is
// saved to the cart at once, so the summary shows its cost), the payment rules shared with the service
// (src/contracts/checkout-rules.ts: no cash payout for a sale from the deposit, the insured-shipping note
// above the Scrap Metal Box's cap), a store for pickup, drop-off or delivery to a store,
// the payment method (card and PayPal: coming soon), the payout account of a sale by bank transfer, and,
// where the anti-money-laundering threshold of the store's country bites, the notice and the identity
// document the shop must record (src/contracts/aml.ts). The deposit needs a customer account (issue 23): a
// guest sees it with the reason and a way to sign in that comes back here.
import { useMemo, useState } from 'react';
import type { CashThreshold } from '../../../src/contracts/aml.ts';
import { bicValid, ibanValid, routingNumberValid, usAccountNumberValid } from '../../components/forms/bank-rules.ts';
import type { IdentityDocumentBody, PaymentMethod, PayoutAccountBody } from '../../../src/contracts/cart.ts';
import type { PickupStore, ShippingMethodsResponse } from '../../../src/contracts/order.ts';
import type { Result } from '../../../src/contracts/result.ts';
import {
  CASH_PAYOUT_MAX_CENTS, checkoutKind, comingSoonPayments, needsInsuredShippingNote, paymentBlocked, paymentMethodsOffered, paymentRefusal,
} from '../../../src/contracts/checkout-rules.ts';
import type { ShopCart } from '../../../src/contracts/shop-api.ts';
import { AmlNotice, amlThresholdFor } from '../../components/cart/AmlNotice.tsx';
import { linkedPayoutCapReached } from '../../state/aml-linked.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { ErrorSummary, SelectField, TextField } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { Rules, type Errors } from '../../components/forms/validation.ts';
import { useShop } from '../../lib/context.tsx';
import { NextButton } from './parts.tsx';
import { StoreAddress } from '../../components/checkout/StoreAddress.tsx';
import { TransferAccount } from '../../components/TransferAccount.tsx';
import { telHref } from '../../../src/contracts/display.ts';
import { pathFor } from '../../../src/screens.ts';
import { Link } from '../../components/ShopLink.tsx';
import { stepPath } from '../../components/CheckoutSteps.tsx';

type Values = Record<string, string>;

export interface DeliverySubmit {
  shippingMethodId: string;
  paymentMethod: PaymentMethod;
  pickupStore: string | null;
  payoutAccount: Omit<PayoutAccountBody, 'version'> | null;
  identityDocument: Omit<IdentityDocumentBody, 'version'> | null;
}

export interface DeliveryStepProps {
  cart: ShopCart;
  /** the cart's methods and stores; undefined while loading */
  methods: ShippingMethodsResponse | undefined;
  onSubmit: (data: DeliverySubmit) => Promise<Result<unknown>>;
  /** a method chosen (not yet submitted): the page saves it to the cart so that the summary shows its cost at once */
  onMethodChosen?: (key: string) => void;
  refreshing: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}

const documentTypes = ['passport', 'id-card', 'residence-permit'] as const;
/** Countries for issuing country and nationality: the stores' countries first, then Europe and more. */
const countryCodes = ['CH', 'LI', 'AT', 'DE', 'US', 'BE', 'BG', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU', 'IE', 'IS', 'IT', 'LT', 'LU', 'LV',
  'MC', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'SM', 'TR', 'UA', 'RS', 'BA', 'AL', 'MK', 'ME', 'XK', 'CA', 'MX', 'BR', 'AR', 'AU', 'NZ', 'CN',
  'HK', 'IN', 'JP', 'KR', 'SG', 'TH', 'AE', 'IL', 'ZA', 'EG'];

export function DeliveryStep({ cart, methods, onSubmit, onMethodChosen, refreshing, headingRef }: DeliveryStepProps) {
  const shop = useShop();
  const { t, store, locale, lang } = shop;
  const formId = 'checkout-delivery';
  const type = cart.transactionType;
  // the service refused a cash payout for this cart because of the customer's linked sales (views/state/aml-linked.ts):
  // count them as reaching the cap, so that cash is shown ruled out with the reason
  const linkedPayoutCents = linkedPayoutCapReached(cart.id) ? CASH_PAYOUT_MAX_CENTS : 0;
  const us = store === 'us';
  const [editPayout, setEditPayout] = useState(!cart.payoutAccount);
  const [editIdentity, setEditIdentity] = useState(!cart.identityDocument);
  const form = useForm<Values>({
    shippingMethodId: cart.shippingInfo?.key ?? '',
    pickupStore: cart.pickupStore ?? '',
    paymentMethod: cart.paymentMethod ?? '',
    accountOwner: cart.payoutAccount?.accountOwner ?? [cart.billingAddress?.firstName, cart.billingAddress?.lastName].filter(Boolean).join(' '),
    iban: '', bic: '', accountNumber: '', routingNumber: '',
    documentType: 'passport', documentNumber: '', issuingCountry: cart.billingAddress?.country ?? '', issuingAuthority: '', expiryDate: '',
    dateOfBirth: '', placeOfBirth: '', nationality: cart.billingAddress?.country ?? '',
  }, (v) => validate(v));
  const v = form.values;
  const method = methods?.methods.find((m) => m.key === v.shippingMethodId) ?? null;
  const threshold = amlThresholdFor(store, cart, v.paymentMethod || null);
  const needsPayout = type === 'sell' && v.paymentMethod === 'bank-transfer';
  // spec 9 and ours, one rule set with the service (src/contracts/checkout-rules.ts)
  const kind = checkoutKind(type, v.shippingMethodId || cart.shippingInfo?.key);
  const payments = paymentMethodsOffered({ transactionType: type, methodKey: v.shippingMethodId || null });
  // issue 28: a Swiss sale ruled out of the Scrap Metal Box names the cap in francs (the figure the rule checked,
  // at the price set's rate), as the insured-shipping note beside it does; elsewhere the message's own (EUR)
  const reasonParams = (reason: string) =>
    reason === 'scrap_box_value_exceeded' && methods?.scrapBoxCap ? { amount: moneyOf(shop, methods.scrapBoxCap) } : undefined;
  const insuredNote = needsInsuredShippingNote({ kind, goodsCents: cart.totalPrice?.centAmount ?? null, capCents: methods?.scrapBoxCap?.centAmount ?? null });
  const chooseMethod = (key: string) => {
    form.set('shippingMethodId', key);
    // a payment the new method does not offer (cash for a sale from the deposit) is not kept chosen unseen
    if (v.paymentMethod && !paymentMethodsOffered({ transactionType: type, methodKey: key }).includes(v.paymentMethod as PaymentMethod)) form.set('paymentMethod', '');
    if (key !== cart.shippingInfo?.key) onMethodChosen?.(key);
  };

  function validate(values: Values): Errors {
    const r = new Rules(t).required('shippingMethodId', values.shippingMethodId).required('paymentMethod', values.paymentMethod);
    const m = methods?.methods.find((x) => x.key === values.shippingMethodId);
    if (m?.requiresPickupStore) r.required('pickupStore', values.pickupStore);
    const errors = r.errors;
    // a method the cart came with but may not use (the deposit for a guest) is refused here with its reason,
    // not by the service after the review
    if (m && !m.available && !errors.shippingMethodId) errors.shippingMethodId = m.reason ? t(`form.error.${m.reason}`) : t('validation.required');
    // spec 9: buy cash only for pickup; a cash payout only for items brought to a store, at most 15,000
    const refusal = values.paymentMethod && m && !errors.paymentMethod
      ? paymentRefusal({ transactionType: type, methodKey: m.key, grossCents: cart.totalGrossPrice?.centAmount ?? null, linkedPayoutCents }, values.paymentMethod as PaymentMethod)
      : null;
    if (refusal) errors.paymentMethod = t(`form.error.${refusal}`);
    if (type === 'sell' && values.paymentMethod === 'bank-transfer' && editPayout) {
      const p = new Rules(t).required('accountOwner', values.accountOwner);
      if (us) p.required('accountNumber', values.accountNumber).required('routingNumber', values.routingNumber);
      else p.required('iban', values.iban);
      Object.assign(errors, p.errors);
      if (!us && values.iban.trim() && !ibanValid(values.iban)) errors.iban = t('validation.invalid_iban');
      if (!us && values.bic.trim() && !bicValid(values.bic)) errors.bic = t('validation.invalid_bic');
      if (us && values.accountNumber.trim() && !usAccountNumberValid(values.accountNumber)) errors.accountNumber = t('validation.invalid_account_number');
      if (us && values.routingNumber.trim() && !routingNumberValid(values.routingNumber)) errors.routingNumber = t('validation.invalid_routing_number');
    }
    if (amlThresholdFor(store, cart, values.paymentMethod || null) && editIdentity) {
      const d = new Rules(t).required('documentNumber', values.documentNumber).required('issuingCountry', values.issuingCountry)
        .required('expiryDate', values.expiryDate).required('dateOfBirth', values.dateOfBirth).required('placeOfBirth', values.placeOfBirth)
        .required('nationality', values.nationality);
      Object.assign(errors, d.errors);
    }
    return errors;
  }

  const submit = form.onSubmit(async (values) => {
    const m = methods?.methods.find((x) => x.key === values.shippingMethodId);
    const aml = amlThresholdFor(store, cart, values.paymentMethod || null);
    return onSubmit({
      shippingMethodId: values.shippingMethodId,
      paymentMethod: values.paymentMethod as PaymentMethod,
      pickupStore: m?.requiresPickupStore ? values.pickupStore : null,
      payoutAccount: type === 'sell' && values.paymentMethod === 'bank-transfer' && editPayout
        ? us
          ? { accountOwner: values.accountOwner.trim(), accountNumber: values.accountNumber.trim(), routingNumber: values.routingNumber.trim() }
          : { accountOwner: values.accountOwner.trim(), iban: values.iban.trim(), ...(values.bic.trim() ? { bic: values.bic.trim() } : {}) }
        : null,
      identityDocument: aml && editIdentity
        ? {
          documentType: values.documentType as IdentityDocumentBody['documentType'], documentNumber: values.documentNumber.trim(),
          issuingCountry: values.issuingCountry, ...(values.issuingAuthority.trim() ? { issuingAuthority: values.issuingAuthority.trim() } : {}),
          expiryDate: values.expiryDate, dateOfBirth: values.dateOfBirth, placeOfBirth: values.placeOfBirth.trim(), nationality: values.nationality,
        }
        : null,
    });
  });

  const labels: Record<string, string> = {
    shippingMethodId: t('checkout.delivery.method'), pickupStore: t('checkout.delivery.store'), paymentMethod: t('checkout.payment.title'),
    accountOwner: t('checkout.payout.owner'), iban: t('checkout.payout.iban'), bic: t('checkout.payout.bic'), accountNumber: t('checkout.payout.accountNumber'),
    routingNumber: t('checkout.payout.routingNumber'), documentType: t('checkout.identity.documentType'), documentNumber: t('checkout.identity.documentNumber'),
    issuingCountry: t('checkout.identity.issuingCountry'), issuingAuthority: t('checkout.identity.issuingAuthority'), expiryDate: t('checkout.identity.expiryDate'),
    dateOfBirth: t('checkout.identity.dateOfBirth'), placeOfBirth: t('checkout.identity.placeOfBirth'), nationality: t('checkout.identity.nationality'),
  };
  const regionNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const countryOptions = countryCodes.map((c) => ({ value: c, label: regionNames.of(c) ?? c }));

  return (
    <section className="checkout-step" aria-labelledby="checkout-step-title">
      <h1 id="checkout-step-title" className="page-title checkout-step-title" ref={headingRef} tabIndex={-1}>{t(type === 'buy' ? 'screen.step.delivery' : 'screen.step.deliverySell')}</h1>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form checkout-form" noValidate onSubmit={(e) => (refreshing ? e.preventDefault() : submit(e))}>
        <fieldset className={`form-section choice-list${form.errors.shippingMethodId ? ' field-invalid' : ''}`} aria-describedby={form.errors.shippingMethodId ? `${formId}-shippingMethodId-error` : undefined}>
          <legend>{t(type === 'buy' ? 'checkout.delivery.titleBuy' : 'checkout.delivery.titleSell')}</legend>
          {!methods ? <p className="muted">{t('cart.loading')}</p> : methods.methods.filter((m) => m.key !== 'shippingBuy').map((m, i) => (
            <label key={m.key} className={`choice${m.available ? '' : ' choice-unavailable'}`}>
              <input type="radio" name="shippingMethodId" id={i === 0 ? `${formId}-shippingMethodId` : undefined} value={m.key} checked={v.shippingMethodId === m.key}
                disabled={!m.available} onChange={() => chooseMethod(m.key)} />
              <span className="choice-body">
                <span className="choice-title">
                  {m.name}
                  <span className="choice-price">{m.price.centAmount === 0 ? t('cart.totals.free') : moneyOf(shop, m.price)}</span>
                </span>
                <span className="choice-text">{m.description}</span>
                {!m.available && m.reason ? <span className="choice-reason">{t(`form.error.${m.reason}`, reasonParams(m.reason))}</span> : null}
                {m.key === 'shippingSell' && insuredNote ? (
                  <span className="choice-text choice-note" data-testid="insured-shipping-note">
                    {t('checkout.delivery.insuredOnRequest', { amount: moneyOf(shop, methods?.scrapBoxCap ?? null) })}
                  </span>
                ) : null}
              </span>
            </label>
          ))}
          {/* the insured-shipping note's way to arrange it: the hotline, outside the radio's label (a link
              inside it would also choose the method, and lengthen the radio's name) */}
          {insuredNote && shop.company && methods?.methods.some((m) => m.key === 'shippingSell') ? (
            <p className="choice-note" data-testid="insured-shipping-hotline">
              {t('footer.trust.hotline')}: <a href={telHref(shop.company.hotline)}>{shop.company.hotline}</a>
            </p>
          ) : null}
          {/* the deposit needs an account: the way to one, outside the radio's label (as the hotline above) */}
          {methods?.methods.some((m) => m.reason === 'deposit_requires_account') ? (
            <p className="choice-note" data-testid="deposit-account-note">
              <Link to={`${pathFor('login', lang)}?redirect=${encodeURIComponent(stepPath(lang, type, 'delivery'))}`}>{t('checkout.delivery.depositSignIn')}</Link>
              {' · '}
              <Link to={pathFor('register', lang)}>{t('checkout.delivery.depositRegister')}</Link>
            </p>
          ) : null}
          {form.errors.shippingMethodId ? <p className="field-error" id={`${formId}-shippingMethodId-error`}>{form.errors.shippingMethodId}</p> : null}
        </fieldset>

        {method?.requiresPickupStore && methods ? (
          <StoreChoice formId={formId} stores={methods.pickupStores} value={v.pickupStore} error={form.errors.pickupStore}
            onChange={(x) => form.set('pickupStore', x)} label={t(method.key === 'leave-in-store' ? 'checkout.delivery.storeDropOff' : 'checkout.delivery.store')} />
        ) : null}

        <fieldset className={`form-section choice-list${form.errors.paymentMethod ? ' field-invalid' : ''}`} aria-describedby={form.errors.paymentMethod ? `${formId}-paymentMethod-error` : undefined}>
          <legend>{t(type === 'buy' ? 'checkout.payment.title' : 'checkout.payment.titleSell')}</legend>
          {payments.map((p, i) => {
            const soon = comingSoonPayments.includes(p);
            // ruled out whatever the method (a cash payout above 15,000): shown with the reason, not choosable
            const blocked = soon ? null : paymentBlocked({ transactionType: type, grossCents: cart.totalGrossPrice?.centAmount ?? null, linkedPayoutCents }, p);
            const reaches = !soon && !blocked && p === 'cash' ? amlThresholdFor(store, cart, 'cash') : null;
            return (
              <label key={p} className={`choice${soon || blocked ? ' choice-unavailable' : ''}`}>
                <input type="radio" name="paymentMethod" id={i === 0 ? `${formId}-paymentMethod` : undefined} value={p} checked={v.paymentMethod === p}
                  disabled={soon || !!blocked} onChange={() => form.set('paymentMethod', p)} />
                <span className="choice-body">
                  <span className="choice-title">
                    {t(`checkout.payment.${type}.${p}`)}
                    {soon ? <span className="status-tag">{t('checkout.payment.comingSoon')}</span> : null}
                  </span>
                  <span className="choice-text">{t(`checkout.payment.${type}.${p}Hint`)}</span>
                  {reaches ? <span className="choice-reason">{t('aml.optionHint')}</span> : null}
                  {blocked ? <span className="choice-reason">{t(`form.error.${blocked}`)}</span> : null}
                </span>
              </label>
            );
          })}
          {form.errors.paymentMethod ? <p className="field-error" id={`${formId}-paymentMethod-error`}>{form.errors.paymentMethod}</p> : null}
          {type === 'buy' && v.paymentMethod === 'bank-transfer' ? (
            <div className="transfer-preview">
              <p className="field-hint">{t('checkout.payment.transferTo')}</p>
              <TransferAccount currency={cart.currency} />
            </div>
          ) : null}
        </fieldset>

        {needsPayout ? (
          <fieldset className="form-section">
            <legend>{t('checkout.payout.title')}</legend>
            {cart.payoutAccount && !editPayout ? (
              <div className="field field-static">
                <p>{cart.payoutAccount.accountOwner}, {cart.payoutAccount.iban ?? cart.payoutAccount.accountNumber}</p>
                <button type="button" className="link-button" onClick={() => setEditPayout(true)}>{t('form.edit')}<span className="visually-hidden">: {t('checkout.payout.title')}</span></button>
              </div>
            ) : (
              <>
                <p className="field-hint">{t('checkout.payout.intro')}</p>
                <TextField formId={formId} name="accountOwner" label={labels.accountOwner} value={v.accountOwner} onChange={(x) => form.set('accountOwner', x)}
                  error={form.errors.accountOwner} autoComplete="name" maxLength={100} required />
                {us ? (
                  <div className="field-row">
                    <TextField formId={formId} name="accountNumber" label={labels.accountNumber} value={v.accountNumber} onChange={(x) => form.set('accountNumber', x)}
                      error={form.errors.accountNumber} inputMode="numeric" maxLength={30} required />
                    <TextField formId={formId} name="routingNumber" label={labels.routingNumber} value={v.routingNumber} onChange={(x) => form.set('routingNumber', x)}
                      error={form.errors.routingNumber} inputMode="numeric" maxLength={20} required />
                  </div>
                ) : (
                  <div className="field-row">
                    <TextField formId={formId} name="iban" label={labels.iban} value={v.iban} onChange={(x) => form.set('iban', x)} error={form.errors.iban}
                      maxLength={50} required spellCheck={false} hint={t('checkout.payout.ibanHint')} />
                    <TextField formId={formId} name="bic" label={labels.bic} value={v.bic} onChange={(x) => form.set('bic', x)} error={form.errors.bic}
                      maxLength={20} optional size="medium" spellCheck={false} />
                  </div>
                )}
              </>
            )}
          </fieldset>
        ) : null}

        {threshold ? (
          <IdentityDocument
            formId={formId} threshold={threshold} cart={cart} values={v} errors={form.errors} set={form.set} labels={labels}
            countryOptions={countryOptions} editing={editIdentity} onEdit={() => setEditIdentity(true)}
          />
        ) : null}

        <NextButton busy={form.submitting} refreshing={refreshing} label={t('checkout.delivery.next')} />
      </form>
    </section>
  );
}

function StoreChoice({ formId, stores, value, error, onChange, label }: {
  formId: string;
  stores: PickupStore[];
  value: string;
  error?: string;
  onChange: (v: string) => void;
  label: string;
}) {
  const { t } = useShop();
  const chosen = stores.find((s) => s.slug === value);
  return (
    <div className="form-section store-choice">
      <SelectField formId={formId} name="pickupStore" label={label} value={value} onChange={onChange} error={error} required
        placeholder={t('form.pleaseChoose')} options={stores.map((s) => ({ value: s.slug, label: `${s.name}, ${s.city}` }))} />
      {chosen ? <StoreAddress store={chosen} /> : null}
    </div>
  );
}

function IdentityDocument({ formId, threshold, cart, values, errors, set, labels, countryOptions, editing, onEdit }: {
  formId: string;
  threshold: CashThreshold;
  cart: ShopCart;
  values: Values;
  errors: Errors;
  set: (k: string, v: string) => void;
  labels: Record<string, string>;
  countryOptions: { value: string; label: string }[];
  editing: boolean;
  onEdit: () => void;
}) {
  const { t, date } = useShop();
  const f = (k: string, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField formId={formId} name={k} label={labels[k]} value={values[k]} onChange={(x) => set(k, x)} error={errors[k]} required {...extra} />
  );
  const dateField = (k: string, autoComplete?: string) => (
    <div className={`field field-medium${errors[k] ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={`${formId}-${k}`}>{labels[k]}</label>
      <input id={`${formId}-${k}`} name={k} type="date" value={values[k]} onChange={(e) => set(k, e.target.value)} autoComplete={autoComplete}
        aria-required="true" aria-invalid={errors[k] ? true : undefined} aria-describedby={errors[k] ? `${formId}-${k}-error` : undefined} />
      {errors[k] ? <p className="field-error" id={`${formId}-${k}-error`}><span aria-hidden="true" className="field-error-icon">!</span> {errors[k]}</p> : null}
    </div>
  );
  return (
    <fieldset className="form-section identity-document" aria-describedby="aml-notice">
      <legend>{t('checkout.identity.title')}</legend>
      <AmlNotice id="aml-notice" threshold={threshold} transactionType={cart.transactionType} />
      {cart.identityDocument && !editing ? (
        <div className="field field-static">
          <p>{t('checkout.identity.recorded', { type: t(`checkout.identity.type.${cart.identityDocument.documentType}`), date: date(cart.identityDocument.expiryDate) })}</p>
          <button type="button" className="link-button" onClick={onEdit}>{t('form.edit')}<span className="visually-hidden">: {t('checkout.identity.title')}</span></button>
        </div>
      ) : (
        <>
          <div className="field-row">
            <SelectField formId={formId} name="documentType" label={labels.documentType} value={values.documentType} onChange={(x) => set('documentType', x)} required
              options={documentTypes.map((d) => ({ value: d, label: t(`checkout.identity.type.${d}`) }))} />
            {f('documentNumber', { maxLength: 40, spellCheck: false, autoComplete: 'off' })}
          </div>
          <div className="field-row">
            <SelectField formId={formId} name="issuingCountry" label={labels.issuingCountry} value={values.issuingCountry} onChange={(x) => set('issuingCountry', x)}
              error={errors.issuingCountry} required placeholder={t('form.pleaseChoose')} options={countryOptions} />
            <TextField formId={formId} name="issuingAuthority" label={labels.issuingAuthority} value={values.issuingAuthority} onChange={(x) => set('issuingAuthority', x)}
              maxLength={100} optional />
          </div>
          <div className="field-row">
            {dateField('expiryDate')}
            {dateField('dateOfBirth', 'bday')}
          </div>
          <div className="field-row">
            {f('placeOfBirth', { maxLength: 100 })}
            <SelectField formId={formId} name="nationality" label={labels.nationality} value={values.nationality} onChange={(x) => set('nationality', x)}
              error={errors.nationality} required placeholder={t('form.pleaseChoose')} options={countryOptions} />
          </div>
          <p className="field-hint">{t('checkout.identity.privacy')}</p>
        </>
      )}
    </fieldset>
  );
}
