// CMS blocks (spec 2 block types), from the shop's Block type (src/contracts/content.ts; the storefront
// reshapes Storyblok's blocks into it and drops unknown ones). One explicit table maps every block type to
// its view: a type without a view fails the typecheck.
import type { ComponentType } from 'react';
import type { Block, BlockType } from '../../src/contracts/content.ts';
import { RichText } from './RichText.tsx';
import { SmartLink } from './SmartLink.tsx';
import { Icon } from './Icon.tsx';
import { BannerBlock, Slider } from './Banner.tsx';
import { TeaserListsContext, type TeaserLists } from '../lib/teaser-lists.ts';
import { Deferred } from '../components/Deferred.tsx';
import { blockParts, type DeferredBlockType } from './block-parts.ts';
import { Island } from '../components/Island.tsx';
import { blockIslands, type IslandBlockType } from './block-islands.ts';

export { SmartLink };

type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;
type BlockView<T extends BlockType> = ComponentType<{ block: BlockOf<T> }>;

function Hero({ block }: { block: BlockOf<'hero'> }) {
  return (
    <section className="block hero">
      <div className="container hero-inner">
        <div className="hero-copy">
          <h1>{block.headline}</h1>
          <RichText doc={block.text} className="hero-text" />
          {block.cta ? <SmartLink href={block.cta.href} className="button button-primary">{block.cta.label}</SmartLink> : null}
        </div>
        {block.image ? <img className="hero-image" src={block.image.src} alt={block.image.alt} width={400} height={400} fetchPriority="high" /> : null}
      </div>
    </section>
  );
}

/** A block is a section when it has a heading of its own, else a plain div (issue 28: the HTML checker
 * warns of a section without heading; the CMS's text and column blocks often have none). */
const sectionOr = (headline: string | undefined | null) => (headline ? 'section' : 'div');

function RichTextBlock({ block }: { block: BlockOf<'rich_text'> }) {
  const Tag = sectionOr(block.headline);
  return (
    <Tag className="block container prose">
      {block.headline ? <h2>{block.headline}</h2> : null}
      <RichText doc={block.text} />
    </Tag>
  );
}

export function Disclosures({ headline, items }: { headline?: string; items: { id: string; summary: string; text: BlockOf<'faq'>['items'][number]['answer'] }[] }) {
  return (
    <section className="block container faq">
      {headline ? <h2>{headline}</h2> : null}
      {items.map((item) => (
        <details key={item.id} className="disclosure">
          <summary>{item.summary}</summary>
          <RichText doc={item.text} />
        </details>
      ))}
    </section>
  );
}

function Faq({ block }: { block: BlockOf<'faq'> }) {
  return <Disclosures headline={block.headline} items={block.items.map((i) => ({ id: i.id, summary: i.question, text: i.answer }))} />;
}

function Accordion({ block }: { block: BlockOf<'accordion'> }) {
  return <Disclosures headline={block.headline} items={block.items.map((i) => ({ id: i.id, summary: i.title, text: i.text }))} />;
}

function Cards({ block }: { block: BlockOf<'cards'> }) {
  return (
    <section className="block container">
      {block.headline ? <h2>{block.headline}</h2> : null}
      <ul className="cards">
        {block.items.map((item) => (
          <li key={item.id} className="card">
            {item.image ? <img src={item.image.src} alt="" width={320} height={200} loading="lazy" /> : null}
            {item.icon ? <span className="card-icon"><Icon name={item.icon} /></span> : null}
            <h3>{item.title}</h3>
            <p>{item.text}</p>
            {item.link ? <SmartLink href={item.link.href} className="card-link">{item.link.label}</SmartLink> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Notice({ block }: { block: BlockOf<'notice'> }) {
  return (
    <aside className={`block container notice notice-${block.tone}`}>
      {block.title ? <p className="notice-title">{block.title}</p> : null}
      <RichText doc={block.text} />
    </aside>
  );
}

/** Layout only: the blocks side by side from 768 px, stacked below (no nested sections). */
function Section({ block }: { block: BlockOf<'section'> }) {
  const Tag = sectionOr(block.headline);
  return (
    <Tag className={`block section section-cols-${block.columns}`}>
      {block.headline ? <h2 className="container">{block.headline}</h2> : null}
      <div className="container section-grid">
        <Blocks blocks={block.blocks} />
      </div>
    </Tag>
  );
}

/** A heavy block's view: its code loads only on a page that shows it (block-parts.ts). */
function deferred<T extends DeferredBlockType>(type: T): BlockView<T> {
  const part = blockParts[type];
  return function DeferredBlock({ block }) {
    return <Deferred part={part} props={{ block }} />;
  };
}

/** A block that comes alive near the screen or on first use: its code loads then (block-islands.ts). */
function island<T extends IslandBlockType>(type: T): BlockView<T> {
  const part = blockIslands[type];
  return function IslandBlock({ block }) {
    // a product block whose products are all gone renders nothing (Products.tsx), not even its island's element
    if ('products' in block && Array.isArray(block.products) && block.products.length === 0) return null;
    return <Island part={part} props={{ block } as never} />;
  };
}

const views: { [T in BlockType]: BlockView<T> } = {
  hero: Hero,
  banner: BannerBlock,
  slider: Slider,
  rich_text: RichTextBlock,
  faq: Faq,
  accordion: Accordion,
  cards: Cards,
  notice: Notice,
  stores_list: island('stores_list'),
  metal_price_chart: deferred('metal_price_chart'),
  product_carousel: island('product_carousel'),
  product_cards: island('product_cards'),
  news: island('news'),
  articles: island('articles'),
  old_metal_calculator: deferred('old_metal_calculator'),
  contact_data: deferred('contact_data'),
  company_facts: deferred('company_facts'),
  newsletter: deferred('newsletter'),
  whistleblower_form: deferred('whistleblower_form'),
  how_to_sell: island('how_to_sell'),
  video: island('video'),
  section: Section,
};

/** The blocks of a page. lists: the page's deferred teaser lists (loaders: teaserLists), for its news and
 * articles blocks; nested Blocks (sections) inherit them. */
export function Blocks({ blocks, lists }: { blocks: Block[] | undefined; lists?: Promise<TeaserLists> | TeaserLists | null }) {
  const out = (
    <>
      {(blocks ?? []).map((b) => {
        const View = views[b.type] as BlockView<typeof b.type>;
        return <View key={b.id} block={b as never} />;
      })}
    </>
  );
  return lists === undefined ? out : <TeaserListsContext.Provider value={lists}>{out}</TeaserListsContext.Provider>;
}
