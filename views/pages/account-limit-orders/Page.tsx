// The customer's limit orders (spec 3, 4): number, product, quantity, target and current unit price,
// expiry (date and time, and in days while open) and status; newest first, ten a page (?page=).
import { useLoaderData } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { LimitOrderRows } from '../../components/account-area/LimitOrderRows.tsx';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import type { AccountLimitOrdersData } from './loader.ts';

export default function AccountLimitOrdersPage() {
  const { limitOrders, page, pages } = useLoaderData() as AccountLimitOrdersData;
  const { t, lang } = useShop();
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountLimitOrders')}>
        <p className="lead">{t('limitOrders.intro')}</p>
        {limitOrders.results.length === 0 ? (
          <div className="account-empty">
            <p>{t('limitOrders.empty')}</p>
            <p><Link to={pathFor('shop', lang)}>{t('orders.toShop')}</Link></p>
          </div>
        ) : (
          <LimitOrderRows limitOrders={limitOrders.results} caption={t('limitOrders.caption', { count: limitOrders.total })} />
        )}
        <Pagination base={pathFor('accountLimitOrders', lang)} page={page} pages={pages} />
      </AccountShell>
    </>
  );
}
