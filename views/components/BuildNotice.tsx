import { useBrowser } from '../lib/browser-port.ts';
import { useShop } from '../lib/context.tsx';

export function BuildNotice() {
  const stale = useBrowser().useBuildStale();
  const { t } = useShop();
  return (
    <div className="build-notice" role="status" aria-live="polite">
      {stale ? t('build.updated') : null}
    </div>
  );
}
