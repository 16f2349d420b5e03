// The privacy policy's link in the consent banner and the consent settings.
import { useShop } from '../../lib/context.tsx';
import { Link } from '../ShopLink.tsx';
import { legalPages } from '../legal-pages.ts';
import { localizedPath } from '../../../src/screens.ts';

export function PrivacyLink() {
  const { t, lang } = useShop();
  const privacy = legalPages.find((p) => p.key === 'footer.privacy');
  return privacy ? <Link to={localizedPath(lang, privacy[lang])}>{t('consent.privacyLink')}</Link> : null;
}
