import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import type { CmsPageData } from './loader.ts';

export default function CmsPage() {
  const { story } = useLoaderData() as CmsPageData;
  const body = story.content.body ?? [];
  const hasH1 = body.some((b) => b.component === 'hero');
  return (
    <>
      <Breadcrumb current={story.content.title ?? story.name} />
      {hasH1 ? null : <h1 className="container page-title">{story.content.title ?? story.name}</h1>}
      <Blocks blocks={body} />
    </>
  );
}
