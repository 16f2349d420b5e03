// Storyblok richtext documents, and the small Markdown subset our story files may use to write them.
// Authors write long legal texts far more reliably as Markdown than as nested JSON; the service turns
// { "$markdown": "..." } into the richtext JSON Storyblok's delivery API returns, so the storefront only
// ever sees real richtext. Supported (see README): headings (#..######), paragraphs, "- " bullet lists,
// "1. " ordered lists, **bold**, *italic*, [text](href) links, [text](story:slug) links to a story of
// the same domain, and a trailing backslash for a line break.

export interface RichTextMark {
  type: 'bold' | 'italic' | 'link';
  attrs?: Record<string, unknown>;
}

export interface RichTextNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}

export interface RichTextDoc {
  type: 'doc';
  content: RichTextNode[];
}

/** Key under which a story link inside Markdown remembers its target until the domain is known. */
export const STORY_REF = '$story';

/** Turns the Markdown subset into a richtext doc. Unknown syntax is kept as literal text, never dropped. */
export function markdownToRichText(source: string | string[]): RichTextDoc {
  const text = Array.isArray(source) ? source.join('\n') : source;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const content: RichTextNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      content.push({ type: 'heading', attrs: { level: heading[1].length }, content: inline(heading[2].trim()) });
      i++;
      continue;
    }
    const listKind = listItemKind(line);
    if (listKind) {
      const items: RichTextNode[] = [];
      while (i < lines.length && listItemKind(lines[i]) === listKind) {
        let itemText = lines[i].replace(/^\s*(?:[-*]|\d+\.)\s+/, '');
        i++;
        // indented continuation lines belong to the same item
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !listItemKind(lines[i])) {
          itemText = `${itemText.trimEnd()} ${lines[i].trim()}`;
          i++;
        }
        items.push({ type: 'list_item', content: [{ type: 'paragraph', content: inline(itemText.trim()) }] });
      }
      content.push(listKind === 'bullet'
        ? { type: 'bullet_list', content: items }
        : { type: 'ordered_list', attrs: { order: 1 }, content: items });
      continue;
    }
    // a paragraph runs until a blank line, a heading or a list
    const parts: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && !/^#{1,6}\s/.test(lines[i]) && !listItemKind(lines[i])) {
      parts.push(lines[i].trim());
      i++;
    }
    const nodes: RichTextNode[] = [];
    parts.forEach((part, n) => {
      const hardBreak = part.endsWith('\\');
      nodes.push(...inline(hardBreak ? part.slice(0, -1).trimEnd() : part));
      if (n < parts.length - 1) nodes.push(hardBreak ? { type: 'hard_break' } : { type: 'text', text: ' ' });
    });
    content.push({ type: 'paragraph', content: mergeText(nodes) });
  }
  return { type: 'doc', content };
}

function listItemKind(line: string): 'bullet' | 'ordered' | null {
  if (/^\s*[-*]\s+\S/.test(line) && !/^\s*\*\*/.test(line)) return 'bullet';
  if (/^\s*\d+\.\s+\S/.test(line)) return 'ordered';
  return null;
}

/** Inline Markdown: **bold**, *italic*, [text](href); marks may nest (bold link, italic inside bold). */
function inline(src: string, marks: RichTextMark[] = []): RichTextNode[] {
  const out: RichTextNode[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push(textNode(buf, marks));
    buf = '';
  };
  let i = 0;
  while (i < src.length) {
    if (src.startsWith('**', i)) {
      const end = src.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push(...inline(src.slice(i + 2, end), [...marks, { type: 'bold' }]));
        i = end + 2;
        continue;
      }
    }
    // *italic* opens only at a word start, so "(*)" in legal forms stays literal
    if (src[i] === '*' && src[i + 1] !== '*' && src[i + 1] !== ' ' && (i === 0 || /\s/.test(src[i - 1]))) {
      const end = findClosingStar(src, i + 1);
      if (end > i + 1) {
        flush();
        out.push(...inline(src.slice(i + 1, end), [...marks, { type: 'italic' }]));
        i = end + 1;
        continue;
      }
    }
    if (src[i] === '[') {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(src.slice(i));
      if (link) {
        flush();
        out.push(...inline(link[1], [...marks, linkMark(link[2])]));
        i += link[0].length;
        continue;
      }
    }
    buf += src[i];
    i++;
  }
  flush();
  return mergeText(out);
}

function findClosingStar(src: string, from: number): number {
  for (let j = from; j < src.length; j++) {
    if (src[j] === '*' && src[j - 1] !== ' ' && src[j - 1] !== '*' && (j + 1 === src.length || /[\s.,;:!?)]/.test(src[j + 1]))) return j;
  }
  return -1;
}

function linkMark(target: string): RichTextMark {
  if (target.startsWith('story:')) {
    // resolved per domain when the story is materialised (href, uuid)
    return { type: 'link', attrs: { href: '', uuid: null, anchor: null, target: null, linktype: 'story', [STORY_REF]: target.slice(6) } };
  }
  const external = /^(https?:|mailto:|tel:)/.test(target);
  return {
    type: 'link',
    attrs: {
      href: target, uuid: null, anchor: null, target: external && !target.startsWith('mailto:') && !target.startsWith('tel:') ? '_blank' : null,
      linktype: target.startsWith('mailto:') ? 'email' : 'url',
    },
  };
}

function textNode(text: string, marks: RichTextMark[]): RichTextNode {
  return marks.length ? { type: 'text', text, marks: marks.map((m) => ({ ...m })) } : { type: 'text', text };
}

/** Joins neighbouring text nodes with identical marks, as editors produce them. */
function mergeText(nodes: RichTextNode[]): RichTextNode[] {
  const out: RichTextNode[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (last && last.type === 'text' && n.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(n.marks ?? [])) {
      last.text = (last.text ?? '') + (n.text ?? '');
    } else {
      out.push(n);
    }
  }
  return out;
}

/** Plain text of a richtext doc (search_term, tests). */
export function richTextToPlain(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const n = node as RichTextNode;
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'hard_break') return '\n';
  const inner = (n.content ?? []).map(richTextToPlain);
  return ['doc', 'bullet_list', 'ordered_list', 'list_item'].includes(n.type) ? inner.join('\n') : inner.join('');
}
