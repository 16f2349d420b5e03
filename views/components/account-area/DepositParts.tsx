// The deposit's tax lots and the sale preview (issue 10). Each purchase into the depot is a lot: date,
// quantity, cost, its current value at the shop's buy-back price, gain or loss. On the German and Austrian
// stores a private sale of physical gold held longer than one year is tax-free, so there each lot shows
// the days until it has been held a year; elsewhere that column is not shown (the rule does not apply).
import { ScrollRegion } from '../ScrollRegion.tsx';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Deposit, DepositHolding, DepositLot, SellPreview } from '../../../src/contracts/deposit.ts';
import { stores, type StoreKey } from '../../../src/stores.ts';
import { getSellPreview } from '../../state/shop-api.ts';
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop, type Shop } from '../../lib/context.tsx';
import { cartPath } from '../cart/HeaderCarts.tsx';
import { Link } from '../ShopLink.tsx';
import { moneyOf } from '../cart/format.ts';
import { gainClass, signedMoney } from './gain.ts';

/** The stores where the one-year holding period matters (the service gives lot tax facts only there). */
export function showsHoldingPeriod(store: StoreKey, deposit: Pick<Deposit, 'holdingPeriodRule'>): boolean {
  const country = stores[store].country;
  return (country === 'DE' || country === 'AT') && deposit.holdingPeriodRule !== null;
}

export function countdownLabel(t: Shop['t'], lot: Pick<DepositLot, 'tax'>, date: (v: string) => string): string {
  if (!lot.tax) return '–';
  if (lot.tax.taxFree) return t('deposit.taxFree');
  return lot.tax.daysUntilTaxFree === 1
    ? t('deposit.oneDayLeft', { date: date(lot.tax.taxFreeFrom) })
    : t('deposit.daysLeft', { count: lot.tax.daysUntilTaxFree, date: date(lot.tax.taxFreeFrom) });
}

export function HoldingPeriodNote({ deposit }: { deposit: Deposit }) {
  const { t } = useShop();
  const rule = deposit.holdingPeriodRule;
  if (!rule) return null;
  return (
    <div className="form-alert form-alert-info deposit-tax-note" data-testid="holding-period-note">
      <p>{t(rule.country === 'AT' ? 'deposit.taxNoteAT' : 'deposit.taxNoteDE')}</p>
      <p className="account-muted">{t('deposit.taxSource')} <a href={rule.url} rel="noopener noreferrer external" target="_blank">{rule.source}</a>. {t('deposit.taxAdvice')}</p>
    </div>
  );
}

export function LotsTable({ deposit }: { deposit: Deposit }) {
  const shop = useShop();
  const { t } = shop;
  const countdown = showsHoldingPeriod(shop.store, deposit);
  return (
    <ScrollRegion label={t('deposit.lotsCaption')}>
      <table className="data-table account-table deposit-table deposit-lots" data-testid="deposit-lots">
        <caption>{t('deposit.lotsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('deposit.lotDate')}</th>
            <th scope="col">{t('deposit.product')}</th>
            <th scope="col" className="num">{t('deposit.quantity')}</th>
            <th scope="col" className="num">{t('deposit.cost')}</th>
            <th scope="col" className="num">{t('deposit.currentValue')}</th>
            <th scope="col" className="num">{t('deposit.gain')}</th>
            {countdown ? <th scope="col">{t('deposit.holdingPeriod')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {deposit.lots.map((lot) => (
            <tr key={lot.id}>
              <th scope="row">{shop.date(lot.acquiredAt)}<span className="account-muted deposit-lot-order"><span className="visually-hidden"> · </span>{lot.orderNumber}</span></th>
              <td>{lot.name}</td>
              <td className="num">{lot.remainingQuantity === lot.quantity ? lot.quantity : t('deposit.remainingOf', { remaining: lot.remainingQuantity, quantity: lot.quantity })}</td>
              <td className="num">{moneyOf(shop, lot.cost)}</td>
              <td className="num">{moneyOf(shop, lot.currentValue)}</td>
              <td className={gainClass(lot.gain)}>{signedMoney(shop, lot.gain)}</td>
              {countdown ? <td data-testid="lot-countdown">{countdownLabel(t, lot, shop.date)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * "What would a sale touch": a quantity of one holding -> the lots it takes, oldest first (FIFO). Below the
 * preview, that quantity goes into the sell cart with the depositSell method; the order's transaction then
 * takes exactly those lots (deposits/model.ts takeDepositSale).
 */
export function SalePreview({ deposit, holding }: { deposit: Deposit; holding: DepositHolding }) {
  const { sellFromDeposit } = useBrowser().carts;
  const shop = useShop();
  const { t } = shop;
  // said on submit, kept in state: shipped with the page (issue 27)
  shop.uses(['form.error.deposit_quantity_exceeded']);
  const id = `sale-${holding.sku}`;
  const [quantity, setQuantity] = useState('1');
  const [preview, setPreview] = useState<SellPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [sellError, setSellError] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // the button goes away once the pieces are in the sell cart: focus moves to what replaced it
  const addedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (added !== null) addedRef.current?.focus();
  }, [added]);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) resultRef.current?.focus();
  }, [shown]);
  const countdown = showsHoldingPeriod(shop.store, deposit);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const n = Number(quantity.trim());
    setPreview(null);
    setAdded(null);
    setSellError(null);
    if (!/^\d+$/.test(quantity.trim()) || n < 1) {
      setError(t('validation.invalid_value'));
      setShown((x) => x + 1);
      return;
    }
    if (n > holding.quantity) {
      setError(t('form.error.deposit_quantity_exceeded'));
      setShown((x) => x + 1);
      return;
    }
    setBusy(true);
    const r = await getSellPreview(deposit.id, holding.sku, n);
    setBusy(false);
    if (r.error) setError(r.error.message);
    else {
      setError(null);
      setPreview(r.data.preview);
    }
    setShown((x) => x + 1);
  };

  const sell = async (n: number) => {
    if (adding) return;
    setAdding(true);
    const r = await sellFromDeposit({ sku: holding.sku, quantity: n, name: holding.name, currency: deposit.currency });
    setAdding(false);
    if (r.error) setSellError(r.error.message);
    else {
      setSellError(null);
      // what the sell cart holds now, as the service answered
      setAdded(r.data.cart.lineItems.find((l) => l.kind === 'product' && l.sku === holding.sku)?.quantity ?? n);
    }
  };

  return (
    <div className="sale-preview">
      <form method="post" className="sale-preview-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className={`field field-short${error ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor={`${id}-qty`}>{t('deposit.previewQuantity', { name: holding.name })}</label>
          <input id={`${id}-qty`} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)}
            aria-invalid={error ? true : undefined} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} />
          <p className="field-hint" id={`${id}-hint`}>{t('deposit.previewHint', { count: holding.quantity })}</p>
        </div>
        <button type="submit" className="button button-quiet" aria-disabled={busy || undefined}>{t('deposit.previewSubmit')}</button>
      </form>
      <div ref={resultRef} tabIndex={-1} aria-live="polite" className="sale-preview-result">
        {error ? <p className="field-error" id={`${id}-error`}><span aria-hidden="true" className="field-error-icon">!</span> {error}</p> : null}
        {preview ? (
          <>
            <p>{t('deposit.previewSummary', { count: preview.quantity, lots: preview.lots.length, proceeds: moneyOf(shop, preview.proceeds), gain: signedMoney(shop, preview.gain) })}</p>
            {countdown && preview.taxFreeQuantity !== null ? <p>{t('deposit.previewTaxFree', { count: preview.taxFreeQuantity, total: preview.quantity })}</p> : null}
            <ScrollRegion label={t('deposit.previewCaption')}>
              <table className="data-table account-table deposit-table" data-testid={`sale-preview-${holding.sku}`}>
                <caption>{t('deposit.previewCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('deposit.lotDate')}</th>
                    <th scope="col" className="num">{t('deposit.takes')}</th>
                    <th scope="col" className="num">{t('deposit.cost')}</th>
                    <th scope="col" className="num">{t('deposit.proceeds')}</th>
                    <th scope="col" className="num">{t('deposit.gain')}</th>
                    {countdown ? <th scope="col">{t('deposit.holdingPeriod')}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {preview.lots.map((l) => (
                    <tr key={l.lotId}>
                      <th scope="row">{shop.date(l.acquiredAt)}<span className="account-muted deposit-lot-order"><span className="visually-hidden"> · </span>{l.orderNumber}</span></th>
                      <td className="num">{l.quantity}</td>
                      <td className="num">{moneyOf(shop, l.cost)}</td>
                      <td className="num">{moneyOf(shop, l.proceeds)}</td>
                      <td className={gainClass(l.gain)}>{signedMoney(shop, l.gain)}</td>
                      {countdown ? <td>{countdownLabel(t, l, shop.date)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        ) : null}
      </div>
      {preview ? (
        <div className="sale-preview-sell">
          {added !== null ? (
            <p data-testid="sale-added" ref={addedRef} tabIndex={-1}>
              {t('deposit.sellAdded', { count: added })} <Link to={cartPath(shop.lang, 'sell')}>{t('deposit.toSellCart')}</Link>
            </p>
          ) : (
            <>
              <button type="button" className="button button-primary" aria-disabled={adding || undefined} onClick={() => void sell(preview.quantity)}>
                {adding ? t('cart.add.adding') : t('deposit.sellSubmit', { count: preview.quantity })}<span className="visually-hidden">: {holding.name}</span>
              </button>
              {sellError ? <p className="field-error" role="alert">{sellError}</p> : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
