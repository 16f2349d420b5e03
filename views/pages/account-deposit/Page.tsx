// The deposit (spec 3 Deposit; issue 10): online depot number, open date, opening value, current value at
// the current sell prices and the difference; holdings per product, each with the preview of which lots a
// sale would take; the tax lots, and on the German and Austrian stores the one-year holding period with
// its source and a countdown per lot. Without a deposit: how one starts (the Deposit shipping method).
// Issue 15: purchases not paid yet are listed apart ("awaiting payment"), outside the holdings, the values
// and the sale preview; they become a lot when the payment arrives. Issue 25: the depot statements last.
import { ScrollRegion } from '../../components/ScrollRegion.tsx';
import { useLoaderData } from 'react-router';
import { pathFor } from '../../../src/screens.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { moneyOf } from '../../components/cart/format.ts';
import { HoldingPeriodNote, LotsTable, SalePreview, showsHoldingPeriod } from '../../components/account-area/DepositParts.tsx';
import { gainClass, signedMoney } from '../../components/account-area/gain.ts';
import { AwaitingPayment } from '../../components/account-area/AwaitingPayment.tsx';
import { DepotStatements } from '../../components/account-area/DepotStatements.tsx';
import { dateTime } from '../../components/account-area/labels.tsx';
import { useShop } from '../../lib/context.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import type { AccountDepositData } from './loader.ts';
import { useLiveDeposit } from './live-deposit.ts';

export default function AccountDepositPage() {
  const loaded = useLoaderData() as AccountDepositData;
  const deposit = useLiveDeposit(loaded.deposit);
  const shop = useShop();
  const { t, lang } = shop;
  if (!deposit) {
    return (
      <>
        <Breadcrumb />
        <AccountShell title={t('route.accountDeposit')}>
          <div className="account-empty" data-testid="deposit-empty">
            <p>{t('deposit.empty')}</p>
            <p><Link to={pathFor('shop', lang)}>{t('orders.toShop')}</Link></p>
          </div>
        </AccountShell>
      </>
    );
  }
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountDeposit')}>
        <dl className="account-facts deposit-facts" data-testid="deposit-facts">
          <div><dt>{t('deposit.number')}</dt><dd>{deposit.number}</dd></div>
          <div><dt>{t('deposit.openedAt')}</dt><dd>{shop.date(deposit.openedAt)}</dd></div>
          <div><dt>{t('deposit.openingValue')}</dt><dd>{moneyOf(shop, deposit.openingValue)}</dd></div>
          <div><dt>{t('deposit.currentValue')}</dt><dd>{deposit.currentValue ? moneyOf(shop, deposit.currentValue) : t('prices.unavailable')}</dd></div>
          <div><dt>{t('deposit.difference')}</dt><dd className={gainClass(deposit.difference)}>{signedMoney(shop, deposit.difference)}</dd></div>
        </dl>
        {deposit.pricesValidUntil ? (
          <p className="account-muted" data-testid="deposit-valid-until" data-valid-until={deposit.pricesValidUntil}>
            {t('deposit.pricesAsOf', { time: dateTime(shop, deposit.pricesValidUntil) })}
          </p>
        ) : null}
        {showsHoldingPeriod(shop.store, deposit) ? <HoldingPeriodNote deposit={deposit} /> : null}
        <h2>{t('deposit.holdings')}</h2>
        {deposit.holdings.length === 0 ? <p className="account-muted" data-testid="deposit-no-holdings">{t('deposit.noHoldings')}</p> : (
          <ScrollRegion label={t('deposit.holdings')}>
            <table className="data-table account-table deposit-table" data-testid="deposit-holdings">
              <caption className="visually-hidden">{t('deposit.holdings')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('deposit.product')}</th>
                  <th scope="col" className="num">{t('deposit.quantity')}</th>
                  <th scope="col" className="num">{t('deposit.cost')}</th>
                  <th scope="col" className="num">{t('deposit.unitSellPrice')}</th>
                  <th scope="col" className="num">{t('deposit.currentValue')}</th>
                  <th scope="col" className="num">{t('deposit.difference')}</th>
                </tr>
              </thead>
              <tbody>
                {deposit.holdings.map((h) => (
                  <tr key={h.sku}>
                    <th scope="row">{h.slug ? <Link to={pathFor('product', lang, { slug: h.slug })}>{h.name}</Link> : h.name}</th>
                    <td className="num">{h.quantity}</td>
                    <td className="num">{moneyOf(shop, h.cost)}</td>
                    <td className="num">{moneyOf(shop, h.unitSellPrice)}</td>
                    <td className="num">{moneyOf(shop, h.currentValue)}</td>
                    <td className={gainClass(h.difference)}>{signedMoney(shop, h.difference)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        <AwaitingPayment deposit={deposit} />
        {deposit.lots.length > 0 ? (
          <>
            <h2>{t('deposit.lotsTitle')}</h2>
            <p>{t('deposit.lotsIntro')}</p>
            <LotsTable deposit={deposit} />
          </>
        ) : null}
        {deposit.holdings.length > 0 ? (
          <>
            <h2>{t('deposit.previewTitle')}</h2>
            <p>{t('deposit.previewIntro')}</p>
            {deposit.holdings.map((h) => <SalePreview key={h.sku} deposit={deposit} holding={h} />)}
          </>
        ) : null}
        <DepotStatements initial={loaded.statements} />
      </AccountShell>
    </>
  );
}
