import { Link, useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { Streamed } from '../../components/Streamed.tsx';
import { useShop } from '../../lib/context.tsx';
import type { CmsStory } from '../../lib/cms-types.ts';
import type { HomeData } from './loader.ts';

export default function HomePage() {
  const data = useLoaderData() as HomeData;
  const shop = useShop();
  const body = data.story?.content.body ?? [];
  const hasH1 = body.some((b) => b.component === 'hero');
  return (
    <>
      {hasH1 ? null : <h1 className="container page-title">{shop.t('shop.name')}</h1>}
      <Blocks blocks={body} />
      <section className="block container" aria-labelledby="home-news">
        <h2 id="home-news">{shop.t('route.news')}</h2>
        <Streamed id="home.news" value={data.news} fallback={<NewsSkeleton />}>
          {(news: CmsStory[]) => <NewsList news={news} />}
        </Streamed>
      </section>
    </>
  );
}

function NewsSkeleton() {
  return (
    <ul className="news-list" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="news-item skeleton" />
      ))}
    </ul>
  );
}

function NewsList({ news }: { news: CmsStory[] }) {
  const shop = useShop();
  if (news.length === 0) return null;
  return (
    <ul className="news-list">
      {news.map((n) => (
        <li key={n.uuid} className="news-item">
          <p className="news-date">{n.first_published_at ? shop.date(n.first_published_at) : null}</p>
          <h3>
            <Link to={`${shop.lang === 'en' ? '/en' : ''}/news/${n.slug}`}>{n.content.title ?? n.name}</Link>
          </h3>
          {typeof n.content.teaser === 'string' ? <p>{n.content.teaser}</p> : null}
        </li>
      ))}
    </ul>
  );
}
