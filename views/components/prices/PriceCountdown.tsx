// spec 4 and 9: the countdown m:ss to the end of the prices' 180 s, ticking each second, and what
// happens around it (refreshing, stale, failed fetch). The ticking text is not a live region: with
// `announce`, a separate polite live region speaks at sensible moments only (every 30 s, when the
// update is imminent, when prices refresh, go stale or fail to load). One page has one announcer
// (the header's); other countdowns on the page stay silent.
import { useEffect, useRef, useState } from 'react';
import { useShop } from '../../lib/context.tsx';
import { useCountdown, usePriceState } from '../../hooks/usePrices.ts';
import { durationKeys, spokenDuration } from './format.ts';

/** What the countdown and its live region say as prices come and go in the browser (shop.uses). */
const countdownKeys = ['prices.refreshing', 'prices.updateDue', 'prices.status', 'prices.validFor', 'prices.newValidFor', 'prices.updateError', 'prices.stale', 'prices.impending', 'prices.remaining', ...durationKeys];

/** forNewPrices: beside a cart whose prices ran out, the countdown counts for the new prices and says so
 * (issue 28), never as if the old total were valid again. */
export function PriceCountdown({ announce = false, compact = false, forNewPrices = false }: { announce?: boolean; compact?: boolean; forNewPrices?: boolean }) {
  const { t, uses } = useShop();
  uses(countdownKeys);
  const c = useCountdown();
  const s = usePriceState();
  const state = c.refreshing ? 'refreshing' : c.label === null ? 'waiting' : c.expired ? 'expired' : c.impending ? 'impending' : 'running';
  const text = c.refreshing ? t('prices.refreshing') : c.label === null ? '–:––' : c.expired ? t('prices.updateDue') : c.label;
  return (
    <div className={`price-countdown${compact ? ' price-countdown-compact' : ''}`} data-state={state} data-stale={s.stale ? 'true' : undefined} data-for={forNewPrices ? 'new-prices' : undefined}>
      <span className="price-countdown-icon" aria-hidden="true" />
      <span className="price-countdown-label">{c.refreshing || c.expired ? t('prices.status') : t(forNewPrices ? 'prices.newValidFor' : 'prices.validFor')}</span>{' '}
      <span className="price-countdown-time" data-testid="price-countdown">{text}</span>
      {announce ? <PriceAnnouncer /> : null}
    </div>
  );
}

/** What the live region says, keyed by the moment it belongs to (so each is said once). */
function useMilestone(): { id: string; message: string } | null {
  const { t } = useShop();
  const c = useCountdown();
  const s = usePriceState();
  if (s.error) return { id: `error`, message: t('prices.updateError') };
  if (c.refreshing) return { id: 'refreshing', message: t('prices.refreshing') };
  if (s.stale) return { id: 'stale', message: t('prices.stale') };
  if (c.remainingSeconds === null) return null;
  if (c.expired) return { id: `expired:${s.validUntil}`, message: t('prices.updateDue') };
  if (c.impending) return { id: `impending:${s.validUntil}`, message: t('prices.impending') };
  const step = Math.ceil(c.remainingSeconds / 30) * 30;
  return { id: `r:${s.validUntil}:${step}`, message: t('prices.remaining', { time: spokenDuration(Math.min(step, c.remainingSeconds), t) }) };
}

function PriceAnnouncer() {
  const { t } = useShop();
  const milestone = useMilestone();
  const [message, setMessage] = useState('');
  const last = useRef<string | null>(null);
  const wasRefreshing = useRef(false);
  useEffect(() => {
    if (!milestone || milestone.id === last.current) return;
    const first = last.current === null;
    last.current = milestone.id;
    // Nothing on page load: the visible countdown is there to read; speak when something changes.
    if (first && !milestone.id.startsWith('error') && milestone.id !== 'stale') {
      wasRefreshing.current = milestone.id === 'refreshing';
      return;
    }
    if (wasRefreshing.current && milestone.id.startsWith('r:')) setMessage(`${t('prices.updated')} ${milestone.message}`);
    else setMessage(milestone.message);
    wasRefreshing.current = milestone.id === 'refreshing';
  }, [milestone, t]);
  return (
    <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </span>
  );
}
