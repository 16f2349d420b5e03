// "Cookie settings" in the footer (spec: the consent choice can be changed from the footer, on every page).
import { openConsentSettings } from '../../state/consent.ts';
import { useShop } from '../../lib/context.tsx';

export function ConsentSettingsLink({ className = 'link-button' }: { className?: string }) {
  const { t } = useShop();
  return (
    <button type="button" className={className} onClick={(e) => openConsentSettings(e.currentTarget)}>
      {t('consent.settings')}
    </button>
  );
}
