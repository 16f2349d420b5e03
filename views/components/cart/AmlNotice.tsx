// Anti-money-laundering thresholds shown where they bite: when a cash payment (or a cash payout) would
// reach the identification threshold of the store's country, the checkout says so before the customer
// commits, names the law, and asks for the identity document details the shop must record. The thresholds
// are the service's (src/contracts/aml.ts, one definition).
import { cashNeedsIdentity, type CashThreshold } from '../../../src/contracts/aml.ts';
import type { TransactionType } from '../../../src/contracts/cart.ts';
import type { StoreKey } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';

/** The threshold a cash payment of this cart reaches, or null (not cash, below it, no total yet). */
export function amlThresholdFor(store: StoreKey, cart: { totalGrossPrice: { centAmount: number; currencyCode: 'EUR' | 'CHF' | 'USD' } | null }, paymentMethod: string | null): CashThreshold | null {
  if (paymentMethod !== 'cash' || !cart.totalGrossPrice) return null;
  return cashNeedsIdentity(store, cart.totalGrossPrice.centAmount, cart.totalGrossPrice.currencyCode, null);
}

export function AmlNotice({ threshold, transactionType, id }: { threshold: CashThreshold; transactionType: TransactionType; id?: string }) {
  const shop = useShop();
  const { t } = shop;
  const amount = shop.money(threshold.cents, threshold.currency);
  const rule = t(threshold.inclusive ? 'aml.ruleFrom' : 'aml.ruleOver', { amount });
  return (
    <div className="notice notice-aml" id={id} data-testid="aml-notice">
      <p className="notice-title">{t('aml.title')}</p>
      <p>
        {t(transactionType === 'buy' ? 'aml.bodyBuy' : 'aml.bodySell', { rule })}
        {threshold.report === 'form-8300' ? ` ${t('aml.form8300')}` : ''}
      </p>
      <p className="notice-source">{t('aml.source', { source: threshold.source })}</p>
    </div>
  );
}
