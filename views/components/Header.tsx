// The shop's header (layout 'default'). Wide screens: store bar, live prices, logo, search, account links and
// the main navigation in their own rows. Phones (issue 17): the prices in one scrollable row, then one row
// with menu, logo, search and cart icons; the main navigation, the account links and the store and language
// switches are in the menu, so the page's content starts in the top fifth of a 375x812 screen.
//
// One DOM serves both: the menu panel (#site-menu) holds the account links; on wide screens the panel is
// `display: contents`, so those links sit in the header row and keep their place in the tab order (logo,
// search, account). Only the main navigation list and the store and language switches are rendered twice
// (once for each width; the other copy is display: none, out of the accessibility tree).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
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
import { Island } from './Island.tsx';
import { searchBoxPart } from './layout-islands.ts';
import { HeaderCarts } from './cart/HeaderCarts.tsx';
import { HeaderCartIcon } from './cart/HeaderCartIcon.tsx';
import { CartNotices } from './cart/CartNotices.tsx';
import { useCustomer } from '../hooks/useCustomer.ts';

const mainNav: { id: ScreenId; key: string }[] = [
  { id: 'shop', key: 'nav.shop' },
  { id: 'sellToUs', key: 'nav.sellToUs' },
  { id: 'pricelist', key: 'nav.pricelist' },
  { id: 'news', key: 'nav.news' },
  { id: 'contact', key: 'footer.contact' },
];

/** The menu button says what pressing it does; both names are on every page (the state changes in the browser). */
const menuKeys = ['nav.openMenu', 'nav.closeMenu'] as const;

const MENU_ID = 'site-menu';
const SEARCH_ID = 'header-search';

export function Header() {
  const shop = useShop();
  const { t, lang, uses } = shop;
  uses(menuKeys);
  const signedIn = shop.session.level === 'user';
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // a new page closes both (the link chosen in the menu has done its work)
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [location.key]);

  // Focus management of the phone menu: opening moves focus to its first link (the panel comes after the
  // bar's icons in DOM order, so Tab alone would not reach it first); Escape closes it and returns focus to
  // the button; a press outside, or focus leaving button and panel, closes it without moving focus.
  useEffect(() => {
    if (!menuOpen) return;
    menu.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const inside = (node: EventTarget | null) => node instanceof Node && (menu.current?.contains(node) || menuButton.current?.contains(node));
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      const hadFocus = inside(document.activeElement);
      setMenuOpen(false);
      if (hadFocus || document.activeElement === document.body) menuButton.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!inside(e.target)) setMenuOpen(false);
    };
    const onFocus = (e: FocusEvent) => {
      if (!inside(e.target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (searchOpen) document.getElementById('header-search-q')?.focus();
  }, [searchOpen]);

  // Escape in the phone's search row closes it once the search box has no use for the key (its own Escape
  // closes the suggestions, then clears the words)
  const onSearchKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented || !searchOpen) return;
    setSearchOpen(false);
    searchButton.current?.focus();
  };

  return (
    <header className={`site-header${menuOpen ? ' menu-open' : ''}${searchOpen ? ' search-open' : ''}`}>
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
        <button
          ref={menuButton}
          type="button"
          className="header-icon menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => {
            setSearchOpen(false);
            setMenuOpen((open) => !open);
          }}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className="visually-hidden">{t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}</span>
        </button>
        <Logo />
        <div id={SEARCH_ID} className="header-search-slot" onKeyDown={onSearchKey}>
          <Island part={searchBoxPart} props={{}} version={lang} />
        </div>
        <button
          ref={searchButton}
          type="button"
          className="header-icon search-toggle"
          aria-expanded={searchOpen}
          aria-controls={SEARCH_ID}
          onClick={() => {
            setMenuOpen(false);
            setSearchOpen((open) => !open);
          }}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15 15l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {/* not "Search": that is the form's own button, shown with the field */}
          <span className="visually-hidden">{t('nav.searchToggle')}</span>
        </button>
        <HeaderCartIcon />
        <div id={MENU_ID} ref={menu} className="site-menu">
          <nav className="site-menu-nav" aria-label={t('nav.main')}>
            <MainNavList />
          </nav>
          <nav className="header-actions" aria-label={t('nav.account')}>
            {signedIn ? <AccountLink /> : <SectionLink to={pathFor('login', lang)}>{t('nav.login')}</SectionLink>}
            {signedIn ? <LogoutButton className="link-button header-logout" /> : null}
            <SectionLink to={pathFor('wishlist', lang)}>{t('nav.wishlist')}</SectionLink>
            <HeaderCarts />
          </nav>
          <div className="site-menu-tools">
            <StoreSwitch />
            <CurrencySwitch inMenu />
            <LanguageSwitch />
          </div>
        </div>
      </div>
      <nav className="main-nav" aria-label={t('nav.main')}>
        <div className="main-nav-wide container">
          <MainNavList />
        </div>
      </nav>
      <CartNotices />
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
