// The preview pages (spec 2, preview layout): draft content of a page story, marked as a preview, for
// editors and for the components it shows (the cookie dialog's texts, the Trusted Shops opt-in).
// In the CMS editor's iframe the page follows the editor (spec 4 StoryblockUpdated, client/state/preview-bridge.ts):
// a saved change ('change', 'published') reads the draft again without a reload; while the editor types
// ('input', unsaved) the title follows at once, the blocks with the next save.
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { useShop } from '../../lib/context.tsx';
import { useBrowser } from '../../lib/browser-port.ts';
import { concernsStory } from '../../../src/contracts/preview-bridge.ts';
import type { PreviewData } from './loader.ts';

export default function PreviewPage() {
  const { startPreviewBridge } = useBrowser();
  const { page, lists } = useLoaderData() as PreviewData;
  const { t } = useShop();
  const revalidator = useRevalidator();
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  useEffect(() => startPreviewBridge((m) => {
    if (!concernsStory(m, page)) return;
    if (m.action === 'input') {
      const title = m.story?.content?.title ?? m.story?.name;
      if (typeof title === 'string' && title.trim()) setTypedTitle(title.trim().slice(0, 200));
      return;
    }
    setTypedTitle(null);
    void revalidator.revalidate();
  }), [page.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <p className="preview-ribbon" role="note">{t('preview.ribbon')}</p>
      <h1 className="container page-title">{typedTitle ?? page.title}</h1>
      <Blocks blocks={page.blocks} lists={lists} />
      <Blocks blocks={page.after} lists={lists} />
    </>
  );
}
