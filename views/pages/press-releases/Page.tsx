// Press releases (spec 2): the page story's intro, a list of the releases, the rest of the story
// (boilerplate, media contact) and every release in full, newest first, each anchored by its slug (they have no page of their own).
import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { RichText } from '../../blocks/RichText.tsx';
import { articleDate } from '../../blocks/Articles.tsx';
import { telHref } from '../../../src/contracts/display.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { useShop } from '../../lib/context.tsx';
import type { PressReleasesData } from './loader.ts';

export default function PressReleasesPage() {
  const data = useLoaderData() as PressReleasesData;
  const shop = useShop();
  const { t } = shop;
  const title = data.page?.title ?? t('route.pressReleases');
  return (
    <>
      <Breadcrumb current={title} />
      <h1 className="container page-title">{title}</h1>
      {/* the intro, the list of releases, then the rest of the story (boilerplate, media contact) */}
      <Blocks blocks={data.page?.blocks.slice(0, 1)} lists={data.lists} />
      {data.releases.length ? (
        <nav className="container press-index" aria-labelledby="press-index-heading">
          <h2 id="press-index-heading">{t('press.index')}</h2>
          <ul>
            {data.releases.map((r) => (
              <li key={r.id}>
                <a href={`#${r.slug}`}>{r.title}</a> <span className="muted">{articleDate(shop, { date: r.date, publishedAt: null })?.label}</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Blocks blocks={data.page?.blocks.slice(1)} lists={data.lists} />
      <div className="container press-releases">
        {data.releases.map((r) => {
          const date = articleDate(shop, { date: r.date, publishedAt: null });
          return (
            <article key={r.id} id={r.slug} className="press-release" aria-labelledby={`${r.slug}-title`}>
              <h2 id={`${r.slug}-title`}>{r.title}</h2>
              <p className="article-meta">
                {r.location ? <span>{r.location}</span> : null}
                {date ? <time dateTime={date.iso}>{date.label}</time> : null}
              </p>
              {r.teaser ? <p className="lead">{r.teaser}</p> : null}
              <RichText doc={r.body} />
              {r.contacts.length ? (
                <div className="press-contact">
                  <h3>{t('press.contact')}</h3>
                  {r.contacts.map((c) => (
                    <p key={c.email}>
                      {c.name}, {c.role}
                      <br />
                      <a href={`mailto:${c.email}`}>{c.email}</a> · <a href={telHref(c.phone)}>{c.phone}</a>
                    </p>
                  ))}
                </div>
              ) : null}
            </article>
          );
        })}
      </div>
    </>
  );
}
