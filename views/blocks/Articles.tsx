// Article teasers: the news and articles blocks (the newest few) and the lists of the blog, news and
// knowledge pages. Dates are the editorial date of the article in the shop's date format (spec 9).
import { useId, type ReactNode } from 'react';
import type { ArticleTeaser, Block, TagInfo } from '../../src/contracts/content.ts';
import { pageHref } from '../components/Pagination.tsx';
import { useShop, type Shop } from '../lib/context.tsx';
import { articleHref } from '../lib/content.ts';
import { Link } from '../components/ShopLink.tsx';
import { pathFor } from '../../src/screens.ts';
import { Streamed } from '../components/Streamed.tsx';
import { useTeaserList } from '../lib/teaser-lists.ts';

/** The editorial date ('YYYY-MM-DD HH:MM', the day is what counts), else the first publication. */
export function articleDate(shop: Shop, a: Pick<ArticleTeaser, 'date' | 'publishedAt'>): { iso: string; label: string } | null {
  const day = a.date?.slice(0, 10) ?? a.publishedAt?.slice(0, 10);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  // noon UTC: the same calendar day in every zone the formatter may use
  return { iso: day, label: shop.date(`${day}T12:00:00Z`) };
}

export function ArticleMeta({ article }: { article: ArticleTeaser }) {
  const shop = useShop();
  const date = articleDate(shop, article);
  return (
    <p className="article-meta">
      {date ? <time dateTime={date.iso}>{date.label}</time> : null}
      {article.category && article.folder !== 'wissen' ? <span>{shop.t(`articles.category.${article.category}`)}</span> : null}
      {article.readingMinutes ? <span>{shop.t('articles.readingTime', { n: article.readingMinutes })}</span> : null}
    </p>
  );
}

/** The article's tags as links to the blog filtered by each (labels from blog/tags). */
export function TagLinks({ names, tags }: { names: string[]; tags: TagInfo[] }) {
  const { t, lang } = useShop();
  const known = names.map((n) => tags.find((x) => x.name === n)).filter((x): x is TagInfo => !!x);
  if (known.length === 0) return null;
  return (
    <p className="tag-links">
      <span className="visually-hidden">{t('articles.tags')}: </span>
      {known.map((tag) => (
        <Link key={tag.name} to={pageHref(pathFor('blog', lang), { tag: tag.name }, 1)} className="tag-chip tag-chip-small">{tag.label}</Link>
      ))}
    </p>
  );
}

export function TeaserList({ items, headingLevel = 3, tags }: { items: ArticleTeaser[]; headingLevel?: 2 | 3; tags?: TagInfo[] }) {
  const { lang } = useShop();
  const H = `h${headingLevel}` as 'h3';
  return (
    <ul className="teaser-list">
      {items.map((a) => (
        <li key={a.id} className="teaser">
          <article>
            <H className="teaser-title">
              <Link to={articleHref(a, lang)}>{a.title}</Link>
            </H>
            <ArticleMeta article={a} />
            {a.teaser ? <p className="teaser-text">{a.teaser}</p> : null}
            {tags && a.folder === 'blog' ? <TagLinks names={a.tags} tags={tags} /> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

function TeaserSkeleton({ count }: { count: number }) {
  return (
    <ul className="teaser-list" aria-busy="true">
      {Array.from({ length: Math.min(count, 6) }, (_, i) => (
        <li key={i} className="teaser skeleton" />
      ))}
    </ul>
  );
}

/** The newest articles of a news or articles block; they stream in after the shell (teaser-lists.ts). */
function TeaserBlock({ block, more }: { block: Extract<Block, { type: 'news' | 'articles' }>; more: { href: string; label: string } }) {
  const id = useId();
  const list = useTeaserList(block.query.key);
  // The placeholder's heading gets an id of its own: while the list streams in, the document holds the
  // placeholder and the finished block side by side (React swaps them), and an id may occur once (issue 28).
  const frame = (body: ReactNode, headingId = id) => (
    <section className="block container teaser-block" aria-labelledby={headingId}>
      <div className="block-head">
        <h2 id={headingId}>{block.headline}</h2>
        <Link to={more.href} className="block-more">{more.label}</Link>
      </div>
      {body}
    </section>
  );
  return (
    <Streamed id={`teasers-${block.query.key}`} value={list} fallback={frame(<TeaserSkeleton count={block.query.count} />, `${id}-loading`)}>
      {(items: ArticleTeaser[]) => (items.length ? frame(<TeaserList items={items} />) : null)}
    </Streamed>
  );
}

export function NewsBlock({ block }: { block: Extract<Block, { type: 'news' }> }) {
  const { t, lang } = useShop();
  return <TeaserBlock block={block} more={{ href: pathFor('news', lang), label: t('articles.allNews') }} />;
}

export function ArticlesBlock({ block }: { block: Extract<Block, { type: 'articles' }> }) {
  const { t, lang } = useShop();
  const more = block.query.folder === 'wissen' ? { href: pathFor('encyclopedia', lang), label: t('articles.allKnowledge') } : { href: pathFor('blog', lang), label: t('articles.allBlog') };
  return <TeaserBlock block={block} more={more} />;
}
