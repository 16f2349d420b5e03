// Deposit purchases not paid yet (issue 15): shown apart from the holdings. The metal is booked into the
// deposit when the payment arrives, and only from that day does a lot exist (with its one-year clock on the
// German and Austrian stores); until then it is in no holding, no total and no sale. Nothing to show: no
// section at all.
import type { Deposit } from '../../../src/contracts/deposit.ts';
import { pathFor } from '../../../src/screens.ts';
import { useShop } from '../../lib/context.tsx';
import { moneyOf } from '../cart/format.ts';
import { ScrollRegion } from '../ScrollRegion.tsx';
import { Link } from '../ShopLink.tsx';
import { showsHoldingPeriod } from './DepositParts.tsx';
import { calendarDate } from './labels.tsx';

export function AwaitingPayment({ deposit }: { deposit: Pick<Deposit, 'awaitingPayment' | 'holdingPeriodRule'> }) {
  const shop = useShop();
  const { t, lang } = shop;
  const rows = deposit.awaitingPayment ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="deposit-awaiting" aria-labelledby="deposit-awaiting-title" data-testid="deposit-awaiting">
      <h2 id="deposit-awaiting-title">{t('deposit.awaitingTitle')}</h2>
      <p>
        {t('deposit.awaitingIntro')}
        {showsHoldingPeriod(shop.store, deposit) ? ` ${t('deposit.awaitingClock')}` : ''}
      </p>
      <ScrollRegion label={t('deposit.awaitingCaption')}>
        <table className="data-table account-table deposit-table">
          <caption className="visually-hidden">{t('deposit.awaitingCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('deposit.order')}</th>
              <th scope="col">{t('deposit.product')}</th>
              <th scope="col" className="num">{t('deposit.quantity')}</th>
              <th scope="col" className="num">{t('deposit.cost')}</th>
              <th scope="col" className="num">{t('deposit.valueToday')}</th>
              <th scope="col">{t('deposit.payBy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={`${a.orderId}-${a.sku}`}>
                <th scope="row">
                  <Link to={pathFor('accountOrder', lang, { slug: a.orderId })}>{a.orderNumber}</Link>
                  <span className="account-muted"> · {shop.date(a.orderedAt)}</span>
                </th>
                <td>{a.slug ? <Link to={pathFor('product', lang, { slug: a.slug })}>{a.name}</Link> : a.name}</td>
                <td className="num">{a.quantity}</td>
                <td className="num">{moneyOf(shop, a.cost)}</td>
                <td className="num">{a.currentValue ? moneyOf(shop, a.currentValue) : t('prices.unavailable')}</td>
                <td>{a.paymentDueBy ? calendarDate(shop, a.paymentDueBy) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
