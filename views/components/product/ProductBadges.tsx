// spec 3 badges (new, sale, topseller, preorder) and the availability of a product, in words (never colour
// alone).
import type { Availability, Badge } from '../../../src/contracts/catalogue.ts';
import { useShop } from '../../lib/context.tsx';

export function ProductBadges({ badges }: { badges: readonly Badge[] }) {
  const { t } = useShop();
  if (badges.length === 0) return null;
  return (
    <ul className="product-badges" aria-label={t('productPage.badges')}>
      {badges.map((b) => (
        <li key={b} className={`product-badge product-badge-${b}`}>{t(`productPage.badge.${b}`)}</li>
      ))}
    </ul>
  );
}

export function AvailabilityTag({ availability }: { availability: Availability }) {
  const { t } = useShop();
  return (
    <span className="availability" data-availability={availability}>
      <span className="availability-dot" aria-hidden="true" />
      {t(`productPage.availability.${availability}`)}
    </span>
  );
}
