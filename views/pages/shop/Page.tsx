// The shop, a category and the deals list (spec 2 "shop, item"): one listing page.
import { useLoaderData } from 'react-router';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { ListingView } from '../../components/listing/ListingView.tsx';
import type { ListingData } from '../../models/listing-data.ts';

export default function ShopPage() {
  const data = useLoaderData() as ListingData;
  return (
    <>
      <Breadcrumb current={data.title} />
      <section className="container page-section listing" data-listing={data.kind}>
        <h1 className="page-title">{data.title}</h1>
        {data.meta.description ? <p className="lead">{data.meta.description}</p> : null}
        <ListingView data={data} />
      </section>
    </>
  );
}
