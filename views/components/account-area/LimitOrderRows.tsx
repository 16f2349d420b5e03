// Limit orders as a table (the list page and the account overview).
import { ScrollRegion } from '../ScrollRegion.tsx';
import type { LimitOrder } from '../../../src/contracts/limit-order.ts';
import { pathFor } from '../../../src/screens.ts';
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { expiryInDays, limitOrderExpiry, LimitOrderStatusTag } from './labels.tsx';

export function LimitOrderRows({ limitOrders, caption, visibleCaption = false }: { limitOrders: LimitOrder[]; caption: string; visibleCaption?: boolean }) {
  const shop = useShop();
  const { t, lang } = shop;
  return (
    <ScrollRegion label={caption}>
      <table className="data-table account-table stack-on-phone" data-testid="limit-orders-table">
        <caption className={visibleCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('limitOrders.number')}</th>
            <th scope="col">{t('limitOrders.item')}</th>
            <th scope="col" className="num">{t('limitOrders.quantity')}</th>
            <th scope="col" className="num">{t('limitOrders.target')}</th>
            <th scope="col" className="num">{t('limitOrders.current')}</th>
            <th scope="col">{t('limitOrders.expires')}</th>
            <th scope="col">{t('limitOrders.statusLabel')}</th>
          </tr>
        </thead>
        <tbody>
          {limitOrders.map((lo) => {
            const days = expiryInDays(t, lo);
            return (
              <tr key={lo.id}>
                <th scope="row"><Link to={pathFor('accountLimitOrder', lang, { slug: lo.id })}>{lo.number}</Link></th>
                <td data-label={t('limitOrders.item')}>{lo.name}</td>
                <td data-label={t('limitOrders.quantity')} className="num">{lo.quantity}</td>
                <td data-label={t('limitOrders.target')} className="num">{shop.money(lo.targetCentAmount, lo.currency)}</td>
                <td data-label={t('limitOrders.current')} className="num">{lo.currentCentAmount === null ? '–' : shop.money(lo.currentCentAmount, lo.currency)}</td>
                <td data-label={t('limitOrders.expires')}>{limitOrderExpiry(shop, lo.expiresAt)}{days ? <span className="account-muted"> ({days})</span> : null}</td>
                <td data-label={t('limitOrders.statusLabel')}><LimitOrderStatusTag status={lo.status} t={t} /></td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
