import { SectionLink } from './SectionLink.tsx';
import { pathFor, type ScreenId } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { Logo } from './Logo.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { StoreSwitch } from './StoreSwitch.tsx';
import { CurrencySwitch } from './CurrencySwitch.tsx';
import { MetalPricesBar } from './prices/MetalPricesBar.tsx';
import { LogoutButton } from './forms/LogoutButton.tsx';
import { SessionNotice } from './forms/SessionNotice.tsx';
import { SearchBox } from './SearchBox.tsx';
import { HeaderCarts } from './cart/HeaderCarts.tsx';
import { useCustomer } from '../hooks/useCustomer.ts';

const mainNav: { id: ScreenId; key: string }[] = [
  { id: 'shop', key: 'nav.shop' },
  { id: 'sellToUs', key: 'nav.sellToUs' },
  { id: 'pricelist', key: 'nav.pricelist' },
  { id: 'news', key: 'nav.news' },
  { id: 'contact', key: 'footer.contact' },
];

export function Header() {
  const shop = useShop();
  const { t, lang } = shop;
  const signedIn = shop.session.level === 'user';
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="topbar-note">{t('footer.prices')}</p>
          <div className="topbar-tools">
            <StoreSwitch />
            <CurrencySwitch />
            <LanguageSwitch />
          </div>
        </div>
      </div>
      <MetalPricesBar />
      <div className="container header-main">
        <Logo />
        <SearchBox />
        <nav className="header-actions" aria-label={t('nav.account')}>
          {signedIn ? <AccountLink /> : <SectionLink to={pathFor('login', lang)}>{t('nav.login')}</SectionLink>}
          {signedIn ? <LogoutButton className="link-button header-logout" /> : null}
          <SectionLink to={pathFor('wishlist', lang)}>{t('nav.wishlist')}</SectionLink>
          <HeaderCarts />
        </nav>
      </div>
      <nav className="main-nav" aria-label={t('nav.main')}>
        {/* a phone may open the menu before React hydrates (the native <details> works without it): its
            open attribute then differs from the server's, which is expected, not an error */}
        <details className="main-nav-toggle" suppressHydrationWarning>
          <summary>{t('nav.openMenu')}</summary>
          <MainNavList />
        </details>
        <div className="main-nav-wide container">
          <MainNavList />
        </div>
      </nav>
      <SessionNotice />
    </header>
  );
}

/** My account, and under it whom the shop is signed in as. The name comes from the browser after load (the
 * page's HTML is the same for every signed-in customer: render/page-cache.ts); the line below the link is
 * out of the flow, so nothing moves when it appears. */
function AccountLink() {
  const { t, lang } = useShop();
  const customer = useCustomer();
  return (
    <span className="header-account">
      <SectionLink to={pathFor('account', lang)}>{t('nav.account')}</SectionLink>
      <span className="header-greeting" data-testid="header-greeting">{customer ? t('nav.signedInAs', { name: customer.firstName }) : null}</span>
    </span>
  );
}

function MainNavList() {
  const { t, lang } = useShop();
  return (
    <ul>
      {mainNav.map((item) => (
        <li key={item.id}>
          <SectionLink to={pathFor(item.id, lang)}>{t(item.key)}</SectionLink>
        </li>
      ))}
    </ul>
  );
}
