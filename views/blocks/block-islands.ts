// CMS blocks below the first screen as islands (views/components/Island.tsx, issue 27): a page's product
// lists, teaser lists (news, articles), the selling steps, videos and store lists come alive when they
// scroll within 300 px of the screen or are used, and their code loads then, not with the page. Measured
// on a phone (375 x 812): the home page's hero fills the first screen, its slider starts at 938 px (alive at
// once: within the 300 px), the product carousel at 1,308 px and the rest further down. What they show
// before is the server's markup, complete but for live prices (placeholders of the same size, as the
// first render in the browser shows them anyway). views/parts-in-place.ts registers them for the server.
import type { Block, BlockType } from '../../src/contracts/content.ts';
import type { IslandPart } from '../components/Island.tsx';

export type IslandBlockType = 'product_carousel' | 'product_cards' | 'news' | 'articles' | 'how_to_sell' | 'video' | 'stores_list';
type PropsOf<T extends BlockType> = { block: Extract<Block, { type: T }> };

export const blockIslands: { [T in IslandBlockType]: IslandPart<PropsOf<T>> } = {
  product_carousel: { name: 'block-product-carousel', near: true, load: () => import('./Products.tsx').then((m) => m.ProductCarousel) },
  product_cards: { name: 'block-product-cards', near: true, load: () => import('./Products.tsx').then((m) => m.ProductCards) },
  news: { name: 'block-news', near: true, load: () => import('./Articles.tsx').then((m) => m.NewsBlock) },
  articles: { name: 'block-articles', near: true, load: () => import('./Articles.tsx').then((m) => m.ArticlesBlock) },
  how_to_sell: { name: 'block-how-to-sell', near: true, load: () => import('./HowToSell.tsx').then((m) => m.HowToSell) },
  video: { name: 'block-video', near: true, load: () => import('./Video.tsx').then((m) => m.Video) },
  stores_list: { name: 'block-stores-list', near: true, load: () => import('./StoresList.tsx').then((m) => m.StoresList) },
};
