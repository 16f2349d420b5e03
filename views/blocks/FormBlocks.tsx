// Blocks whose forms post to endpoints of the account-area issue (spec 7: POST /newsletters/subscriptions,
// POST /application/whistleblow). Until those exist each block says what it is for and links to the
// contact page, where a message reaches the same people; the forms replace the links when the endpoints
// arrive (the blocks' fields stay as they are).
import { useId } from 'react';
import type { Block } from '../../src/contracts/content.ts';
import { pathFor } from '../../src/screens.ts';
import { useShop } from '../lib/context.tsx';
import { Link } from '../components/ShopLink.tsx';
import { RichText } from './RichText.tsx';

export function Newsletter({ block }: { block: Extract<Block, { type: 'newsletter' }> }) {
  const { t, lang } = useShop();
  const id = useId();
  return (
    <section className="block container newsletter" aria-labelledby={id}>
      <div className="newsletter-inner">
        <div>
          <h2 id={id}>{block.headline}</h2>
          <p>{block.text}</p>
        </div>
        <Link to={pathFor('contact', lang)} className="button button-primary">{t('blocks.newsletter.link')}</Link>
      </div>
    </section>
  );
}

export function WhistleblowerForm({ block }: { block: Extract<Block, { type: 'whistleblower_form' }> }) {
  const { t, lang } = useShop();
  const id = useId();
  return (
    <section className="block container whistleblower-form" aria-labelledby={id}>
      <h2 id={id}>{block.headline}</h2>
      <RichText doc={block.intro} />
      <p className="notice notice-info">
        {t('blocks.whistleblower.pending')} <Link to={pathFor('contact', lang)}>{t('blocks.whistleblower.link')}</Link>
      </p>
    </section>
  );
}
