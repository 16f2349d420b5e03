// One limit order (spec 3, 4): its facts and status; executed shows the order it became (linked), failed
// says why, and the spec's notice shows while its product is no longer published. An active or inactive
// one can be changed (target price, quantity, expiry; a new future expiry makes an expired one active
// again) and deleted after a confirmation.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLoaderData } from 'react-router';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import { pathFor } from '../../../src/screens.ts';
import { deleteLimitOrder, updateLimitOrder } from '../../state/shop-api.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { StatusMessage } from '../../components/forms/Fields.tsx';
import { LimitOrderForm } from '../../components/account-area/LimitOrderForm.tsx';
import { amountInput, expiryInputs } from '../../components/account-area/limit-order-input.ts';
import { storeTimeZones } from '../../../src/stores.ts';
import { dateTime, expiryInDays, limitOrderExpiry, LimitOrderStatusTag } from '../../components/account-area/labels.tsx';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import type { AccountLimitOrderData } from './loader.ts';

export default function AccountLimitOrderPage() {
  const loaded = (useLoaderData() as AccountLimitOrderData).limitOrder;
  const [lo, setLo] = useState<LimitOrder>(loaded);
  useEffect(() => setLo(loaded), [loaded]);
  const [saved, setSaved] = useState(false);
  const shop = useShop();
  const { t, lang } = shop;
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  const days = expiryInDays(t, lo);
  const editable = lo.status === 'active' || lo.status === 'inactive';
  const decimalMark = shop.money(150, 'EUR').includes(',') ? ',' : '.';
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('limitOrders.detailTitle', { number: lo.number })}>
        {lo.notice ? <div className="form-alert form-alert-info" role="note"><p>{t(`form.error.${lo.notice.code}`)}</p></div> : null}
        <dl className="account-facts" data-testid="limit-order-facts">
          <div><dt>{t('limitOrders.statusLabel')}</dt><dd><LimitOrderStatusTag status={lo.status} t={t} /></dd></div>
          <div><dt>{t('limitOrders.item')}</dt><dd>{lo.published && lo.slug ? <Link to={pathFor('product', lang, { slug: lo.slug })}>{lo.name}</Link> : lo.name}</dd></div>
          <div><dt>{t('limitOrders.type')}</dt><dd>{t('orders.typeBuy')}</dd></div>
          <div><dt>{t('limitOrders.quantity')}</dt><dd>{lo.quantity}</dd></div>
          <div><dt>{t('limitOrders.target')}</dt><dd>{shop.money(lo.targetCentAmount, lo.currency)}</dd></div>
          <div><dt>{t('limitOrders.current')}</dt><dd>{lo.currentCentAmount === null ? t('prices.unavailable') : shop.money(lo.currentCentAmount, lo.currency)}</dd></div>
          <div><dt>{t('limitOrders.expires')}</dt><dd data-testid="limit-order-expires">{limitOrderExpiry(shop, lo.expiresAt)}{days ? ` (${days})` : ''}</dd></div>
          <div><dt>{t('limitOrders.created')}</dt><dd>{dateTime(shop, lo.createdAt)}</dd></div>
          {lo.status === 'executed' && lo.orderNumber ? (
            <div>
              <dt>{t('limitOrders.order')}</dt>
              <dd data-testid="executed-order">
                {lo.orderId ? <Link to={pathFor('accountOrder', lang, { slug: lo.orderId })}>{lo.orderNumber}</Link> : lo.orderNumber}
                {lo.executedCentAmount !== null ? ` · ${t('limitOrders.executedAt', { price: shop.money(lo.executedCentAmount, lo.currency), date: lo.executedAt ? dateTime(shop, lo.executedAt) : '' })}` : null}
              </dd>
            </div>
          ) : null}
          {lo.status === 'failed' && lo.failureReason ? (
            <div><dt>{t('limitOrders.failureReason')}</dt><dd data-testid="failure-reason">{t(`form.error.${lo.failureReason.code}`) === `form.error.${lo.failureReason.code}` ? lo.failureReason.message : t(`form.error.${lo.failureReason.code}`)}</dd></div>
          ) : null}
        </dl>
        {saved ? <div ref={savedRef} tabIndex={-1}><StatusMessage>{t('limitOrders.saved')}</StatusMessage></div> : null}
        {editable ? (
          <>
            <section className="account-panel" aria-labelledby="lo-change">
              <h2 id="lo-change">{t('limitOrders.changeTitle')}</h2>
              <LimitOrderForm
                key={lo.updatedAt}
                formId="lo-change"
                currency={lo.currency}
                initial={{ target: amountInput(lo.targetCentAmount, decimalMark), quantity: String(lo.quantity), ...expiryInputs(new Date(lo.expiresAt), storeTimeZones[shop.store]) }}
                submitLabel={t('limitOrders.saveChange')}
                currentUnitPrice={() => lo.currentCentAmount}
                onSubmit={async (input) => {
                  setSaved(false);
                  const r = await updateLimitOrder(lo.id, input);
                  if (!r.error) {
                    setLo(r.data.limitOrder);
                    setSaved(true);
                  }
                  return r;
                }}
              />
            </section>
            <DeleteLimitOrder lo={lo} />
          </>
        ) : null}
        <p><Link to={pathFor('accountLimitOrders', lang)}>{t('limitOrders.back')}</Link></p>
      </AccountShell>
    </>
  );
}

function DeleteLimitOrder({ lo }: { lo: LimitOrder }) {
  const { t, lang } = useShop();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const remove = async () => {
    if (busy) return;
    setBusy(true);
    const r = await deleteLimitOrder(lo.id);
    setBusy(false);
    if (r.error) return setError(r.error.message);
    void navigate(pathFor('accountLimitOrders', lang));
  };
  return (
    <section className="account-panel account-panel-danger" aria-labelledby="lo-delete">
      <h2 id="lo-delete">{t('limitOrders.deleteTitle')}</h2>
      {error ? <div className="form-summary" role="alert"><p className="form-summary-title">{error}</p></div> : null}
      {!confirming ? (
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>{t('limitOrders.delete')}</button>
      ) : (
        <div className="limit-order-confirm" role="group" aria-labelledby="lo-confirm-text">
          <p id="lo-confirm-text" tabIndex={-1} ref={confirmRef}>{t('limitOrders.deleteConfirm', { number: lo.number })}</p>
          <div className="form-actions">
            <button type="button" className="button button-danger" aria-disabled={busy || undefined} onClick={() => void remove()}>{t('limitOrders.deleteYes')}</button>
            <button type="button" className="button button-quiet" onClick={() => setConfirming(false)}>{t('form.cancel')}</button>
          </div>
        </div>
      )}
    </section>
  );
}
