// A calm notice when prices may be outdated (the shop lost its price feed) or could not be loaded
// (spec 8: 'Failed metal price fetch: PricesUpdateError'). The header's announcer speaks it; this is the
// visible part, so it is not a live region itself.
import { useShop } from '../../lib/context.tsx';
import { usePriceState } from '../../hooks/usePrices.ts';

export function PriceNotice() {
  const { t } = useShop();
  const s = usePriceState();
  if (!s.error && !s.stale) return null;
  return (
    <div className="price-notice" data-testid="price-notice">
      <p className="container">
        <span className="price-notice-mark" aria-hidden="true">!</span> {s.error ? t('prices.updateError') : t('prices.stale')}
      </p>
    </div>
  );
}
