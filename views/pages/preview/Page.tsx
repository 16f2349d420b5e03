// The preview pages (spec 2, preview layout): draft content of a page story, marked as a preview, for
// editors and for the components it shows (the cookie dialog's texts, the Trusted Shops opt-in).
import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { useShop } from '../../lib/context.tsx';
import type { PreviewData } from './loader.ts';

export default function PreviewPage() {
  const { page, lists } = useLoaderData() as PreviewData;
  const { t } = useShop();
  return (
    <>
      <p className="preview-ribbon" role="note">{t('preview.ribbon')}</p>
      <h1 className="container page-title">{page.title}</h1>
      <Blocks blocks={page.blocks} lists={lists} />
      <Blocks blocks={page.after} lists={lists} />
    </>
  );
}
