// Renders Storyblok richtext JSON as React elements: no HTML strings, so content cannot inject markup.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface RichNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  content?: RichNode[];
}

function safeHref(href: unknown): string | null {
  if (typeof href !== 'string') return null;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  if (/^(https:|mailto:|tel:)/i.test(href)) return href;
  return null;
}

function renderText(node: RichNode, key: number): ReactNode {
  let out: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case 'bold':
        out = <strong key={key}>{out}</strong>;
        break;
      case 'italic':
        out = <em key={key}>{out}</em>;
        break;
      case 'link': {
        const href = safeHref(mark.attrs?.href);
        if (href?.startsWith('/')) out = <Link key={key} to={href}>{out}</Link>;
        else if (href) out = <a key={key} href={href} rel="noopener noreferrer">{out}</a>;
        break;
      }
      default:
        break;
    }
  }
  return out;
}

function renderNodes(nodes: RichNode[] | undefined, headingOffset: number): ReactNode[] {
  return (nodes ?? []).map((n, i) => renderNode(n, i, headingOffset));
}

function renderNode(node: RichNode, key: number, headingOffset: number): ReactNode {
  const kids = () => renderNodes(node.content, headingOffset);
  switch (node.type) {
    case 'doc':
      return <>{kids()}</>;
    case 'paragraph':
      return <p key={key}>{kids()}</p>;
    case 'heading': {
      // Page titles are h1; content headings start at h2 whatever the editor chose.
      const level = Math.min(6, Math.max(2, Number(node.attrs?.level ?? 2) + headingOffset));
      const H = `h${level}` as 'h2';
      return <H key={key}>{kids()}</H>;
    }
    case 'bullet_list':
      return <ul key={key}>{kids()}</ul>;
    case 'ordered_list':
      return <ol key={key}>{kids()}</ol>;
    case 'list_item':
      return <li key={key}>{kids()}</li>;
    case 'blockquote':
      return <blockquote key={key}>{kids()}</blockquote>;
    case 'hard_break':
      return <br key={key} />;
    case 'horizontal_rule':
      return <hr key={key} />;
    case 'text':
      return renderText(node, key);
    default:
      return null;
  }
}

export function RichText({ doc, headingOffset = 0 }: { doc: unknown; headingOffset?: number }) {
  if (!doc || typeof doc !== 'object') return typeof doc === 'string' ? <p>{doc}</p> : null;
  return <div className="rich-text">{renderNode(doc as RichNode, 0, headingOffset)}</div>;
}
