// An article: blog (with its tags), knowledge hub or news. Title, date, reading time and author, the
// teaser as the lead, the text, the author's note and two related articles.
import { useLoaderData } from 'react-router';
import { ArticleMeta, TagLinks, TeaserList } from '../../blocks/Articles.tsx';
import { RichText } from '../../blocks/RichText.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { useShop } from '../../lib/context.tsx';
import type { ArticleData } from './loader.ts';

export default function ArticlePage() {
  const { article, tags } = useLoaderData() as ArticleData;
  const { t } = useShop();
  return (
    <>
      <Breadcrumb current={article.title} />
      <div className="container">
        <article className="article" aria-labelledby="article-title">
          <header className="article-header">
            <h1 id="article-title" className="page-title">{article.title}</h1>
            <ArticleMeta article={article} />
            {article.author ? <p className="article-byline">{t('articles.by', { name: article.author.name, role: article.author.role })}</p> : null}
            {article.teaser ? <p className="lead">{article.teaser}</p> : null}
          </header>
          <RichText doc={article.body} className="rich-text article-body" />
          {tags.length ? <TagLinks names={article.tags} tags={tags} /> : null}
          {article.author?.bio ? (
            <aside className="author-note" aria-label={t('articles.aboutAuthor')}>
              <p className="author-name">{article.author.name}</p>
              <p>{article.author.bio}</p>
            </aside>
          ) : null}
        </article>
      </div>
      {article.related.length ? (
        <section className="container block related" aria-labelledby="related-heading">
          <h2 id="related-heading">{t('articles.related')}</h2>
          <TeaserList items={article.related} />
        </section>
      ) : null}
    </>
  );
}
