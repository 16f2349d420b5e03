import { Link, useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { Streamed } from '../../components/Streamed.tsx';
import { useShop } from '../../lib/context.tsx';
import type { HomeData, NewsTeaser } from './loader.ts';

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
          {(news: NewsTeaser[]) => <NewsList news={news} />}
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

function NewsList({ news }: { news: NewsTeaser[] }) {
  const shop = useShop();
  if (news.length === 0) return null;
  return (
    <ul className="news-list">
      {news.map((n) => (
        <li key={n.uuid} className="news-item">
          <p className="news-date">{n.publishedAt ? shop.date(n.publishedAt) : null}</p>
          <h3>
            <Link to={`${shop.lang === 'en' ? '/en' : ''}/news/${n.slug}`}>{n.title}</Link>
          </h3>
          {n.teaser ? <p>{n.teaser}</p> : null}
        </li>
      ))}
    </ul>
  );
}
