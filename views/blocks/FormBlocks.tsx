// Blocks with forms of their own (spec 2: newsletter block, whistleblower form): the newsletter
// subscription (POST /newsletters/subscriptions, double opt-in) and the whistleblower system (POST
// /application/whistleblow; the reporter reads the answers with case reference and access code).
import { useId } from 'react';
import type { Block } from '../../src/contracts/content.ts';
import { NewsletterForm } from '../components/forms/NewsletterForm.tsx';
import { WhistleblowerSystem } from '../components/forms/Whistleblower.tsx';
import { RichText } from './RichText.tsx';

export function Newsletter({ block }: { block: Extract<Block, { type: 'newsletter' }> }) {
  const id = useId();
  return (
    <section className="block container newsletter" aria-labelledby={id}>
      <div className="newsletter-inner">
        <div>
          <h2 id={id}>{block.headline}</h2>
          <p>{block.text}</p>
        </div>
        <NewsletterForm source="block" className="newsletter-block-form" />
      </div>
    </section>
  );
}

export function WhistleblowerForm({ block }: { block: Extract<Block, { type: 'whistleblower_form' }> }) {
  const id = useId();
  return (
    <section className="block container whistleblower-form" aria-labelledby={id}>
      <h2 id={id}>{block.headline}</h2>
      <RichText doc={block.intro} />
      <WhistleblowerSystem />
    </section>
  );
}
