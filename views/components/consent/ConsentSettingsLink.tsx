// "Cookie settings" in the footer (spec: the consent choice can be changed from the footer, on every page).
import { useBrowser } from '../../lib/browser-port.ts';
import { useShop } from '../../lib/context.tsx';

export function ConsentSettingsLink({ className = 'link-button' }: { className?: string }) {
  const { openSettings } = useBrowser().consent;
  const { t } = useShop();
  return (
    <button type="button" className={className} onClick={(e) => openSettings(e.currentTarget)}>
      {t('consent.settings')}
    </button>
  );
}
