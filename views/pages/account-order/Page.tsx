// One order (spec 3 Order): number, state, payment state and method, dates, addresses, lines, shipping,
// tax and total, in the customer's language (names come from the service in it) and the order's currency. A
// sale from the deposit also lists the lots it took, with their purchase date, cost and the gain. Issue 15:
// what happened to the order so far (the timeline), and while a bank transfer is awaited, by when and where
// to pay.
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useLoaderData } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { moneyOf } from '../../components/cart/format.ts';
import { dateTime, OrderStateTag, orderTypeLabel, paymentMethodLabel, PaymentStateTag } from '../../components/account-area/labels.tsx';
import { OrderTimeline } from '../../components/account-area/OrderTimeline.tsx';
import { OrderDocuments } from '../../components/account-area/OrderDocuments.tsx';
import { PayByNotice } from '../../components/account-area/PayByNotice.tsx';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { addressLines } from '../../models/account-format.ts';
import { gainClass, signedMoney } from '../../components/account-area/gain.ts';
import type { AccountOrderData } from './loader.ts';
import { placeLine } from '../../../src/contracts/address-format.ts';
import { PaymentFailedNotice } from '../../components/account-area/PaymentFailedNotice.tsx';
import { CounterOfferPanel } from '../../components/account-area/CounterOfferPanel.tsx';
import { useState } from 'react';

export default function AccountOrderPage() {
  const loaded = (useLoaderData() as AccountOrderData).order;
  // issue 23: the answer to a counter-offer comes back as the order; the page shows it without a reload
  const [answered, setAnswered] = useState<typeof loaded | null>(null);
  const order = answered?.id === loaded.id ? answered : loaded;
  const shop = useShop();
  const { t, lang } = shop;
  const goods = order.lineItems.reduce((sum, l) => sum + l.totalPrice.centAmount, 0);
  const deposit = order.type === 'buy' && order.shippingInfo.key === 'deposit';
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('orders.detailTitle', { number: order.orderNumber })}>
        <dl className="account-facts" data-testid="order-facts">
          <div><dt>{t('orders.type')}</dt><dd>{orderTypeLabel(t, order)}</dd></div>
          <div><dt>{t('orders.date')}</dt><dd>{dateTime(shop, order.createdAt)}</dd></div>
          <div><dt>{t('orders.stateLabel')}</dt><dd data-testid="order-state"><OrderStateTag t={t} order={order} /></dd></div>
          <div><dt>{t('orders.paymentStateLabel')}</dt><dd data-testid="order-payment-state"><PaymentStateTag t={t} order={order} /></dd></div>
          <div><dt>{t('orders.paymentMethod')}</dt><dd>{paymentMethodLabel(t, order)}</dd></div>
          <div><dt>{t('orders.paymentDate')}</dt><dd>{order.paymentDate ? shop.date(order.paymentDate) : t('orders.notYet')}</dd></div>
          <div><dt>{t('orders.shippingMethod')}</dt><dd>{order.shippingInfo.name}</dd></div>
        </dl>
        <PaymentFailedNotice t={t} order={order} />
        <PayByNotice order={order} />
        <CounterOfferPanel order={order} onAnswered={setAnswered} />
        <OrderTimeline order={order} />
        <OrderDocuments order={order} />
        <div className="account-summary">
          <section className="account-panel" aria-labelledby="order-billing">
            <h2 id="order-billing">{t('orders.billingAddress')}</h2>
            <p className="account-lines">{addressLines(order.billingAddress, t).map((l, i) => <span key={i}>{l}</span>)}</p>
          </section>
          <section className="account-panel" aria-labelledby="order-shipping">
            {/* issue 28: a shipping address only where goods go to the customer */}
            <h2 id="order-shipping">{order.pickupStore ? t('orders.pickupStore') : deposit ? t('orders.storage') : t('orders.shippingAddress')}</h2>
            <p className="account-lines" data-testid="order-where">
              {order.pickupStore
                ? [order.pickupStore.name, order.pickupStore.streetAddress, placeLine({ zipCode: order.pickupStore.postalCode, city: order.pickupStore.city, country: order.pickupStore.country })].map((l, i) => <span key={i}>{l}</span>)
                : deposit ? <span>{t('orders.storageText')}</span>
                  : addressLines(order.shippingAddress, t).map((l, i) => <span key={i}>{l}</span>)}
            </p>
          </section>
        </div>
        <ScrollRegion label={t('orders.lines')}>
          <table className="data-table account-table">
            <caption>{t('orders.lines')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.item')}</th>
                <th scope="col" className="num">{t('orders.quantity')}</th>
                <th scope="col" className="num">{t('orders.unitPrice')}</th>
                <th scope="col" className="num">{t('orders.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {order.lineItems.map((l) => (
                <tr key={l.id}>
                  <th scope="row">{l.name}</th>
                  <td className="num">{l.quantity}</td>
                  <td className="num">{shop.money(l.price.centAmount, order.currency)}</td>
                  <td className="num">{moneyOf(shop, l.totalPrice)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr><th scope="row" colSpan={3}>{t('orders.goods')}</th><td className="num">{shop.money(goods, order.currency)}</td></tr>
              <tr><th scope="row" colSpan={3}>{t('orders.shipping', { method: order.shippingInfo.name })}</th><td className="num">{moneyOf(shop, order.shippingInfo.totalGrossPrice)}</td></tr>
              {order.discount ? <tr><th scope="row" colSpan={3}>{t('orders.discount', { code: order.discount.code })}</th><td className="num">− {moneyOf(shop, order.discount.amount)}</td></tr> : null}
              {/* issue 28: the US store has no VAT: sales tax only where some applies; elsewhere no "Included VAT 0,00 €" where none applies (investment gold): say so */}
              {shop.store === 'us'
                ? order.totalTaxPrice.centAmount > 0 ? <tr><th scope="row" colSpan={3}>{t('orders.salesTax')}</th><td className="num">{moneyOf(shop, order.totalTaxPrice)}</td></tr> : null
                : order.totalTaxPrice.centAmount > 0
                  ? <tr><th scope="row" colSpan={3}>{t('orders.tax')}</th><td className="num">{moneyOf(shop, order.totalTaxPrice)}</td></tr>
                  : <tr><td colSpan={4} className="order-no-tax" data-testid="order-no-tax">{t('orders.noTax')}</td></tr>}
              {order.type === 'sell' ? <SaleTotals order={order} /> : (
                <tr className="order-total"><th scope="row" colSpan={3}>{t('orders.total')}</th><td className="num" data-testid="order-total">{moneyOf(shop, order.totalGrossPrice)}</td></tr>
              )}
            </tfoot>
          </table>
        </ScrollRegion>
        {order.depositParts?.length ? (
          <ScrollRegion label={t('orders.depositParts')}>
            <table className="data-table account-table" data-testid="order-deposit-parts">
              <caption>{t('orders.depositParts')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('deposit.lotDate')}</th>
                  <th scope="col">{t('deposit.product')}</th>
                  <th scope="col" className="num">{t('deposit.takes')}</th>
                  <th scope="col" className="num">{t('deposit.cost')}</th>
                  <th scope="col" className="num">{t('deposit.proceeds')}</th>
                  <th scope="col" className="num">{t('deposit.gain')}</th>
                </tr>
              </thead>
              <tbody>
                {order.depositParts.map((p) => (
                  <tr key={`${p.lotOrderNumber}-${p.sku}`}>
                    <th scope="row">{shop.date(p.acquiredAt)}<span className="account-muted"> · {p.lotOrderNumber}</span></th>
                    <td>{order.lineItems.find((l) => l.sku === p.sku)?.name ?? p.sku}</td>
                    <td className="num">{p.quantity}</td>
                    <td className="num">{moneyOf(shop, p.cost)}</td>
                    <td className="num">{moneyOf(shop, p.proceeds)}</td>
                    <td className={gainClass(p.gain)}>{signedMoney(shop, p.gain)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
        <p><Link to={pathFor('accountOrders', lang)}>{t('orders.back')}</Link></p>
      </AccountShell>
    </>
  );
}

/**
 * Issue 23: a sale's total is an estimate until the assay: it says so, and after the assay the accepted
 * amount (what is paid out) stands below it, the estimate kept beside it for comparison.
 */
function SaleTotals({ order }: { order: AccountOrderData['order'] }) {
  const shop = useShop();
  const { t } = shop;
  const assayed = !!order.assay;
  return (
    <>
      <tr className={assayed ? undefined : 'order-total'}>
        <th scope="row" colSpan={3}>{t('orders.estimatedPayout')}</th>
        <td className="num" data-testid={assayed ? 'order-estimate' : 'order-total'}>{moneyOf(shop, order.totalGrossPrice)}</td>
      </tr>
      {assayed ? (
        <tr className="order-total">
          <th scope="row" colSpan={3}>{t(order.paymentState === 'Paid' ? 'orders.paidOutAmount' : 'orders.acceptedAmount')}</th>
          <td className="num" data-testid="order-total">{moneyOf(shop, order.amount)}</td>
        </tr>
      ) : null}
    </>
  );
}
