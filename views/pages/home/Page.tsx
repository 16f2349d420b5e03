import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { useShop } from '../../lib/context.tsx';
import type { HomeData } from './loader.ts';
import { NewsletterLinkNotice } from '../../components/forms/NewsletterLinkNotice.tsx';

export default function HomePage() {
  const data = useLoaderData() as HomeData;
  const shop = useShop();
  const blocks = data.page?.blocks ?? [];
  const hasH1 = blocks.some((b) => b.type === 'hero');
  return (
    <>
      {hasH1 ? null : <h1 className="container page-title">{shop.t('shop.name')}</h1>}
      <NewsletterLinkNotice />
      <Blocks blocks={blocks} lists={data.lists} />
    </>
  );
}
