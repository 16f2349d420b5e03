// News (spec 2): the page story's intro (and its price chart), the news of the current page, paging, then
// the story's blocks below the list.
import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { TeaserList } from '../../blocks/Articles.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import type { NewsData } from './loader.ts';

export default function NewsPage() {
  const data = useLoaderData() as NewsData;
  const { t, lang } = useShop();
  const title = data.page?.title ?? t('route.news');
  const pages = Math.max(1, Math.ceil(data.list.total / data.list.perPage));
  return (
    <>
      <Breadcrumb current={title} />
      <h1 className="container page-title">{title}</h1>
      <Blocks blocks={data.page?.blocks} lists={data.lists} />
      <section className="container article-list" aria-labelledby="news-list-heading">
        <h2 id="news-list-heading">{data.list.page > 1 ? t('articles.newsPage', { page: data.list.page }) : t('articles.latestNews')}</h2>
        <TeaserList items={data.list.items} headingLevel={3} />
        <Pagination base={pathFor('news', lang)} page={data.list.page} pages={pages} />
      </section>
      <Blocks blocks={data.page?.after} lists={data.lists} />
    </>
  );
}
