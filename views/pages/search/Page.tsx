// The search page (spec 2: /suche?q=, /en/search?q=): a search form, then the results as a listing with
// filters, sorts and paging. An empty result says so and offers ways on: spelling tips, the categories,
// the top sellers and the whole shop.
import { useLoaderData } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { ListingView } from '../../components/listing/ListingView.tsx';
import { ProductGrid } from '../../components/listing/ProductGrid.tsx';
import { Streamed } from '../../components/Streamed.tsx';
import { Link } from '../../components/ShopLink.tsx';
import { useShop } from '../../lib/context.tsx';
import { pathFor } from '../../../src/screens.ts';
import type { CardProduct } from '../../models/listing-data.ts';
import type { SearchData } from './loader.ts';

export default function SearchPage() {
  const data = useLoaderData() as SearchData;
  const { t, lang } = useShop();
  return (
    <>
      <Breadcrumb current={t('route.search')} />
      <section className="container page-section listing search-page" data-listing="search">
        <h1 className="page-title">{data.state.q ? t('searchPage.resultsFor', { q: data.state.q }) : t('route.search')}</h1>
        <form className="search-page-form" role="search" method="get" action={pathFor('search', lang)}>
          <label htmlFor="search-page-q">{t('searchPage.label')}</label>
          <div className="search-page-row">
            <input id="search-page-q" name="q" type="search" defaultValue={data.state.q} key={data.state.q} maxLength={100} autoComplete="off" />
            <button type="submit" className="button button-primary">{t('nav.search')}</button>
          </div>
        </form>
        {data.state.q ? <ListingView data={data} empty={<NoResults data={data} />} /> : <p className="lead">{t('screen.intro.search')}</p>}
      </section>
    </>
  );
}

function NoResults({ data }: { data: SearchData }) {
  const { t, lang } = useShop();
  const categories = data.categories.filter((c) => !c.child);
  return (
    <div className="search-empty">
      <h2>{t('searchPage.empty.title', { q: data.state.q })}</h2>
      <ul className="search-empty-tips">
        <li>{t('searchPage.empty.spelling')}</li>
        <li>{t('searchPage.empty.fewer')}</li>
        <li>{t('searchPage.empty.general')}</li>
      </ul>
      {categories.length > 0 ? (
        <>
          <h3>{t('searchPage.empty.categories')}</h3>
          <ul className="search-empty-categories">
            {categories.map((c) => (
              <li key={c.id}><Link to={c.href}>{c.name}</Link></li>
            ))}
          </ul>
        </>
      ) : null}
      <Streamed id="search.topsellers" value={data.topsellers} fallback={null}>
        {(products: CardProduct[] | null) =>
          products && products.length > 0 ? (
            <>
              <h3>{t('searchPage.empty.topsellers')}</h3>
              <ProductGrid products={products} list={{ id: 'search_empty_topsellers', name: t('searchPage.empty.topsellers') }} headingLevel={3} className="product-grid-compact" />
            </>
          ) : null
        }
      </Streamed>
      <p><Link className="button button-primary" to={pathFor('shop', lang)}>{t('searchPage.empty.toShop')}</Link></p>
    </div>
  );
}
