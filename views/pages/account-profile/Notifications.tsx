// My data: the customer's availability notifications (spec 4: enable and disable per product; remove) and
// the newsletter subscription (spec 7, double opt-in; the account's own address is confirmed at once).
// Both load in the browser after hydration (the profile's loader stays the account's); a failed call says
// so in the section, the rest of the page works on.
import { useEffect, useState } from 'react';
import type { AvailabilityAlert } from '../../../src/contracts/availability-alert.ts';
import type { NewsletterMeResponse } from '../../../src/contracts/newsletter.ts';
import { pathFor } from '../../../src/screens.ts';
import { deleteAlert, getAlerts, getMyNewsletter, setAlertEnabled, subscribeNewsletter, unsubscribeMyNewsletter } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { ScrollRegion } from '../../components/ScrollRegion.tsx';

export function AlertsPanel() {
  const { t, lang, date } = useShop();
  const [alerts, setAlerts] = useState<AvailabilityAlert[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void getAlerts().then((r) => {
      if (!live) return;
      if (r.error) setError(r.error.message);
      else setAlerts(r.data.results);
    });
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (a: AvailabilityAlert) => {
    if (busy) return;
    setBusy(a.id);
    const r = await setAlertEnabled(a.id, !a.enabled);
    setBusy(null);
    if (r.error) return setMessage(r.error.message);
    setAlerts((list) => (list ?? []).map((x) => (x.id === a.id ? r.data : x)));
    setMessage(t(r.data.enabled ? 'forms.alerts.enabledMessage' : 'forms.alerts.disabledMessage', { name: a.name }));
  };
  const remove = async (a: AvailabilityAlert) => {
    if (busy) return;
    setBusy(a.id);
    const r = await deleteAlert(a.id);
    setBusy(null);
    if (r.error) return setMessage(r.error.message);
    setAlerts((list) => (list ?? []).filter((x) => x.id !== a.id));
    setMessage(t('forms.alerts.removedMessage', { name: a.name }));
  };

  return (
    <section className="account-panel" id="alerts" aria-labelledby="alerts-title" tabIndex={-1}>
      <h2 id="alerts-title">{t('forms.alerts.title')}</h2>
      <p>{t('forms.alerts.text')}</p>
      <p className="visually-hidden" role="status">{message}</p>
      {error ? <p className="notice notice-error" role="alert">{error}</p> : null}
      {alerts === null && !error ? <p className="muted">{t('forms.alerts.loading')}</p> : null}
      {alerts !== null && alerts.length === 0 ? <p className="muted">{t('forms.alerts.none')}</p> : null}
      {alerts !== null && alerts.length > 0 ? (
        <ScrollRegion label={t('forms.alerts.title')}>
          <table className="data-table alerts-table">
            <caption className="visually-hidden">{t('forms.alerts.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('forms.alerts.product')}</th>
                <th scope="col">{t('forms.alerts.status')}</th>
                <th scope="col"><span className="visually-hidden">{t('forms.alerts.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id}>
                  <th scope="row">
                    {a.slug && a.published ? <Link to={pathFor('product', lang, { slug: a.slug })}>{a.name}</Link> : a.name}
                    {!a.published ? <span className="muted"> ({t('forms.alerts.unpublished')})</span> : null}
                  </th>
                  <td>
                    <span className={a.enabled ? 'status-tag status-tag-ok' : 'status-tag'}>{t(a.enabled ? 'forms.alerts.enabled' : 'forms.alerts.disabled')}</span>
                    {a.notifiedAt ? <span className="alerts-notified"> {t('forms.alerts.notified', { date: date(a.notifiedAt) })}</span> : null}
                  </td>
                  <td className="alerts-actions">
                    <button type="button" className="button button-quiet" aria-disabled={busy === a.id || undefined} onClick={() => void toggle(a)}>
                      {t(a.enabled ? 'forms.alerts.disable' : 'forms.alerts.enable')}<span className="visually-hidden">: {a.name}</span>
                    </button>{' '}
                    <button type="button" className="button button-quiet" aria-disabled={busy === a.id || undefined} onClick={() => void remove(a)}>
                      {t('forms.alerts.remove')}<span className="visually-hidden">: {a.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </section>
  );
}

export function NewsletterPanel({ email }: { email: string }) {
  const { track } = useBrowser();
  const { t, date } = useShop();
  const [state, setState] = useState<NewsletterMeResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void getMyNewsletter().then((r) => {
      if (!live) return;
      if (r.error) setError(r.error.message);
      else setState(r.data);
    });
    return () => {
      live = false;
    };
  }, []);

  const subscribe = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await subscribeNewsletter(state?.email ?? email);
    setBusy(false);
    if (r.error) return setError(r.error.message);
    track({ event: 'newsletter-register', source: 'profile' });
    setState({ email: state?.email ?? email, status: r.data.status, confirmedAt: r.data.status === 'confirmed' ? new Date().toISOString() : null });
    setMessage(t(r.data.status === 'confirmed' ? 'forms.newsletter.subscribed' : 'forms.newsletter.pending', { email: state?.email ?? email }));
  };
  const unsubscribe = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await unsubscribeMyNewsletter();
    setBusy(false);
    if (r.error) return setError(r.error.message);
    setState({ email: state?.email ?? email, status: 'none', confirmedAt: null });
    setMessage(t('forms.newsletter.unsubscribed'));
  };

  const status = state?.status;
  return (
    <section className="account-panel" id="newsletter" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title">{t('forms.newsletter.accountTitle')}</h2>
      {error ? <p className="notice notice-error" role="alert">{error}</p> : null}
      <p role="status" className={message ? 'form-status form-status-ok' : 'visually-hidden'}>{message}</p>
      {state === null && !error ? <p className="muted">{t('forms.alerts.loading')}</p> : null}
      {status ? (
        <>
          <p className="account-lines">
            <span>{state?.email}</span>
            <span className={status === 'confirmed' ? 'status-tag status-tag-ok' : 'status-tag'}>{t(`forms.newsletter.state.${status}`)}</span>
          </p>
          {status === 'confirmed' && state?.confirmedAt ? <p className="muted">{t('forms.newsletter.since', { date: date(state.confirmedAt) })}</p> : null}
          {status === 'pending' ? <p>{t('forms.newsletter.pendingHint')}</p> : null}
          {status === 'none' ? <p>{t('forms.newsletter.accountText')}</p> : null}
          <p>
            {status === 'confirmed' ? (
              <button type="button" className="button button-quiet" aria-disabled={busy || undefined} onClick={() => void unsubscribe()}>{t('forms.newsletter.unsubscribe')}</button>
            ) : (
              <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => void subscribe()}>{t('forms.newsletter.submit')}</button>
            )}
          </p>
        </>
      ) : null}
    </section>
  );
}
