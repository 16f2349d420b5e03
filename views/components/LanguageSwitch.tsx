import { useMatches, useParams } from 'react-router';
import { Link } from './ShopLink.tsx';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { alternatePath, pageMeta } from '../lib/meta.ts';
import type { RouteHandle } from '../../src/screens.ts';

/** Links to the same screen in the other language (CMS pages know their translated path). */
export function LanguageSwitch() {
  const shop = useShop();
  const matches = useMatches();
  const params = useParams();
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as RouteHandle | undefined;
  const other = shop.lang === 'de' ? 'en' : 'de';
  const target = alternatePath(handle, params, pageMeta(leaf?.loaderData), other) ?? pathFor('home', other);
  // spec 2: on the Austrian store the choice is remembered in the lang cookie (the root redirect reads it).
  const remember = () => {
    document.cookie = `lang=${other}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${window.location.protocol === 'https:' ? '; secure' : ''}`;
  };
  return (
    <nav className="language-switch" aria-label={shop.t('nav.language')}>
      <Link to={target} hrefLang={other} lang={other} onClick={remember}>
        {other === 'en' ? shop.t('nav.switchToEnglish') : shop.t('nav.switchToGerman')}
      </Link>
    </nav>
  );
}
