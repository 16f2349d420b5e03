import { useMatches, useParams } from 'react-router';
import { Link } from './ShopLink.tsx';
import { pathFor } from '../../src/screens.ts';
import { languagePickCookies } from '../../src/contracts/locale-cookie.ts';
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
  // spec 2 and 3: the pick is remembered in the lang cookie (the Austrian root rule reads it) and in the
  // locale cookie i18n_redirected (365 days; every store's root honours it)
  const remember = () => {
    for (const c of languagePickCookies(other, window.location.protocol === 'https:')) document.cookie = c;
  };
  return (
    <nav className="language-switch" aria-label={shop.t('nav.language')}>
      <Link to={target} hrefLang={other} lang={other} onClick={remember}>
        {other === 'en' ? shop.t('nav.switchToEnglish') : shop.t('nav.switchToGerman')}
      </Link>
    </nav>
  );
}
