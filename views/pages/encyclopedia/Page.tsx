// The knowledge hub: the encyclopedia story (intro, then one accordion per initial letter, with an A-Z
// index to jump to a letter) and every knowledge article (streamed in after the A-Z).
import { useLoaderData } from 'react-router';
import type { ArticleTeaser, Block } from '../../../src/contracts/content.ts';
import { Blocks, Disclosures } from '../../blocks/Blocks.tsx';
import { TeaserList } from '../../blocks/Articles.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Streamed } from '../../components/Streamed.tsx';
import { useShop } from '../../lib/context.tsx';
import type { EncyclopediaData } from './loader.ts';

type Accordion = Extract<Block, { type: 'accordion' }>;
/** an accordion whose headline is one letter is a letter of the encyclopedia */
const isLetter = (b: Block): b is Accordion => b.type === 'accordion' && /^\p{Lu}$/u.test(b.headline ?? '');
const anchor = (letter: string) => `letter-${letter.toLowerCase()}`;

export default function EncyclopediaPage() {
  const data = useLoaderData() as EncyclopediaData;
  const { t } = useShop();
  const letters = data.page.blocks.filter(isLetter);
  const before = data.page.blocks.filter((b) => !isLetter(b));
  return (
    <>
      <Breadcrumb current={data.page.title} />
      <h1 className="container page-title">{data.page.title}</h1>
      <Blocks blocks={before} lists={data.lists} />
      {letters.length ? (
        <nav className="container az-index" aria-label={t('articles.azIndex')}>
          <ul>
            {letters.map((b) => (
              <li key={b.id}><a href={`#${anchor(b.headline ?? '')}`}>{b.headline}</a></li>
            ))}
            <li><a href="#knowledge-heading" className="az-articles">{t('articles.knowledgeLink')}</a></li>
          </ul>
        </nav>
      ) : null}
      <div className="encyclopedia">
        {letters.map((b) => (
          <div key={b.id} id={anchor(b.headline ?? '')} className="encyclopedia-letter">
            <Disclosures headline={b.headline} items={b.items.map((i) => ({ id: i.id, summary: i.title, text: i.text }))} />
          </div>
        ))}
      </div>
      <section className="container block knowledge-articles" aria-labelledby="knowledge-heading">
        <h2 id="knowledge-heading">{t('articles.knowledgeHeading')}</h2>
        <Streamed id="knowledge-articles" value={data.articles} fallback={<p className="muted" aria-busy="true">{t('prices.loading')}</p>}>
          {(items: ArticleTeaser[]) => <TeaserList items={items} />}
        </Streamed>
      </section>
    </>
  );
}
