import { redirect, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import type { Article, TagInfo } from '../../../src/contracts/content.ts';
import { loaderContext } from '../../lib/context.tsx';
import { articleHref, articleSlug } from '../../lib/content.ts';
import type { PageMeta } from '../../lib/meta.ts';
import { notFound, unavailable } from '../../lib/not-found.ts';

export interface ArticleData {
  article: Article;
  /** the blog's tags (labels of the article's tags); empty outside the blog */
  tags: TagInfo[];
  meta: PageMeta;
}

/** An article page of a folder: /blog/{slug}, /wissen/{slug} (/en/knowledge-hub/{slug}), /news/{slug...}.
 * English URLs carry the story's English slug (slug_en) where it has one; the article knows both. */
function articleLoader(folder: Article['folder']): LoaderFunction {
  return async ({ params, request, context }: LoaderFunctionArgs): Promise<ArticleData> => {
    const ctx = context.get(loaderContext);
    const slug = (folder === 'news' ? params['*'] : params.slug) ?? '';
    const [article, tags] = await Promise.all([ctx.cms.article(folder, slug).catch(unavailable), folder === 'blog' ? ctx.cms.tags().catch(() => []) : []]);
    if (!article) return notFound(ctx, new URL(request.url).pathname);
    // reached by the other language's slug (an old /en/blog/<german slug> link): 301 to this language's URL
    if (articleSlug(article, ctx.lang) !== slug) throw redirect(articleHref(article, ctx.lang) + new URL(request.url).search, 301);
    const other = ctx.lang === 'de' ? 'en' : 'de';
    return { article, tags, meta: { title: article.meta.title, description: article.meta.description, alternates: { [other]: articleHref(article, other) } } };
  };
}

export const blogArticleLoader = articleLoader('blog');
export const knowledgeArticleLoader = articleLoader('wissen');
export const newsArticleLoader = articleLoader('news');
