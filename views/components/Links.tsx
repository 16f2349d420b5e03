import { Link } from './ShopLink.tsx';
import { localizedPath, pathFor, type ScreenId } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';

/** A link to a screen of the route table in the current language. */
export function ScreenLink(props: { to: ScreenId; params?: Record<string, string>; className?: string; children: React.ReactNode; 'aria-current'?: 'page' }) {
  const shop = useShop();
  return (
    <Link to={pathFor(props.to, shop.lang, props.params)} className={props.className} aria-current={props['aria-current']}>
      {props.children}
    </Link>
  );
}

/** A link to a CMS page by its path without the language prefix ('/datenschutz'). */
export function CmsLink(props: { path: Record<'de' | 'en', string>; children: React.ReactNode }) {
  const shop = useShop();
  return <Link to={localizedPath(shop.lang, props.path[shop.lang])}>{props.children}</Link>;
}
