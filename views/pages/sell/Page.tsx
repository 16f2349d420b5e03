// Sell to us (/ankauf, /en/sell-to-us) and scrap metals (/shop/altgold-ankauf, /en/shop/scrap-metals):
// the scrap form with its live estimate, how selling works, the dental gold explanation (spec 1) and the
// ways to hand the metal over. Scrap lines go into the sell cart, one item each (spec 3).
import { useLoaderData, useMatches } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import type { SellData } from './loader.ts';
import { pathFor } from '../../../src/screens.ts';
import type { RouteHandle } from '../../../src/screens.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { cartPath } from '../../components/cart/HeaderCarts.tsx';
import { ScrapForm } from '../../components/cart/ScrapForm.tsx';
import { PriceCountdown } from '../../components/prices/PriceCountdown.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';

export default function SellPage() {
  const { t, lang } = useShop();
  const matches = useMatches();
  const screen = (matches[matches.length - 1]?.handle as RouteHandle | undefined)?.screen;
  const scrapPage = screen === 'scrapMetals';
  const { page } = (useLoaderData() as SellData | undefined) ?? { page: null };
  return (
    <>
      <Breadcrumb current={page?.title} />
      <h1 className="container page-title sell-title">{page?.title ?? t(scrapPage ? 'route.scrapMetals' : 'route.sellToUs')}</h1>
      {/* issue 17: one calculator per page: the form below; the CMS calculator block would be a second one */}
      {page ? <Blocks blocks={page.blocks.filter((b) => b.type !== 'old_metal_calculator')} /> : null}
      <section className="container page-section sell-page">
        {page ? null : <p className="lead">{t(scrapPage ? 'sell.introScrap' : 'sell.intro')}</p>}
        <div className="sell-layout">
          <div className="sell-form-panel">
            <div className="sell-prices"><PriceCountdown compact /></div>
            <ScrapForm idPrefix={scrapPage ? 'scrap' : 'sell'} />
            <p className="sell-cart-link"><Link to={cartPath(lang, 'sell')}>{t('sell.toSellCart')}</Link></p>
          </div>
          <div className="sell-info">
            <h2>{t('sell.howTitle')}</h2>
            <ol className="sell-steps">
              <li>{t('sell.how1')}</li>
              <li>{t('sell.how2')}</li>
              <li>{t('sell.how3')}</li>
            </ol>
            <h2>{t('sell.dentalTitle')}</h2>
            <p>{t('sell.dentalText')}</p>
            {scrapPage ? (
              <>
                <h2>{t('sell.hallmarkTitle')}</h2>
                <p>{t('sell.hallmarkText')}</p>
              </>
            ) : (
              <>
                <h2>{t('sell.coinsTitle')}</h2>
                <p>
                  {t('sell.coinsText')} <Link to={pathFor('pricelist', lang)}>{t('sell.coinsLink')}</Link>
                </p>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
