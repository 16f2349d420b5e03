// The accessible price lock (WCAG 2.2.1 Timing Adjustable). A cart's prices hold until the price set they
// come from expires (spec 9: 180 s after the recalculation). Before that happens during the review (and on
// the cart page), the customer is told politely, without interruption, and when the new prices are there
// they take them with one action; nothing typed is lost (the form around keeps its state, the cart is
// recalculated in place). What the polite live region says changes only at these moments, never with each
// second of the countdown.
import { useEffect, useState } from 'react';
import { useShopNow, usePriceState } from '../../hooks/usePrices.ts';
import { useShop } from '../../lib/context.tsx';

/** Decision: warn 30 s before the prices run out (WCAG 2.2.1 asks for at least 20 s to act on a warning). */
export const PRICE_LOCK_WARN_MS = 30_000;

export type PriceLockState = 'held' | 'expiring' | 'expired' | 'new-prices' | 'taken';

export interface PriceLockNoticeProps {
  /** epoch ms until the cart's prices hold (cart.pricesValidUntil); null: no prices yet */
  validUntil: number | null;
  /** the shop's clock, epoch ms (0: not known yet, on the server and in the first render) */
  now: number;
  /** the validity of the newest prices the shop announced (null: none seen yet) */
  latestValidUntil: number | null;
  /** the shop is recalculating right now (spec 4: prices cleared, fetching on) */
  refreshing: boolean;
  /** takes the new prices (recalculates the cart); resolves when the cart has them ({ error } when it failed) */
  onTakeNewPrices: () => Promise<{ error: unknown } | unknown>;
  /** the cart's total after taking the new prices, already formatted */
  total?: string;
}

export function priceLockState(p: Pick<PriceLockNoticeProps, 'validUntil' | 'now' | 'latestValidUntil' | 'refreshing'>): Exclude<PriceLockState, 'taken'> {
  if (p.validUntil === null || p.now === 0) return 'held';
  // the shop's announcement and the cart's set name the same moment; a second of slack for rounding
  if (!p.refreshing && p.latestValidUntil !== null && p.latestValidUntil > p.validUntil + 1000) return 'new-prices';
  const remaining = p.validUntil - p.now;
  if (remaining <= 0) return 'expired';
  return remaining <= PRICE_LOCK_WARN_MS ? 'expiring' : 'held';
}

export function PriceLockNotice(p: PriceLockNoticeProps) {
  const { t } = useShop();
  const computed = priceLockState(p);
  const [busy, setBusy] = useState(false);
  const [taken, setTaken] = useState(false);
  const [failed, setFailed] = useState(false);
  // after taking new prices the confirmation stays until the next warning
  useEffect(() => {
    if (computed !== 'held') setTaken(false);
  }, [computed]);
  const state: PriceLockState = taken && computed === 'held' ? 'taken' : computed;

  const take = async () => {
    if (busy) return;
    setBusy(true);
    const r = await p.onTakeNewPrices();
    setBusy(false);
    const error = !!r && typeof r === 'object' && 'error' in r && !!(r as { error: unknown }).error;
    setFailed(error);
    setTaken(!error);
  };

  const message = failed && state === 'new-prices' ? t('cart.notice.recalculationFailed')
    : state === 'expiring' ? t('priceLock.expiring')
    : state === 'expired' ? t('priceLock.expired')
      : state === 'new-prices' ? t('priceLock.newPrices')
        : state === 'taken' ? `${t('priceLock.taken')}${p.total ? ` ${t('priceLock.newTotal', { total: p.total })}` : ''}`
          : '';
  return (
    <div className={`price-lock price-lock-${state}`} data-state={state} data-testid="price-lock">
      <p className="price-lock-message" role="status" aria-live="polite" aria-atomic="true">{message}</p>
      {state === 'new-prices' ? (
        <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => void take()}>
          {busy ? t('priceLock.taking') : t('priceLock.take')}
        </button>
      ) : null}
    </div>
  );
}

/**
 * Issue 28: the cart's prices ran out (or newer ones are there) and the customer has not taken the new
 * ones yet: its amounts are stale. The totals show the old total struck through, and the countdown beside
 * them counts for the new prices, not the old.
 */
export function useCartPricesStale(validUntil: string | null): boolean {
  const now = useShopNow();
  const s = usePriceState();
  const state = priceLockState({ validUntil: validUntil ? Date.parse(validUntil) : null, now, latestValidUntil: s.validUntil, refreshing: s.refreshing });
  return state === 'expired' || state === 'new-prices';
}

/** The price lock wired to the live price state and the shop's clock. */
export function PriceLock({ validUntil, onTakeNewPrices, total }: { validUntil: string | null; onTakeNewPrices: () => Promise<unknown>; total?: string }) {
  const now = useShopNow();
  const s = usePriceState();
  return (
    <PriceLockNotice
      validUntil={validUntil ? Date.parse(validUntil) : null}
      now={now}
      latestValidUntil={s.validUntil}
      refreshing={s.refreshing}
      onTakeNewPrices={onTakeNewPrices}
      total={total}
    />
  );
}
