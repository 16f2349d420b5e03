// spec 2 layouts: checkout, default, minimal, preview, reduced. Every layout has the skip link and a
// <main id="main"> (focusable so the skip link and route changes can move focus there).
import type { ReactNode } from 'react';
import type { LayoutName } from '../../src/screens.ts';
import { Header } from '../components/Header.tsx';
import { Island } from '../components/Island.tsx';
import { footerPart } from '../components/layout-islands.ts';
import { SkipLink } from '../components/SkipLink.tsx';
import { Logo } from '../components/Logo.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Deferred } from '../components/Deferred.tsx';
import { checkoutStepsPart } from './layout-parts.ts';
import { BuildNotice } from '../components/BuildNotice.tsx';
import { ConsentBanner } from '../components/consent/ConsentBanner.tsx';
import { useShop } from '../lib/context.tsx';

/** The footer, an island (layout-islands.ts): alive on first use, or once the page's language changes. */
function Footer({ slim }: { slim?: boolean }) {
  const { lang } = useShop();
  return <Island part={footerPart} props={{ slim }} version={lang} />;
}

function Main({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  );
}

function SlimHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header site-header-slim">
      <div className="container header-slim-inner">
        <Logo />
        {children}
      </div>
    </header>
  );
}

export function Layout({ name, children }: { name: LayoutName; children: ReactNode }) {
  switch (name) {
    case 'checkout':
      return (
        <div className="layout layout-checkout">
          <SkipLink />
          <ConsentBanner />
          <SlimHeader>
            <LanguageSwitch />
          </SlimHeader>
          <Deferred part={checkoutStepsPart} props={{}} />
          <Main>{children}</Main>
          <Footer slim />
          <BuildNotice />
        </div>
      );
    case 'minimal':
      return (
        <div className="layout layout-minimal">
          <SkipLink />
          <ConsentBanner />
          <SlimHeader />
          <Main>{children}</Main>
        </div>
      );
    case 'preview':
      return (
        <div className="layout layout-preview">
          <SkipLink />
          <ConsentBanner />
          <Main>{children}</Main>
        </div>
      );
    case 'reduced':
      return (
        <div className="layout layout-reduced">
          <SkipLink />
          <ConsentBanner />
          <SlimHeader>
            <LanguageSwitch />
          </SlimHeader>
          <Main>{children}</Main>
          <Footer slim />
          <BuildNotice />
        </div>
      );
    default:
      return (
        <div className="layout layout-default">
          <SkipLink />
          <ConsentBanner />
          <Header />
          <Main>{children}</Main>
          <Footer />
          <BuildNotice />
        </div>
      );
  }
}
