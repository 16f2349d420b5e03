import { useShop } from '../lib/context.tsx';

/** spec 2: a skip-to-main-content link points to #main. */
export function SkipLink() {
  const { t } = useShop();
  return (
    <a className="skip-link" href="#main">
      {t('shop.skipToContent')}
    </a>
  );
}
