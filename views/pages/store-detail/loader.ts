import type { LoaderFunctionArgs } from 'react-router';
import type { StoreDetail } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { otherLanguagePath } from '../../lib/content.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';
import { translator } from '../../../src/i18n.ts';
import { localizedPath } from '../../../src/screens.ts';

export interface StoreDetailData {
  store: StoreDetail;
  /** the stores page (the CMS page stores/filialen), for the breadcrumb */
  storesPage: { title: string; path: string } | null;
  meta: PageMeta;
}

/** spec 2 store detail (/filialen/{slug}, /en/stores/{slug}): a store of the CMS story stores/filialen. */
export async function storeDetailLoader({ params, request, context }: LoaderFunctionArgs): Promise<StoreDetailData> {
  const ctx = context.get(loaderContext);
  const [collection, storesPage] = await Promise.all([ctx.cms.stores().catch(unavailable), ctx.cms.page('stores/filialen').catch(() => null)]);
  const store = collection?.stores.find((s) => s.slug === params.slug);
  if (!store) return notFound(ctx, new URL(request.url).pathname);
  const t = translator(ctx.lang);
  return {
    store,
    storesPage: storesPage?.path ? { title: storesPage.title, path: localizedPath(ctx.lang, storesPage.path) } : null,
    meta: {
      title: t('stores.metaTitle', { name: store.name, city: store.city }),
      description: t('stores.metaDescription', { name: store.name, address: `${store.streetAddress}, ${store.postalCode} ${store.city}` }),
      alternates: { [ctx.lang === 'de' ? 'en' : 'de']: otherLanguagePath(ctx, 'storeDetail', { slug: store.slug }) },
    },
  };
}
