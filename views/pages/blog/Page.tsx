// The blog (spec 2: blog with tags): the page story's intro, the tags to filter by, the articles of the
// current tag and page (9 per page), paging, then the story's blocks below the list (newsletter).
import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { TeaserList } from '../../blocks/Articles.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { Pagination, pageHref } from '../../components/Pagination.tsx';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import type { BlogData } from './loader.ts';

export default function BlogPage() {
  const data = useLoaderData() as BlogData;
  const { t, lang } = useShop();
  const base = pathFor('blog', lang);
  const title = data.page?.title ?? t('route.blog');
  const pages = Math.max(1, Math.ceil(data.list.total / data.list.perPage));
  const total = data.list.total;
  return (
    <>
      <Breadcrumb current={title} />
      <h1 className="container page-title">{data.tag ? t('articles.tagTitle', { title, tag: data.tag.label }) : title}</h1>
      <Blocks blocks={data.page?.blocks} lists={data.lists} />
      <section className="container article-list" aria-labelledby="blog-list-heading">
        <h2 id="blog-list-heading" className="visually-hidden">{t('articles.listHeading')}</h2>
        <nav className="tag-filter" aria-label={t('articles.tagFilter')}>
          <ul>
            <li>
              <Link to={base} aria-current={data.tag ? undefined : 'page'} className="tag-chip">{t('articles.allTags')}</Link>
            </li>
            {data.tags.map((tag) => (
              <li key={tag.name}>
                <Link to={pageHref(base, { tag: tag.name }, 1)} aria-current={data.tag?.name === tag.name ? 'page' : undefined} className="tag-chip">
                  {tag.label} <span className="tag-count">({tag.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {data.tag?.description ? <p className="lead tag-description">{data.tag.description}</p> : null}
        <p className="list-count">{t(total === 1 ? 'articles.countOne' : 'articles.count', { count: total })}</p>
        <TeaserList items={data.list.items} headingLevel={3} tags={data.tags} />
        <Pagination base={base} query={{ tag: data.tag?.name }} page={data.list.page} pages={pages} />
      </section>
      <Blocks blocks={data.page?.after} lists={data.lists} />
    </>
  );
}
