import { useMatches } from 'react-router';
import { Link } from './ShopLink.tsx';
import { pathFor, screenById } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../../src/screens.ts';

/** Home > parents > current screen, from the route table's parent links; trail: parents that are not
 * screens (a CMS page such as the stores page). */
export function Breadcrumb({ current, trail: extra = [] }: { current?: string; trail?: { label: string; to: string }[] }) {
  const shop = useShop();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as RouteHandle | undefined;
  if (!handle || handle.screen === 'home') return null;
  const trail: { label: string; to: string }[] = [];
  let parent = handle.parent;
  while (parent) {
    const r = screenById[parent];
    // parents with a :param or splat have no page of their own without it
    if (!/[:*]/.test(r.paths[shop.lang])) trail.unshift({ label: shop.t(r.titleKey), to: pathFor(r.id, shop.lang) });
    parent = r.parent;
  }
  trail.push(...extra);
  const label = current ?? pageMeta(leaf?.loaderData).title ?? shop.t(handle.titleKey);
  return (
    <nav className="breadcrumb container" aria-label={shop.t('nav.breadcrumb')}>
      <ol>
        <li><Link to={pathFor('home', shop.lang)}>{shop.t('route.home')}</Link></li>
        {trail.map((c) => (
          <li key={c.to}><Link to={c.to}>{c.label}</Link></li>
        ))}
        <li><span aria-current="page">{label}</span></li>
      </ol>
    </nav>
  );
}
