// A navigation link that marks itself current (class active, aria-current) when the page is it or lies
// below it. A plain string comparison: react-router's NavLink compiles a path pattern on every render,
// which showed up in the server's CPU profile with twenty of them in every header.
import { useLocation } from 'react-router';
import { Link } from './ShopLink.tsx';

export function SectionLink({ to, end = false, children }: { to: string; end?: boolean; children: React.ReactNode }) {
  const { pathname } = useLocation();
  const path = to.split('?')[0];
  const exact = pathname === path;
  const within = !end && path !== '/' && path !== '/en' && pathname.startsWith(`${path}/`);
  return (
    <Link to={to} className={exact || within ? 'active' : undefined} aria-current={exact ? 'page' : within ? 'true' : undefined}>
      {children}
    </Link>
  );
}
