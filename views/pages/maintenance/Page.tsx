import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { useShop } from '../../lib/context.tsx';
import type { Page } from '../../../src/contracts/content.ts';

export default function MaintenancePage() {
  const { page } = useLoaderData() as { page: Page | null };
  const { t } = useShop();
  return (
    <section className="container page-section maintenance">
      <h1>{page?.title ?? t('maintenance.title')}</h1>
      {page?.blocks.length ? <Blocks blocks={page.blocks} /> : <p>{t('maintenance.text')}</p>}
    </section>
  );
}
