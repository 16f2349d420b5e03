// A screen whose features come with a later capability: its layout, heading, breadcrumb and navigation
// are real now; the content area says what the screen is for.
import { useMatches } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { useShop } from '../../lib/context.tsx';
import type { RouteHandle } from '../../../src/screens.ts';

export default function ScreenPage() {
  const shop = useShop();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle;
  const introKey = `screen.intro.${handle.screen}`;
  const intro = shop.t(introKey);
  return (
    <>
      {handle.layout === 'default' ? <Breadcrumb /> : null}
      <section className="container page-section">
        <h1 className="page-title">{shop.t(handle.titleKey)}</h1>
        <p className="lead">{intro === introKey ? shop.t('screen.intro.default') : intro}</p>
      </section>
    </>
  );
}
