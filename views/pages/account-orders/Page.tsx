// The orders list (spec 2, 3): the customer's purchase and sell orders, newest first, ten a page; the
// filter (all, purchases, sales) and the page live in the URL (?type=, ?page=), so they work as links.
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useLoaderData } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { calendarDate, OrderAmount, OrderStateTag, orderTypeLabel, PaymentStateTag, transferDueBy } from '../../components/account-area/labels.tsx';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import type { AccountOrdersData, OrderFilter } from './loader.ts';

const filters: OrderFilter[] = ['all', 'buy', 'sell'];

export default function AccountOrdersPage() {
  const { orders, page, pages, type } = useLoaderData() as AccountOrdersData;
  const shop = useShop();
  const { t, lang } = shop;
  const base = pathFor('accountOrders', lang);
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountOrders')}>
        <nav className="order-filter" aria-label={t('orders.filterLabel')}>
          <ul>
            {filters.map((f) => (
              <li key={f}>
                <Link to={f === 'all' ? base : `${base}?type=${f}`} aria-current={f === type ? 'page' : undefined}>{t(`orders.filter.${f}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {orders.results.length === 0 ? (
          <div className="account-empty">
            <p>{t('orders.empty')}</p>
            <p><Link to={pathFor('shop', lang)}>{t('orders.toShop')}</Link></p>
          </div>
        ) : (
          <ScrollRegion label={t('route.accountOrders')}>
            <table className="data-table account-table stack-on-phone" data-testid="orders-table">
              <caption className="visually-hidden">{t('orders.caption', { count: orders.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('orders.number')}</th>
                  <th scope="col">{t('orders.date')}</th>
                  <th scope="col">{t('orders.type')}</th>
                  <th scope="col">{t('orders.stateLabel')}</th>
                  <th scope="col">{t('orders.paymentStateLabel')}</th>
                  <th scope="col" className="num">{t('orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.results.map((o) => {
                  const dueBy = transferDueBy(o);
                  return (
                    <tr key={o.id}>
                      <th scope="row"><Link to={pathFor('accountOrder', lang, { slug: o.id })}>{o.orderNumber}</Link></th>
                      <td data-label={t('orders.date')}>{shop.date(o.createdAt)}</td>
                      <td data-label={t('orders.type')}>{orderTypeLabel(t, o)}</td>
                      <td data-label={t('orders.stateLabel')}><OrderStateTag t={t} order={o} /></td>
                      <td data-label={t('orders.paymentStateLabel')}>
                        <PaymentStateTag t={t} order={o} />
                        {dueBy ? <span className="account-muted order-due"> {t('orders.payByShort', { date: calendarDate(shop, dueBy) })}</span> : null}
                      </td>
                      <td className="num" data-label={t('orders.total')}><OrderAmount order={o} /></td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <Pagination base={base} query={{ type: type === 'all' ? undefined : type }} page={page} pages={pages} />
      </AccountShell>
    </>
  );
}
