import { useLoaderData } from 'react-router';
import { Blocks } from '../../blocks/Blocks.tsx';
import { useShop } from '../../lib/context.tsx';
import type { CmsStory } from '../../lib/cms-types.ts';

export default function MaintenancePage() {
  const { story } = useLoaderData() as { story: CmsStory | null };
  const { t } = useShop();
  return (
    <section className="container page-section maintenance">
      <h1>{story?.content.title ?? t('maintenance.title')}</h1>
      {story?.content.body?.length ? <Blocks blocks={story.content.body} /> : <p>{t('maintenance.text')}</p>}
    </section>
  );
}
