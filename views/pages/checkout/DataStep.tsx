// Checkout step 2, "My data" (spec 2, 5, 8): the e-mail, the billing address and, for a purchase, a
// different shipping address if wanted. Guests check out as guests or create an account on the way (spec 1);
// an e-mail that has an account asks to sign in (spec 8: at checkout, use the sign-in button). Signed-in
// customers pick from their saved addresses. The service checks every field again and has the last word;
// its messages land on the fields.
import { useEffect, useMemo, useState } from 'react';
import type { Result } from '../../../src/contracts/result.ts';
import type { CartAddress } from '../../../src/contracts/cart.ts';
import type { ShopAddress, ShopCart, ShopCustomer } from '../../../src/contracts/shop-api.ts';
import { pathFor } from '../../../src/screens.ts';
import { stores } from '../../../src/stores.ts';
import { companyNeedsVatId } from '../../../src/contracts/checkout-rules.ts';
import { CheckboxField, ErrorSummary, PasswordField, SelectField, TextField } from '../../components/forms/Fields.tsx';
import { useForm, type FieldBinding } from '../../components/forms/useForm.ts';
import { FieldRules } from '../../components/forms/field-rules.ts';
import { phoneHint, type Errors } from '../../components/forms/validation.ts';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { usStates } from '../../../src/contracts/us-states.ts';
import { NextButton } from './parts.tsx';
import { addressOneLine } from '../../../src/contracts/address-format.ts';

const addressKeys = ['firstName', 'lastName', 'company', 'streetName', 'streetNumber', 'apartment', 'zipCode', 'city', 'state', 'country', 'phone'] as const;
type AddressKey = (typeof addressKeys)[number];
type Prefix = 'billingAddress' | 'shippingAddress';
const optionalKeys: AddressKey[] = ['company', 'apartment', 'phone', 'state'];

export type DataValues = Record<string, string | boolean>;

export interface DataSubmit {
  email?: string;
  billingAddress: Record<AddressKey, string>;
  shippingAddress: Record<AddressKey, string>;
  /** create an account during checkout (a company's with its VAT ID where the store asks for one) */
  account: { password: string; passwordRepeat: string; vatId: string | null } | null;
  /** addresses typed here that a signed-in customer asked to save to the account */
  saveToAccount: { address: Record<AddressKey, string>; billing: boolean; shipping: boolean }[];
}

export interface DataStepProps {
  cart: ShopCart;
  /** the signed-in customer, null for guests */
  customer: ShopCustomer | null;
  /** saves e-mail and addresses (and creates the account); the answer's field errors land on the fields */
  onSubmit: (data: DataSubmit) => Promise<Result<unknown>>;
  /** asks whether an e-mail has an account (spec 8: then the customer is asked to sign in) */
  checkEmail: (email: string) => Promise<boolean>;
  /** next-step navigation is disabled while prices refresh (spec 4) */
  refreshing: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
}

function fromAddress(prefix: Prefix, a: CartAddress | ShopAddress | null, fallback: { firstName?: string; lastName?: string; country: string }): DataValues {
  const out: DataValues = {};
  for (const k of addressKeys) {
    const v = a ? (a as Record<string, unknown>)[k] : undefined;
    out[`${prefix}.${k}`] = typeof v === 'string' ? v : k === 'country' ? fallback.country : k === 'firstName' ? fallback.firstName ?? '' : k === 'lastName' ? fallback.lastName ?? '' : '';
  }
  // a US address is typed in one line ("350 Fifth Avenue"): the number goes back in front of the street
  if (out[`${prefix}.country`] === 'US' && out[`${prefix}.streetNumber`]) {
    out[`${prefix}.streetName`] = `${out[`${prefix}.streetNumber`]} ${out[`${prefix}.streetName`]}`.trim();
    out[`${prefix}.streetNumber`] = '';
  }
  return out;
}

function sameAddress(a: CartAddress | null, b: CartAddress | null): boolean {
  if (!a || !b) return true;
  return addressKeys.every((k) => (a[k] ?? '') === (b[k] ?? ''));
}

/** Whether the customer's address book already holds this address (then nothing is offered to save). */
function alreadySaved(saved: ShopAddress[], a: Record<AddressKey, string>): boolean {
  return saved.some((s) => addressKeys.every((k) => String((s as Record<string, unknown>)[k] ?? '').trim() === a[k]));
}

function pick(values: DataValues, prefix: Prefix): Record<AddressKey, string> {
  const out = {} as Record<AddressKey, string>;
  for (const k of addressKeys) out[k] = String(values[`${prefix}.${k}`] ?? '').trim();
  if (out.country !== 'US') out.state = '';
  else Object.assign(out, splitUsStreet(out.streetName));
  return out;
}

/**
 * Issue 28: the US store asks for the street address in ONE line, the American way ("350 Fifth Avenue"),
 * not street and number apart. Decision: it is stored as before (number and street, which the address
 * book, the mails and the service keep), the leading house number split off; a line without one is
 * refused at its field (an insured parcel needs a street address).
 */
const US_STREET = /^(\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?)\s+(\S.*)$/;

export function splitUsStreet(line: string): { streetNumber: string; streetName: string } {
  const m = US_STREET.exec(line.trim());
  return m ? { streetNumber: m[1], streetName: m[2].trim() } : { streetNumber: '', streetName: line.trim() };
}

/** The shipping address's fields are on screen only while "ship to a different address" is ticked. */
function shownWith(field: string, values: DataValues): boolean {
  return !field.startsWith('shippingAddress.') || !!values.differentShipping;
}

export function DataStep({ cart, customer, onSubmit, checkEmail, refreshing, headingRef }: DataStepProps) {
  const shop = useShop();
  const { t, lang, store } = shop;
  const formId = 'checkout-data';
  const countries = stores[store].shippingCountries;
  const buy = cart.transactionType === 'buy';
  const defaultBilling = customer?.addresses.find((a) => a.defaultBilling) ?? null;
  const defaultShipping = customer?.addresses.find((a) => a.defaultShipping) ?? null;
  const names = { firstName: customer?.firstName, lastName: customer?.lastName, country: countries[0] };
  const initial = useMemo<DataValues>(() => ({
    email: cart.customerEmail ?? customer?.email ?? '',
    ...fromAddress('billingAddress', cart.billingAddress ?? defaultBilling, names),
    ...fromAddress('shippingAddress', cart.shippingAddress ?? defaultShipping, names),
    differentShipping: buy && !!cart.shippingAddress && !sameAddress(cart.billingAddress, cart.shippingAddress),
    createAccount: false,
    vatId: '',
    saveBillingAddress: false,
    saveShippingAddress: false,
    password: '',
    passwordRepeat: '',
  // the form starts from the cart once; later cart changes do not overwrite what is typed
  }), []);
  const [emailTaken, setEmailTaken] = useState(false);

  const form = useForm<DataValues>(initial, (v) => {
    const r = new FieldRules(t, stores[store].country);
    if (!customer) r.email('email', String(v.email));
    const address = (prefix: Prefix) => {
      const country = String(v[`${prefix}.country`] ?? '');
      // required first, in the form's order: the summary names the fields in the order the shopper meets them
      for (const k of addressKeys) if (!optionalKeys.includes(k) && !(k === 'streetNumber' && country === 'US')) r.required(`${prefix}.${k}`, v[`${prefix}.${k}`]);
      const line = String(v[`${prefix}.streetName`] ?? '').trim();
      if (country === 'US' && line !== '' && !US_STREET.test(line)) r.errors[`${prefix}.streetName`] ??= t('checkout.data.usStreetNumber');
      r.zip(`${prefix}.zipCode`, country, String(v[`${prefix}.zipCode`] ?? ''), country === 'US' ? String(v[`${prefix}.state`] ?? '') : '');
      if (country === 'US') r.required(`${prefix}.state`, v[`${prefix}.state`]);
      r.phone(`${prefix}.phone`, String(v[`${prefix}.phone`] ?? ''));
    };
    address('billingAddress');
    if (v.differentShipping) address('shippingAddress');
    // a company account needs its VAT ID in the European stores (the register form's and the service's rule)
    if (!customer && v.createAccount && companyAccount(v) && companyNeedsVatId(store)) r.required('vatId', String(v.vatId));
    // and its format per store, as on the register form (the service answers the same code)
    if (!customer && v.createAccount && companyAccount(v)) r.vatId('vatId', String(v.vatId));
    if (!customer && v.createAccount) {
      r.newPassword('password', String(v.password));
      r.same('passwordRepeat', String(v.passwordRepeat), String(v.password));
    }
    const errors: Errors = r.errors;
    if (!customer && v.createAccount && emailTaken) errors.email ??= t('form.error.email_taken');
    return errors;
  }, { shown: shownWith });
  const v = form.values;
  const company = companyAccount(v);
  const vatOptional = !companyNeedsVatId(store);
  const saved = customer?.addresses ?? [];
  const offerSave = (prefix: Prefix) => !!customer && !alreadySaved(saved, pick(v, prefix));

  // spec 8: an e-mail that has an account asks to sign in
  const email = String(v.email).trim();
  useEffect(() => setEmailTaken(false), [email]);
  const onEmailBlur = async () => {
    if (customer || !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) return;
    setEmailTaken(await checkEmail(email));
  };

  const labels: Record<string, string> = {
    email: t('account.field.email'), password: t('account.field.password'), passwordRepeat: t('account.field.passwordRepeat'), vatId: t('account.field.vatId'),
  };
  for (const prefix of ['billingAddress', 'shippingAddress'] as const) {
    const where = t(prefix === 'billingAddress' ? 'checkout.data.billingShort' : 'checkout.data.shippingShort');
    for (const k of addressKeys) labels[`${prefix}.${k}`] = `${fieldLabel(k, t)} (${where})`;
    if (v[`${prefix}.country`] === 'US') labels[`${prefix}.streetName`] = `${t('account.address.streetAddress')} (${where})`;
  }

  const submit = form.onSubmit(async (values) => {
    const data: DataSubmit = {
      ...(customer ? {} : { email: String(values.email).trim() }),
      billingAddress: pick(values, 'billingAddress'),
      shippingAddress: pick(values, values.differentShipping ? 'shippingAddress' : 'billingAddress'),
      account: !customer && values.createAccount
        ? { password: String(values.password), passwordRepeat: String(values.passwordRepeat), vatId: companyAccount(values) ? String(values.vatId).trim() || null : null }
        : null,
      saveToAccount: [],
    };
    // one entry per address: the same address given for both is saved once, for both
    const billing = pick(values, 'billingAddress');
    const shipping = pick(values, values.differentShipping ? 'shippingAddress' : 'billingAddress');
    const noDefault = (kind: 'defaultBilling' | 'defaultShipping') => !saved.some((a) => a[kind]);
    if (customer && values.saveBillingAddress && !alreadySaved(saved, billing)) {
      data.saveToAccount.push({ address: billing, billing: noDefault('defaultBilling'), shipping: !values.differentShipping && noDefault('defaultShipping') });
    }
    if (customer && buy && values.differentShipping && values.saveShippingAddress && !alreadySaved(saved, shipping)) {
      data.saveToAccount.push({ address: shipping, billing: false, shipping: noDefault('defaultShipping') });
    }
    const r = await onSubmit(data);
    if (r.error?.code === 'email_taken') setEmailTaken(true);
    return r;
  });

  const loginPath = `${pathFor('login', lang)}?redirect=${encodeURIComponent(`${pathFor('checkout', lang, { transactionType: cart.transactionType })}?step=data`)}`;
  const savedOptions = (customer?.addresses ?? []).map((a) => ({ value: a.id, label: addressOneLine(a) }));
  const fillFromSaved = (prefix: Prefix, id: string) => {
    const a = customer?.addresses.find((x) => x.id === id);
    if (!a) return;
    const next = fromAddress(prefix, a, names);
    form.setValues({ ...form.values, ...next });
  };

  return (
    <section className="checkout-step" aria-labelledby="checkout-step-title">
      <h1 id="checkout-step-title" className="page-title checkout-step-title" ref={headingRef} tabIndex={-1}>{t('screen.step.data')}</h1>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt}>
        {form.error?.code === 'email_taken' ? <p><Link className="button button-quiet" to={loginPath}>{t('checkout.data.signIn')}</Link></p> : null}
      </ErrorSummary>
      <form method="post" className="form checkout-form" noValidate onSubmit={(e) => (refreshing ? e.preventDefault() : submit(e))}>
        <fieldset className="form-section">
          <legend>{t('checkout.data.contact')}</legend>
          {customer ? (
            <div className="field field-static">
              <p className="field-label">{labels.email}</p>
              <p className="field-value" data-testid="checkout-email">{customer.email}</p>
            </div>
          ) : (
            <>
              <div onBlur={() => void onEmailBlur()}>
                <TextField formId={formId} {...form.field('email')} type="email" label={labels.email} autoComplete="email" inputMode="email" maxLength={254} required spellCheck={false}
                  hint={t('checkout.data.emailHint')} />
              </div>
              {emailTaken ? (
                <div className="notice checkout-signin" data-testid="email-taken">
                  <p>{t('checkout.data.emailTaken')}</p>
                  <p><Link className="button button-quiet" to={loginPath}>{t('checkout.data.signIn')}</Link></p>
                </div>
              ) : (
                <p className="form-aside">{t('checkout.data.haveAccount')} <Link to={loginPath}>{t('checkout.data.signIn')}</Link></p>
              )}
            </>
          )}
        </fieldset>

        <fieldset className="form-section">
          <legend>{t(buy ? 'checkout.data.billing' : 'checkout.data.seller')}</legend>
          {savedOptions.length > 0 ? (
            <SelectField formId={formId} name="savedBilling" label={t('checkout.data.saved')} value="" placeholder={t('form.pleaseChoose')}
              onChange={(id) => fillFromSaved('billingAddress', id)} options={savedOptions} />
          ) : null}
          <AddressFields prefix="billingAddress" formId={formId} field={form.field} countries={countries} />
          {offerSave('billingAddress') ? (
            <CheckboxField formId={formId} name="saveBillingAddress" label={t('checkout.data.saveAddress')} checked={!!v.saveBillingAddress}
              onChange={(x) => form.set('saveBillingAddress', x)} hint={t('checkout.data.saveAddressHint')} />
          ) : null}
        </fieldset>

        {buy ? (
          <fieldset className="form-section">
            <legend>{t('checkout.data.shipping')}</legend>
            <CheckboxField formId={formId} {...form.check('differentShipping')} label={t('checkout.data.differentShipping')} />
            {v.differentShipping ? (
              <>
                {savedOptions.length > 0 ? (
                  <SelectField formId={formId} name="savedShipping" label={t('checkout.data.saved')} value="" placeholder={t('form.pleaseChoose')}
                    onChange={(id) => fillFromSaved('shippingAddress', id)} options={savedOptions} />
                ) : null}
                <AddressFields prefix="shippingAddress" formId={formId} field={form.field} countries={countries} />
                {offerSave('shippingAddress') ? (
                  <CheckboxField formId={formId} name="saveShippingAddress" label={t('checkout.data.saveAddress')} checked={!!v.saveShippingAddress}
                    onChange={(x) => form.set('saveShippingAddress', x)} hint={t('checkout.data.saveAddressHint')} />
                ) : null}
              </>
            ) : null}
          </fieldset>
        ) : null}

        {!customer ? (
          <fieldset className="form-section">
            <legend>{t('checkout.data.accountTitle')}</legend>
            <CheckboxField formId={formId} {...form.check('createAccount')} label={t('checkout.data.createAccount')} hint={t('checkout.data.createAccountHint')} />
            {v.createAccount ? (
              <>
                {company ? (
                  <>
                    <p className="field-hint">{t('checkout.data.companyAccountHint', { company: String(v['billingAddress.company']).trim() })}</p>
                    <TextField formId={formId} {...form.field('vatId')} label={labels.vatId}
                      optional={vatOptional} required={!vatOptional} maxLength={30} size="medium" spellCheck={false}
                      hint={t(vatOptional ? 'account.field.einHint' : 'account.field.vatHint')} />
                  </>
                ) : null}
                <PasswordField formId={formId} {...form.field('password')} label={labels.password} autoComplete="new-password" required showRules />
                <PasswordField formId={formId} {...form.field('passwordRepeat')} label={labels.passwordRepeat} autoComplete="new-password" required />
              </>
            ) : null}
          </fieldset>
        ) : null}

        <NextButton busy={form.submitting} refreshing={refreshing} label={t(buy ? 'checkout.data.next' : 'checkout.data.nextSell')} />
      </form>
    </section>
  );
}

/** A company name in the billing address makes the account opened here a company account (the service's account type). */
function companyAccount(values: DataValues): boolean {
  return String(values['billingAddress.company'] ?? '').trim() !== '';
}

function fieldLabel(k: AddressKey, t: (k: string) => string): string {
  if (k === 'firstName' || k === 'lastName') return t(`account.field.${k}`);
  return t(`account.address.${k}`);
}

function AddressFields({ prefix, formId, field, countries }: {
  prefix: Prefix;
  formId: string;
  field: (name: string) => FieldBinding;
  countries: string[];
}) {
  const { t, store } = useShop();
  const section = prefix === 'billingAddress' ? 'billing' : 'shipping';
  const f = (k: AddressKey) => `${prefix}.${k}`;
  const text = (k: AddressKey, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField formId={formId} {...field(f(k))} label={fieldLabel(k, t)} required={!optionalKeys.includes(k)} optional={optionalKeys.includes(k)} {...extra} />
  );
  const country = field(f('country')).value;
  const zipHint = t(`account.address.zipHint.${country}`);
  return (
    <>
      <div className="field-row">
        {text('firstName', { autoComplete: `${section} given-name`, maxLength: 100 })}
        {text('lastName', { autoComplete: `${section} family-name`, maxLength: 100 })}
      </div>
      {text('company', { autoComplete: `${section} organization`, maxLength: 100, hint: prefix === 'billingAddress' ? t('checkout.data.companyHint') : undefined })}
      {country === 'US' ? (
        text('streetName', { autoComplete: `${section} address-line1`, maxLength: 120, label: t('account.address.streetAddress'), hint: t('account.address.streetAddressHint') })
      ) : (
        <div className="field-row field-row-street">
          {text('streetName', { autoComplete: `${section} address-line1`, maxLength: 100 })}
          {text('streetNumber', { maxLength: 20, size: 'short' })}
        </div>
      )}
      {text('apartment', { autoComplete: `${section} address-line2`, maxLength: 40, size: 'medium' })}
      <div className="field-row field-row-zip">
        {text('zipCode', { autoComplete: `${section} postal-code`, inputMode: country === 'US' ? 'text' : 'numeric', maxLength: 12, size: 'short', hint: zipHint.startsWith('account.') ? undefined : zipHint })}
        {text('city', { autoComplete: `${section} address-level2`, maxLength: 100 })}
      </div>
      <div className="field-row">
        <SelectField formId={formId} {...field(f('country'))} label={fieldLabel('country', t)} autoComplete={`${section} country`} required
          options={countries.map((c) => ({ value: c, label: t(`account.country.${c}`) }))} />
        {country === 'US' ? (
          <SelectField formId={formId} {...field(f('state'))} label={fieldLabel('state', t)} autoComplete={`${section} address-level1`} required placeholder={t('form.pleaseChoose')}
            options={usStates.map(([code, name]) => ({ value: code, label: name }))} />
        ) : null}
      </div>
      {text('phone', { type: 'tel', autoComplete: `${section} tel`, inputMode: 'tel', maxLength: 30, size: 'medium', hint: phoneHint(t, stores[store].country) })}
    </>
  );
}
