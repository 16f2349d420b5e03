// Paging of a list (blog, news): previous (not on the first page), the page numbers and next (not on the
// last), as links that keep the list's other query parameters. The current page has aria-current.
import { Link } from './ShopLink.tsx';
import { useShop } from '../lib/context.tsx';

export function pageHref(base: string, query: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

export function Pagination({ base, query = {}, page, pages }: { base: string; query?: Record<string, string | undefined>; page: number; pages: number }) {
  const { t } = useShop();
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={t('articles.pages')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link to={pageHref(base, query, page - 1)} rel="prev">{t('articles.previousPage')}</Link>
          </li>
        ) : null}
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="pagination-current"><span className="visually-hidden">{t('articles.page')} </span>{n}</span>
            ) : (
              <Link to={pageHref(base, query, n)}><span className="visually-hidden">{t('articles.page')} </span>{n}</Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={pageHref(base, query, page + 1)} rel="next">{t('articles.nextPage')}</Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
