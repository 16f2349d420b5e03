// How to sell (CMS block how_to_sell): the steps as an ordered list the view numbers, each with its icon.
import { useId } from 'react';
import type { Block } from '../../src/contracts/content.ts';
import { Icon } from './Icon.tsx';
import { SmartLink } from './SmartLink.tsx';

export function HowToSell({ block }: { block: Extract<Block, { type: 'how_to_sell' }> }) {
  const id = useId();
  return (
    <section className="block container how-to-sell" aria-labelledby={id}>
      <h2 id={id}>{block.headline}</h2>
      {block.intro ? <p className="lead">{block.intro}</p> : null}
      <ol className="steps">
        {block.steps.map((s, i) => (
          <li key={s.id} className="step">
            <span className="step-icon"><Icon name={s.icon} /></span>
            <h3 className="step-title"><span className="step-index" aria-hidden="true">{i + 1}</span> {s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
      {block.link ? <SmartLink href={block.link.href} className="button button-primary">{block.link.label}</SmartLink> : null}
    </section>
  );
}
