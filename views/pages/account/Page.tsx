// Account overview (spec 2): who is signed in, default addresses, and the way to every account page.
import { useLoaderData } from 'react-router';
import { Link } from '../../components/ShopLink.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { useShop } from '../../lib/context.tsx';
import { pathFor, type ScreenId } from '../../../src/screens.ts';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { addressLines, fullName } from '../../models/account-format.ts';
import type { AccountOverviewData } from './overview-loader.ts';
import { moneyOf } from '../../components/cart/format.ts';
import { OrderAmount, OrderStateTag, orderTypeLabel } from '../../components/account-area/labels.tsx';
import { LimitOrderRows } from '../../components/account-area/LimitOrderRows.tsx';

const sections: { id: ScreenId; title: string; text: string }[] = [
  { id: 'accountProfile', title: 'route.accountProfile', text: 'account.overview.profileText' },
  { id: 'accountAddresses', title: 'route.accountAddresses', text: 'account.overview.addressesText' },
  { id: 'accountOrders', title: 'route.accountOrders', text: 'account.overview.ordersText' },
  { id: 'accountLimitOrders', title: 'route.accountLimitOrders', text: 'account.overview.limitOrdersText' },
  { id: 'accountDeposit', title: 'route.accountDeposit', text: 'account.overview.depositText' },
];

export default function AccountPage() {
  const { customer, latestOrders, openLimitOrders } = useLoaderData() as AccountOverviewData;
  const shop = useShop();
  const { t, lang, date } = shop;
  const shipping = customer.addresses.find((a) => a.id === customer.defaultShippingAddressId);
  const billing = customer.addresses.find((a) => a.id === customer.defaultBillingAddressId);
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('account.overview.greeting', { name: fullName(customer) })}>
        <p className="lead">{t('account.overview.intro')}</p>
        {customer.phone && !customer.phoneVerified ? (
          <div className="form-alert form-alert-info">
            <p>
              {t('account.overview.phoneUnverified')}{' '}
              <Link to={`${pathFor('accountProfile', lang)}#phone`}>{t('account.overview.verifyNow')}</Link>
            </p>
          </div>
        ) : null}
        <div className="account-summary">
          <section className="account-panel" aria-labelledby="account-contact">
            <h2 id="account-contact">{t('account.overview.contact')}</h2>
            <p className="account-lines">
              <span>{fullName(customer)}</span>
              {customer.companyName ? <span>{customer.companyName}</span> : null}
              <span>{customer.email}</span>
              {customer.phone ? <span>{customer.phone}</span> : null}
            </p>
            <p className="account-muted">{t('account.overview.customerSince', { date: date(customer.createdAt) })}</p>
          </section>
          <section className="account-panel" aria-labelledby="account-defaults">
            <h2 id="account-defaults">{t('account.overview.defaults')}</h2>
            <dl className="account-defaults">
              <div>
                <dt>{t('account.overview.defaultShipping')}</dt>
                <dd>{shipping ? addressLines(shipping, t).join(', ') : t('account.overview.noAddress')}</dd>
              </div>
              <div>
                <dt>{t('account.overview.defaultBilling')}</dt>
                <dd>{billing ? addressLines(billing, t).join(', ') : t('account.overview.noAddress')}</dd>
              </div>
            </dl>
            {!shipping ? <p><Link to={pathFor('accountAddresses', lang)}>{t('account.overview.addAddress')}</Link></p> : null}
          </section>
        </div>
        <section className="account-latest" aria-labelledby="account-latest-orders">
          <h2 id="account-latest-orders">{t('account.overview.latestOrders')}</h2>
          {latestOrders === null ? <p className="account-muted">{t('account.overview.unavailable')}</p>
            : latestOrders.length === 0 ? <p className="account-muted">{t('orders.empty')}</p> : (
              <ul className="account-latest-list" data-testid="latest-orders">
                {latestOrders.map((o) => (
                  <li key={o.id}>
                    <Link to={pathFor('accountOrder', lang, { slug: o.id })}>{o.orderNumber}</Link>
                    <span>{date(o.createdAt)}</span>
                    <span>{orderTypeLabel(t, o)}</span>
                    <span><OrderStateTag t={t} order={o} /></span>
                    <span className="num"><OrderAmount order={o} /></span>
                  </li>
                ))}
              </ul>
            )}
          <p><Link to={pathFor('accountOrders', lang)}>{t('account.overview.allOrders')}</Link></p>
        </section>
        <section className="account-latest" aria-labelledby="account-open-limit-orders">
          <h2 id="account-open-limit-orders">{t('account.overview.openLimitOrders')}</h2>
          {openLimitOrders === null ? <p className="account-muted">{t('account.overview.unavailable')}</p>
            : openLimitOrders.length === 0 ? <p className="account-muted">{t('account.overview.noOpenLimitOrders')}</p>
              : <LimitOrderRows limitOrders={openLimitOrders} caption={t('account.overview.openLimitOrders')} />}
          <p><Link to={pathFor('accountLimitOrders', lang)}>{t('account.overview.allLimitOrders')}</Link></p>
        </section>
        <ul className="account-cards">
          {sections.map((s) => (
            <li key={s.id}>
              <Link className="account-card" to={pathFor(s.id, lang)}>
                <span className="account-card-title">{t(s.title)}</span>
                <span className="account-card-text">{t(s.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </AccountShell>
    </>
  );
}
