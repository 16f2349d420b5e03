import { useBuildStale } from '../lib/build-check.ts';
import { useShop } from '../lib/context.tsx';

export function BuildNotice() {
  const stale = useBuildStale();
  const { t } = useShop();
  return (
    <div className="build-notice" role="status" aria-live="polite">
      {stale ? t('build.updated') : null}
    </div>
  );
}
