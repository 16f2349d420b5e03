// A content link: site paths navigate inside the app, https, mailto and tel links leave it (hrefs from the
// CMS arrive checked by the reshape layer).
import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from '../components/ShopLink.tsx';

export function SmartLink({ href, className, children, onClick }: { href: string; className?: string; children: ReactNode; onClick?: MouseEventHandler<HTMLAnchorElement> }) {
  if (href.startsWith('/')) return <Link to={href} className={className} onClick={onClick}>{children}</Link>;
  return <a href={href} className={className} rel="noopener noreferrer" onClick={onClick}>{children}</a>;
}
