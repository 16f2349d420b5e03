import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import type { CmsPageData } from './loader.ts';

export default function CmsPage() {
  const { page, lists } = useLoaderData() as CmsPageData;
  const hasH1 = page.blocks.some((b) => b.type === 'hero');
  return (
    <>
      <Breadcrumb current={page.title} />
      {hasH1 ? null : <h1 className="container page-title">{page.title}</h1>}
      <Blocks blocks={page.blocks} lists={lists} />
      <Blocks blocks={page.after} lists={lists} />
    </>
  );
}
