// Issue 17: a limit order becomes an order to the default shipping and billing address (the service refuses
// one without them: no_default_address, country_not_allowed). The form shows that address before anything is
// given; without one it lets the customer make one of their addresses the default here, or add one on the
// addresses page, which comes back to this form (the form keeps its values in the tab meanwhile).
// The customer is read fresh from /api/me after hydration: an address added on the way counts at once.
import { useEffect, useState } from 'react';
import { getMe, setDefaultAddress } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import type { ShopCustomer } from '../../../src/contracts/shop-api.ts';
import { pathFor } from '../../../src/screens.ts';
import { stores } from '../../../src/stores.ts';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { addressLines } from '../../models/account-format.ts';

/** checking: not known yet (the service decides); ready: a default address it can deliver to; missing: none */
export type AddressState = 'checking' | 'ready' | 'missing';

export const ADDRESS_SECTION_ID = 'limit-order-address';

/** The addresses page that comes back to this form when a default address is set. */
export function addressesPathFor(lang: 'de' | 'en', returnTo: string): string {
  return `${pathFor('accountAddresses', lang)}?return=${encodeURIComponent(returnTo)}`;
}

export function AddressCheck({ returnTo, onState }: { returnTo: string; onState: (s: AddressState) => void }) {
  const browser = useBrowser();
  const { t, lang, store, uses } = useShop();
  // rendered after hydration only: the server knows nothing of the customer's addresses here
  uses(['account.country.CH', 'form.error.no_default_address']);
  const [customer, setLoaded] = useState<ShopCustomer | null | undefined>(undefined);
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void getMe().then((r) => {
      if (live) setLoaded(r.error ? null : r.data.customer);
    });
    return () => {
      live = false;
    };
  }, []);

  const countries = stores[store].shippingCountries as string[];
  const shipping = customer?.addresses.find((a) => a.defaultShipping);
  const billing = customer?.addresses.find((a) => a.defaultBilling);
  const ready = !!shipping && !!billing && countries.includes(shipping.country);
  // a failed read is not "missing": the service checks again when the form is sent
  const state: AddressState = !customer ? 'checking' : ready ? 'ready' : 'missing';
  useEffect(() => onState(state), [state, onState]);

  const deliverable = (customer?.addresses ?? []).filter((a) => countries.includes(a.country));
  const picked = deliverable.find((a) => a.id === choice) ?? deliverable[0];
  const addPath = addressesPathFor(lang, returnTo);

  const makeDefault = async () => {
    if (!picked || busy) return;
    setBusy(true);
    setFailure(null);
    const r = await setDefaultAddress(picked.id, { shipping: true, billing: true });
    setBusy(false);
    if (r.error) return setFailure(r.error.message);
    setLoaded(r.data.customer);
    browser.customer.set(r.data.customer);
  };

  return (
    <section className="limit-order-address account-panel" id={ADDRESS_SECTION_ID} tabIndex={-1} aria-labelledby="lo-address" data-testid="limit-order-address">
      <h2 id="lo-address">{t('limitOrders.address.title')}</h2>
      {customer === undefined ? <p className="account-muted">{t('limitOrders.address.checking')}</p> : null}
      {ready && shipping && billing ? (
        <>
          <p>{t('limitOrders.address.intro')}</p>
          <address className="limit-order-address-lines" data-testid="limit-order-default-address">
            {addressLines(shipping, t).map((l, i) => <span key={i}>{l}</span>)}
          </address>
          {billing.id !== shipping.id ? (
            <p className="account-muted">{t('limitOrders.address.billing', { address: addressLines(billing, t).join(', ') })}</p>
          ) : null}
          <p><Link to={addPath}>{t('limitOrders.address.change')}</Link></p>
        </>
      ) : null}
      {state === 'missing' ? (
        <>
          <p className="limit-order-address-missing" data-testid="limit-order-address-missing">
            {shipping && !countries.includes(shipping.country)
              ? t('limitOrders.address.countryNotAllowed', { countries: countries.map((c) => t(`account.country.${c}`)).join(', ') })
              : t('limitOrders.address.missing')}
          </p>
          {deliverable.length > 0 ? (
            <fieldset className="limit-order-address-pick">
              <legend>{t('limitOrders.address.pick')}</legend>
              {deliverable.map((a) => (
                <label key={a.id} className="choice">
                  <input type="radio" name="limit-order-address" value={a.id} checked={picked?.id === a.id} onChange={() => setChoice(a.id)} />
                  <span>{addressLines(a, t).join(', ')}</span>
                </label>
              ))}
              <button type="button" className="button button-secondary" onClick={() => void makeDefault()} aria-busy={busy || undefined}>
                {t('limitOrders.address.useAsDefault')}
              </button>
            </fieldset>
          ) : null}
          {failure ? <p className="field-error" role="alert">{failure}</p> : null}
          <p><Link to={addPath} className={deliverable.length > 0 ? undefined : 'button button-secondary'}>{t('limitOrders.address.add')}</Link></p>
        </>
      ) : null}
    </section>
  );
}
