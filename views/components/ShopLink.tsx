// The shop's link: a plain <a href> that navigates inside the app on a plain left click. react-router's
// <Link> resolves its path against the route matches on every render (resolveTo, joinPaths, matching),
// which showed in the server's CPU profile with some forty links in every header and footer; the shop's
// links are always absolute paths, so the <a> needs nothing resolved. The router's navigate comes once
// per page from NavigateContext (App and the error page provide it).
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const NavigateContext = createContext<((to: string) => void) | null>(null);

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A click the browser should handle itself: another button, a modifier key, a target or a download. */
function browserHandles(e: MouseEvent<HTMLAnchorElement>, target: string | undefined, download: unknown): boolean {
  return e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || (!!target && target !== '_self') || download !== undefined;
}

export function Link({ to, onClick, target, download, ...rest }: LinkProps) {
  const navigate = useContext(NavigateContext);
  const internal = to.startsWith('/') && !to.startsWith('//');
  return (
    <a
      {...rest}
      href={to}
      target={target}
      download={download}
      onClick={(e) => {
        onClick?.(e);
        if (!navigate || !internal || browserHandles(e, target, download)) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
