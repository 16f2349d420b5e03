import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { StorefrontProduct } from '../../../src/contracts/catalogue.ts';
import { pathFor } from '../../../src/screens.ts';
import { loaderContext } from '../../lib/context.tsx';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound } from '../../lib/not-found.ts';
import { productBySlug } from '../../models/product-loader.ts';
import { translator } from '../../../src/i18n.ts';

export interface ProductLimitOrderData {
  product: StorefrontProduct;
  meta: PageMeta;
}

/** The limit-order form of a product (account guard: guests log in first and come back here). An unknown
 * slug, or a product without a metal price (accessories), is the 404 page; the other language's slug
 * redirects like the product page. */
export async function productLimitOrderLoader({ request, params, context }: LoaderFunctionArgs): Promise<ProductLimitOrderData> {
  const ctx = context.get(loaderContext);
  const url = new URL(request.url);
  const slug = params.slug ?? '';
  const { product } = await productBySlug(ctx, slug, url.pathname);
  if (product.metal === null) {
    // spec 2: the 404 says why, in the words of the product (no limit order without a metal price)
    const t = translator(ctx.lang);
    return notFound(ctx, url.pathname, {
      title: t('error.noLimitOrderTitle', { name: product.localizedName }),
      message: t('error.noLimitOrder', { name: product.localizedName }),
      link: { to: pathFor('product', ctx.lang, { slug: product.localizedSlug }), label: t('error.toProduct') },
    });
  }
  if (product.localizedSlug !== slug) throw redirect(pathFor('productLimitOrder', ctx.lang, { slug: product.localizedSlug }), 301);
  return { product, meta: { noindex: true, title: product.localizedName } };
}
