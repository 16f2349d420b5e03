// Renders the shop's RichDoc (reshaped from Storyblok richtext by the storefront) as React elements: no
// HTML strings, so content cannot inject markup; hrefs arrive checked (site paths, https, mailto, tel).
import type { ReactNode } from 'react';
import { Link } from '../components/ShopLink.tsx';
import type { RichDoc, RichNode, RichText as RichTextRun } from '../../src/contracts/content.ts';

function renderText(node: RichTextRun, key: number): ReactNode {
  let out: ReactNode = node.text;
  if (node.bold) out = <strong>{out}</strong>;
  if (node.italic) out = <em>{out}</em>;
  if (node.href?.startsWith('/')) return <Link key={key} to={node.href}>{out}</Link>;
  if (node.href) return <a key={key} href={node.href} rel="noopener noreferrer">{out}</a>;
  return typeof out === 'string' ? out : <span key={key}>{out}</span>;
}

function renderNodes(nodes: RichNode[], headingOffset: number): ReactNode[] {
  return nodes.map((n, i) => renderNode(n, i, headingOffset));
}

function renderNode(node: RichNode, key: number, headingOffset: number): ReactNode {
  // text without marks comes as a plain string (src/contracts/content.ts)
  if (typeof node === 'string') return node;
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{renderNodes(node.content, headingOffset)}</p>;
    case 'heading': {
      // Page titles are h1; content headings start at h2 whatever the editor chose.
      const level = Math.min(6, Math.max(2, node.level + headingOffset));
      const H = `h${level}` as 'h2';
      return <H key={key}>{renderNodes(node.content, headingOffset)}</H>;
    }
    case 'bullet_list':
      return <ul key={key}>{renderNodes(node.content, headingOffset)}</ul>;
    case 'ordered_list':
      return <ol key={key}>{renderNodes(node.content, headingOffset)}</ol>;
    case 'list_item':
      return <li key={key}>{renderNodes(node.content, headingOffset)}</li>;
    case 'blockquote':
      return <blockquote key={key}>{renderNodes(node.content, headingOffset)}</blockquote>;
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

export function RichText({ doc, headingOffset = 0, className = 'rich-text' }: { doc: RichDoc | undefined; headingOffset?: number; className?: string }) {
  if (!doc || doc.length === 0) return null;
  return <div className={className}>{renderNodes(doc, headingOffset)}</div>;
}
