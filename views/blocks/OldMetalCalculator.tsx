// The old-metal calculator (CMS block old_metal_calculator, spec 1: metal, fineness, weight -> estimated
// price). Issue 17: the shop has one scrap calculator, the sell pages' form (views/components/cart/ScrapForm.tsx:
// the live estimate from the current bid prices with the one shared calculation, src/contracts/scrap.ts, and
// "add to the sell cart"); this block shows it with the block's headline, text and preselected metal. The
// sell and scrap pages have that form already and leave this block out (views/pages/sell/Page.tsx).
import type { Block } from '../../src/contracts/content.ts';
import { useShop } from '../lib/context.tsx';
import { cartPath } from '../components/cart/HeaderCarts.tsx';
import { ScrapForm } from '../components/cart/ScrapForm.tsx';
import { Link } from '../components/ShopLink.tsx';

export function OldMetalCalculator({ block }: { block: Extract<Block, { type: 'old_metal_calculator' }> }) {
  const { t, lang } = useShop();
  return (
    <section className="block container calculator">
      <div className="calculator-panel">
        <ScrapForm idPrefix="calculator" defaultMetal={block.defaultMetal} title={block.headline} intro={block.text} />
        <p className="sell-cart-link"><Link to={cartPath(lang, 'sell')}>{t('sell.toSellCart')}</Link></p>
      </div>
    </section>
  );
}
