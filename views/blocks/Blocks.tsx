// CMS blocks (spec 2 block types). Unknown components render nothing: content can run ahead of code.
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { CmsBlock } from '../lib/cms-types.ts';
import { RichText } from './RichText.tsx';

type BlockProps = { block: CmsBlock };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): CmsBlock[] => (Array.isArray(v) ? (v as CmsBlock[]) : []);
/** Storyblok link fields are objects ({ cached_url, url, linktype }); plain strings are accepted too. */
export function linkHref(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') {
    const o = v as { url?: string; cached_url?: string; linktype?: string };
    const u = o.url || o.cached_url || '';
    return o.linktype === 'story' && u && !u.startsWith('/') ? `/${u}` : u;
  }
  return '';
}
function imageSrc(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object') return str((v as { filename?: string }).filename);
  return '';
}
function imageAlt(v: unknown, fallback: string): string {
  if (v && typeof v === 'object') return str((v as { alt?: string }).alt) || fallback;
  return fallback;
}

function SmartLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) return <Link to={href} className={className}>{children}</Link>;
  if (/^https:\/\//.test(href)) return <a href={href} className={className} rel="noopener noreferrer">{children}</a>;
  return <span className={className}>{children}</span>;
}

function Hero({ block }: BlockProps) {
  const href = linkHref(block.cta_link);
  const img = imageSrc(block.image);
  return (
    <section className="block hero">
      <div className="container hero-inner">
        <div className="hero-copy">
          <h1>{str(block.headline) || str(block.title)}</h1>
          {block.text ? (typeof block.text === 'string' ? <p className="hero-text">{block.text}</p> : <RichText doc={block.text} />) : null}
          {href && str(block.cta_label) ? <SmartLink href={href} className="button button-primary">{str(block.cta_label)}</SmartLink> : null}
        </div>
        {img ? <img className="hero-image" src={img} alt={imageAlt(block.image, '')} width={400} height={400} fetchPriority="high" /> : null}
      </div>
    </section>
  );
}

function RichTextBlock({ block }: BlockProps) {
  return (
    <section className="block container prose">
      {str(block.headline) ? <h2>{str(block.headline)}</h2> : null}
      <RichText doc={block.text ?? block.content ?? block.body} />
    </section>
  );
}

function Faq({ block }: BlockProps) {
  const items = list(block.items);
  return (
    <section className="block container faq">
      {str(block.headline) || str(block.title) ? <h2>{str(block.headline) || str(block.title)}</h2> : null}
      {items.map((item) => (
        <details key={item._uid} className="disclosure">
          <summary>{str(item.question) || str(item.title)}</summary>
          <RichText doc={item.answer ?? item.text ?? item.content} />
        </details>
      ))}
    </section>
  );
}

function Cards({ block }: BlockProps) {
  const items = list(block.items ?? block.cards);
  return (
    <section className="block container">
      {str(block.headline) || str(block.title) ? <h2>{str(block.headline) || str(block.title)}</h2> : null}
      <ul className="cards">
        {items.map((item) => {
          const href = linkHref(item.link);
          const img = imageSrc(item.image);
          return (
            <li key={item._uid} className="card">
              {img ? <img src={img} alt="" width={320} height={200} loading="lazy" /> : null}
              <h3>{href ? <SmartLink href={href}>{str(item.title)}</SmartLink> : str(item.title)}</h3>
              {typeof item.text === 'string' ? <p>{item.text}</p> : <RichText doc={item.text} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Notice({ block }: BlockProps) {
  const tone = str(block.tone) || str(block.type) || 'info';
  return (
    <aside className={`block container notice notice-${tone === 'warning' ? 'warning' : 'info'}`}>
      {str(block.title) || str(block.headline) ? <p className="notice-title">{str(block.title) || str(block.headline)}</p> : null}
      {typeof block.text === 'string' ? <p>{block.text}</p> : <RichText doc={block.text} />}
    </aside>
  );
}

const registry: Record<string, ComponentType<BlockProps>> = {
  hero: Hero,
  banner: Hero,
  rich_text: RichTextBlock,
  richtext: RichTextBlock,
  faq: Faq,
  accordion: Faq,
  cards: Cards,
  notice: Notice,
};

/** Lets later capabilities add block types (product carousel, metal price chart, ...). */
export function registerBlock(component: string, render: ComponentType<BlockProps>) {
  registry[component] = render;
}

export function Blocks({ blocks }: { blocks: CmsBlock[] | undefined }) {
  return (
    <>
      {(blocks ?? []).map((b) => {
        const C = registry[b.component];
        return C ? <C key={b._uid} block={b} /> : null;
      })}
    </>
  );
}
