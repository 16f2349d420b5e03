// The frame of a screen whose content is its page story (the content screens and contact): the story's
// blocks, then what the screen adds of its own (a form), then the story's blocks below it (body_after).
// Without a story the screen still has its heading.
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { Blocks } from '../blocks/Blocks.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { useShop } from '../lib/context.tsx';
import type { RouteHandle } from '../../src/screens.ts';
import type { ContentScreenData } from '../models/content-screen-loader.ts';

export function ContentScreen({ data, children }: { data: Pick<ContentScreenData, 'page' | 'lists'>; children?: ReactNode }) {
  const shop = useShop();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const page = data.page;
  const hasH1 = page?.blocks.some((b) => b.type === 'hero') ?? false;
  return (
    <>
      {handle?.layout === 'default' ? <Breadcrumb current={page?.title} /> : null}
      {hasH1 ? null : <h1 className="container page-title">{page?.title ?? shop.t(handle?.titleKey ?? 'route.cmsPage')}</h1>}
      <Blocks blocks={page?.blocks} lists={data.lists} />
      {children}
      <Blocks blocks={page?.after} lists={data.lists} />
    </>
  );
}
