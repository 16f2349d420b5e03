// Addresses (spec 2, 3, 5, 8): the list with default shipping and billing flags, add, edit, delete, and
// "use for shipping / billing". The country is one of the store's shipping countries (spec 5); zip and
// phone are checked by the service and its messages appear on the fields.
import { useContext, useEffect, useRef, useState } from 'react';
import { useLoaderData, useLocation } from 'react-router';
import { addAddress, deleteAddress, setDefaultAddress, updateAddress } from '../../state/shop-api.ts';
import type { ShopAddress, ShopCustomer } from '../../../src/contracts/shop-api.ts';
import { stores } from '../../../src/stores.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { CheckboxField, ErrorSummary, SelectField, StatusMessage, SubmitButton, TextField } from '../../components/forms/Fields.tsx';
import { useForm } from '../../components/forms/useForm.ts';
import { FieldRules } from '../../components/forms/field-rules.ts';
import { phoneHint } from '../../components/forms/validation.ts';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { addressLines, fullName } from '../../models/account-format.ts';
import type { AccountData } from '../../models/account-loader.ts';
import { usStates } from '../../../src/contracts/us-states.ts';
import { returnPathOf } from './return-path.ts';
import { Link, NavigateContext } from '../../components/ShopLink.tsx';

interface AddressValues {
  title: string;
  firstName: string;
  lastName: string;
  company: string;
  streetName: string;
  streetNumber: string;
  apartment: string;
  zipCode: string;
  city: string;
  state: string;
  country: string;
  phone: string;
  defaultShipping: boolean;
  defaultBilling: boolean;
}

type Editing = { kind: 'new' } | { kind: 'edit'; address: ShopAddress } | null;
type Notice = { tone: 'ok' | 'error'; text: string } | null;

function valuesOf(a: ShopAddress | null, country: string, customer: ShopCustomer): AddressValues {
  return {
    title: a?.title ?? '', firstName: a?.firstName ?? customer.firstName, lastName: a?.lastName ?? customer.lastName, company: a?.company ?? '',
    streetName: a?.streetName ?? '', streetNumber: a?.streetNumber ?? '', apartment: a?.apartment ?? '', zipCode: a?.zipCode ?? '',
    city: a?.city ?? '', state: a?.state ?? '', country: a?.country ?? country, phone: a?.phone ?? '',
    defaultShipping: a?.defaultShipping ?? false, defaultBilling: a?.defaultBilling ?? false,
  };
}

export default function AccountAddressesPage() {
  const loaded = (useLoaderData() as AccountData).customer;
  const { t, store, lang } = useShop();
  const [customer, setCustomer] = useState(loaded);
  // issue 17: sent here by the limit-order form: back there once a default address is set
  const returnTo = returnPathOf(useLocation().search, lang);
  const navigate = useContext(NavigateContext);
  const [editing, setEditing] = useState<Editing>(returnTo && loaded.addresses.length === 0 ? { kind: 'new' } : null);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setCustomer(loaded), [loaded]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const countries = stores[store].shippingCountries;
  const countryNames = countries.map((c) => t(`account.country.${c}`)).join(', ');

  const saved = (c: ShopCustomer, text: string) => {
    if (returnTo && navigate && c.addresses.some((a) => a.defaultShipping) && c.addresses.some((a) => a.defaultBilling)) {
      navigate(returnTo);
      return;
    }
    setCustomer(c);
    setEditing(null);
    setNotice({ tone: 'ok', text });
  };

  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountAddresses')}>
        <p className="lead">{t('account.addresses.intro', { countries: countryNames })}</p>
        {returnTo ? <p><Link to={returnTo} data-testid="addresses-return">{t('account.addresses.backToLimitOrder')}</Link></p> : null}
        <div ref={noticeRef} tabIndex={-1} className="notice-anchor">
          {notice?.tone === 'ok' ? <StatusMessage>{notice.text}</StatusMessage> : null}
          {notice?.tone === 'error' ? <div className="form-alert form-alert-error" role="alert"><p>{notice.text}</p></div> : null}
        </div>
        {editing ? (
          <AddressForm
            key={editing.kind === 'edit' ? editing.address.id : 'new'}
            customer={customer}
            editing={editing}
            countries={countries}
            onCancel={() => {
              setEditing(null);
              requestAnimationFrame(() => addRef.current?.focus());
            }}
            onSaved={(c) => saved(c, t('account.addresses.saved'))}
          />
        ) : (
          <p>
            <button type="button" ref={addRef} className="button button-primary" onClick={() => { setNotice(null); setEditing({ kind: 'new' }); }}>
              {t('account.addresses.add')}
            </button>
          </p>
        )}
        {customer.addresses.length === 0 ? (
          <p className="account-empty">{t('account.addresses.empty')}</p>
        ) : (
          <ul className="address-list" aria-label={t('account.addresses.listLabel')}>
            {customer.addresses.map((a) => (
              <AddressCard
                key={a.id}
                address={a}
                onEdit={() => { setNotice(null); setEditing({ kind: 'edit', address: a }); }}
                onChanged={(c, text) => saved(c, text)}
                onError={(text) => setNotice({ tone: 'error', text })}
              />
            ))}
          </ul>
        )}
      </AccountShell>
    </>
  );
}

function AddressCard({ address, onEdit, onChanged, onError }: {
  address: ShopAddress;
  onEdit: () => void;
  onChanged: (c: ShopCustomer, text: string) => void;
  onError: (text: string) => void;
}) {
  const { t } = useShop();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = fullName(address);
  const run = async (call: () => Promise<{ data: { customer: ShopCustomer } | null; error: { message: string } | null }>, text: string) => {
    if (busy) return;
    setBusy(true);
    const r = await call();
    setBusy(false);
    setConfirming(false);
    if (r.error || !r.data) onError(r.error?.message ?? t('error.server'));
    else onChanged(r.data.customer, text);
  };
  const makeDefault = (kind: 'shipping' | 'billing') =>
    run(() => setDefaultAddress(address.id, { [kind]: true }), t('account.addresses.defaultSet'));
  const remove = () => run(() => deleteAddress(address.id), t('account.addresses.deleted'));

  return (
    <li className="address-card">
      <article aria-label={t('account.addresses.actionsFor', { name })}>
        {address.defaultShipping || address.defaultBilling ? (
          <p className="address-badges">
            {address.defaultShipping ? <span className="status-tag status-tag-gold">{t('account.addresses.defaultShipping')}</span> : null}
            {address.defaultBilling ? <span className="status-tag status-tag-gold">{t('account.addresses.defaultBilling')}</span> : null}
          </p>
        ) : null}
        <address className="address-lines">
          {addressLines(address, t).map((l, i) => <span key={i}>{l}</span>)}
          {address.phone ? <span>{address.phone}</span> : null}
        </address>
        {confirming ? (
          <div className="address-confirm" role="group" aria-label={t('account.addresses.deleteConfirm')}>
            <p>{t('account.addresses.deleteConfirm')}</p>
            <button type="button" className="button button-danger" onClick={() => void remove()} aria-disabled={busy || undefined}>
              {t('account.addresses.deleteYes')}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>{t('form.cancel')}</button>
          </div>
        ) : (
          <div className="address-actions">
            <button type="button" className="link-button" onClick={onEdit}>{t('form.edit')}<span className="visually-hidden">: {name}</span></button>
            <button type="button" className="link-button" onClick={() => setConfirming(true)}>{t('form.delete')}<span className="visually-hidden">: {name}</span></button>
            {!address.defaultShipping ? (
              <button type="button" className="link-button" onClick={() => void makeDefault('shipping')}>{t('account.addresses.makeShipping')}</button>
            ) : null}
            {!address.defaultBilling ? (
              <button type="button" className="link-button" onClick={() => void makeDefault('billing')}>{t('account.addresses.makeBilling')}</button>
            ) : null}
          </div>
        )}
      </article>
    </li>
  );
}

function AddressForm({ customer, editing, countries, onCancel, onSaved }: {
  customer: ShopCustomer;
  editing: NonNullable<Editing>;
  countries: string[];
  onCancel: () => void;
  onSaved: (c: ShopCustomer) => void;
}) {
  const { t, store } = useShop();
  const formId = 'address';
  const current = editing.kind === 'edit' ? editing.address : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const form = useForm<AddressValues>(valuesOf(current, countries[0], customer), (v) => {
    const r = new FieldRules(t, stores[store].country).required('firstName', v.firstName).required('lastName', v.lastName).required('streetName', v.streetName)
      .required('streetNumber', v.streetNumber).zip('zipCode', v.country, v.zipCode, v.country === 'US' ? v.state : '').required('city', v.city).required('country', v.country)
      .phone('phone', v.phone);
    if (v.country === 'US') r.required('state', v.state);
    return r.errors;
  });
  const v = form.values;
  const labels: Record<string, string> = {
    title: t('account.field.title'), firstName: t('account.field.firstName'), lastName: t('account.field.lastName'),
    company: t('account.address.company'), streetName: t('account.address.streetName'), streetNumber: t('account.address.streetNumber'),
    apartment: t('account.address.apartment'), zipCode: t('account.address.zipCode'), city: t('account.address.city'),
    state: t('account.address.state'), country: t('account.address.country'), phone: t('account.address.phone'),
    defaultShipping: t('account.address.defaultShipping'), defaultBilling: t('account.address.defaultBilling'),
  };
  const submit = form.onSubmit(async (values) => {
    const body = {
      title: values.title.trim() || null,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      company: values.company.trim() || null,
      streetName: values.streetName.trim(),
      streetNumber: values.streetNumber.trim(),
      apartment: values.apartment.trim() || null,
      zipCode: values.zipCode.trim(),
      city: values.city.trim(),
      state: values.country === 'US' ? values.state || null : null,
      country: values.country,
      phone: values.phone.trim() || null,
      // only a new default is sent: an address loses its default by another taking it
      ...(values.defaultShipping ? { defaultShipping: true } : {}),
      ...(values.defaultBilling ? { defaultBilling: true } : {}),
    };
    const r = current
      ? await updateAddress(current.id, body)
      : await addAddress(body);
    if (r.error) return r;
    onSaved(r.data.customer);
  });
  const zipHint = t(`account.address.zipHint.${v.country}`);
  return (
    <section className="account-panel address-form" aria-labelledby="address-form-title">
      <h2 id="address-form-title" ref={headingRef} tabIndex={-1}>{current ? t('account.addresses.editTitle') : t('account.addresses.newTitle')}</h2>
      <ErrorSummary formId={formId} summary={form.summary} errors={form.errors} labels={labels} attempt={form.attempt} />
      <form method="post" className="form" noValidate onSubmit={submit}>
        <div className="field-row">
          <TextField formId={formId} {...form.field('firstName')} label={labels.firstName} autoComplete="shipping given-name" maxLength={100} required />
          <TextField formId={formId} {...form.field('lastName')} label={labels.lastName} autoComplete="shipping family-name" maxLength={100} required />
        </div>
        <div className="field-row">
          <TextField formId={formId} {...form.field('company')} label={labels.company} autoComplete="shipping organization" maxLength={100} optional />
          <TextField formId={formId} {...form.field('title')} label={labels.title} maxLength={40} optional size="short" />
        </div>
        <div className="field-row field-row-street">
          <TextField formId={formId} {...form.field('streetName')} label={labels.streetName} autoComplete="shipping address-line1" maxLength={100} required />
          <TextField formId={formId} {...form.field('streetNumber')} label={labels.streetNumber} maxLength={20} required size="short" />
        </div>
        <TextField formId={formId} {...form.field('apartment')} label={labels.apartment} autoComplete="shipping address-line2" maxLength={40} optional size="medium" />
        <div className="field-row field-row-zip">
          <TextField formId={formId} {...form.field('zipCode')} label={labels.zipCode} autoComplete="shipping postal-code" inputMode={v.country === 'US' ? 'text' : 'numeric'} maxLength={12} required size="short"
            hint={zipHint.startsWith('account.') ? undefined : zipHint} />
          <TextField formId={formId} {...form.field('city')} label={labels.city} autoComplete="shipping address-level2" maxLength={100} required />
        </div>
        <div className="field-row">
          <SelectField formId={formId} {...form.field('country')} label={labels.country} autoComplete="shipping country" required
            options={countries.map((c) => ({ value: c, label: t(`account.country.${c}`) }))} />
          {v.country === 'US' ? (
            <SelectField formId={formId} {...form.field('state')} label={labels.state} autoComplete="shipping address-level1" required placeholder={t('form.pleaseChoose')}
              options={usStates.map(([code, name]) => ({ value: code, label: name }))} />
          ) : null}
        </div>
        <TextField formId={formId} {...form.field('phone')} type="tel" label={labels.phone} autoComplete="shipping tel" inputMode="tel" maxLength={30} optional size="medium" hint={phoneHint(t, stores[store].country)} />
        {!current?.defaultShipping ? (
          <CheckboxField formId={formId} {...form.check('defaultShipping')} label={labels.defaultShipping} />
        ) : null}
        {!current?.defaultBilling ? (
          <CheckboxField formId={formId} {...form.check('defaultBilling')} label={labels.defaultBilling} />
        ) : null}
        <div className="form-actions">
          <SubmitButton busy={form.submitting} label={current ? t('form.save') : t('account.addresses.saveNew')} busyLabel={t('form.saving')} />
          <button type="button" className="button button-quiet" onClick={onCancel}>{t('form.cancel')}</button>
        </div>
      </form>
    </section>
  );
}
