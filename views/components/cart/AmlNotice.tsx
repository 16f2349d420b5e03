// Anti-money-laundering thresholds shown where they bite: when a cash payment (or a cash payout) would
// reach the identification threshold of the store's country, the checkout says so before the customer
// commits, names the law, and asks for the identity document details the shop must record. The thresholds
// are the service's (src/contracts/aml.ts, one definition).
import { cashIdentificationThresholds, cashNeedsIdentity, type CashThreshold } from '../../../src/contracts/aml.ts';
import { linkedIdentityRequired } from '../../state/aml-linked.ts';
import type { TransactionType } from '../../../src/contracts/cart.ts';
import type { StoreKey } from '../../../src/stores.ts';
import { useShop } from '../../lib/context.tsx';

/** A threshold reached together with the customer's linked cash orders (the service said so, views/state/aml-linked.ts). */
export type AmlThreshold = CashThreshold & { linked?: true };

/**
 * The threshold a cash payment of this cart reaches, or null (not cash, below it, no total yet). Below it
 * alone, the cart still needs the document when placing it answered so because of linked orders.
 */
export function amlThresholdFor(store: StoreKey, cart: { id?: string; totalGrossPrice: { centAmount: number; currencyCode: 'EUR' | 'CHF' | 'USD' } | null }, paymentMethod: string | null): AmlThreshold | null {
  if (paymentMethod !== 'cash' || !cart.totalGrossPrice) return null;
  const alone = cashNeedsIdentity(store, cart.totalGrossPrice.centAmount, cart.totalGrossPrice.currencyCode, null);
  if (alone) return alone;
  return linkedIdentityRequired(cart.id) ? { ...cashIdentificationThresholds[store], linked: true } : null;
}

export function AmlNotice({ threshold, transactionType, id }: { threshold: AmlThreshold; transactionType: TransactionType; id?: string }) {
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
      {threshold.linked ? (
        <p>{threshold.linkedWithinHours <= 48 ? t('aml.linkedHours', { count: threshold.linkedWithinHours }) : t('aml.linkedDays', { count: Math.round(threshold.linkedWithinHours / 24) })}</p>
      ) : null}
      <p className="notice-source">{t('aml.source', { source: threshold.linked ? `${threshold.source}; ${threshold.linkedSource}` : threshold.source })}</p>
    </div>
  );
}
