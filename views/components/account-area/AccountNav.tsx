import { SectionLink } from '../SectionLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { pathFor, type ScreenId } from '../../../src/screens.ts';
import { LogoutButton } from '../forms/LogoutButton.tsx';

const items: { id: ScreenId; key: string; end?: boolean }[] = [
  { id: 'account', key: 'account.nav.overview', end: true },
  { id: 'accountProfile', key: 'route.accountProfile' },
  { id: 'accountAddresses', key: 'route.accountAddresses' },
  { id: 'accountPasskeys', key: 'route.accountPasskeys' },
  { id: 'accountAuthenticator', key: 'route.accountAuthenticator' },
  { id: 'accountSessions', key: 'route.accountSessions' },
  { id: 'accountOrders', key: 'route.accountOrders' },
  { id: 'accountLimitOrders', key: 'route.accountLimitOrders' },
  { id: 'accountDeposit', key: 'route.accountDeposit' },
];

/** The account's own navigation, beside the content on wide screens and above it on small ones. */
export function AccountNav() {
  const { t, lang } = useShop();
  return (
    <nav className="account-nav" aria-label={t('account.navLabel')}>
      <ul>
        {items.map((i) => (
          <li key={i.id}>
            <SectionLink to={pathFor(i.id, lang)} end={i.end}>{t(i.key)}</SectionLink>
          </li>
        ))}
        <li className="account-nav-logout"><LogoutButton /></li>
      </ul>
    </nav>
  );
}

/** Heading, breadcrumb and the account navigation around an account page's content. */
export function AccountShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="container page-section account">
      <h1 className="page-title">{title}</h1>
      <div className="account-layout">
        <AccountNav />
        <div className="account-main">{children}</div>
      </div>
    </section>
  );
}
