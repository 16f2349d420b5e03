// The HTML part of every mail: one React component rendered on the server (react-dom/server). React
// escapes every text and attribute, so names, product names and other values a customer typed stay text.
import { Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../stores.ts';

/** A paragraph of lines (one <p>, lines split by <br>), or a link on its own line. */
export type MailBlock = { kind: 'text'; lines: string[] } | { kind: 'link'; href: string };

const bodyStyle = { fontFamily: 'Arial,Helvetica,sans-serif', fontSize: '15px', lineHeight: 1.5, color: '#222' } as const;

export function MailDocument({ lang, subject, blocks }: { lang: Language; subject: string; blocks: MailBlock[] }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <title>{subject}</title>
      </head>
      <body style={bodyStyle}>
        {blocks.map((b, i) => (b.kind === 'link'
          ? <p key={i}><a href={b.href}>{b.href}</a></p>
          : <p key={i}>{b.lines.map((line, j) => <Fragment key={j}>{j > 0 && <br />}{line}</Fragment>)}</p>))}
      </body>
    </html>
  );
}

export function renderMailHtml(props: { lang: Language; subject: string; blocks: MailBlock[] }): string {
  return `<!doctype html>${renderToStaticMarkup(<MailDocument {...props} />)}`;
}

/** The plain-text part from the same blocks: paragraphs split by an empty line. */
export function renderMailText(blocks: MailBlock[]): string {
  return blocks.map((b) => (b.kind === 'link' ? b.href : b.lines.join('\n'))).join('\n\n') + '\n';
}
