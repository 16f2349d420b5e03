import { Link } from './ShopLink.tsx';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';

export function Logo() {
  const { t, lang } = useShop();
  return (
    // The link's name is its visible text plus a hidden "– Home" (WCAG 2.5.3: the accessible name contains
    // the visible label; an aria-label replacing it would not).
    <Link to={pathFor('home', lang)} className="logo">
      <svg className="logo-mark" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="logo-gold" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f3d98b" />
            <stop offset="0.5" stopColor="#c9a14a" />
            <stop offset="1" stopColor="#8a6a22" />
          </linearGradient>
        </defs>
        <circle cx="20" cy="20" r="18" fill="url(#logo-gold)" />
        <circle cx="20" cy="20" r="14.5" fill="none" stroke="#7a5c1c" strokeWidth="1" />
        <text x="20" y="26" textAnchor="middle" fontFamily="Georgia, serif" fontSize="16" fontWeight="700" fill="#4a3610">Au</text>
      </svg>
      <span className="logo-text">{t('shop.name')}</span>
      <span className="visually-hidden"> – {t('route.home')}</span>
    </Link>
  );
}
