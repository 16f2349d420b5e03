// The frame of every back-office page: the document, the top bar (navigation, language, who is signed in)
// and the main region with the page's title and notice. Server-rendered React, no script at all, so the strict
// CSP holds and keyboard and screen readers work by default.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { OperatorRole } from '../../contracts/ops.ts';
import { languages, type Fmt } from '../format.ts';
import type { Notice } from './request.ts';

export interface Viewer {
  email: string;
  roles: OperatorRole[];
}

export interface PageProps {
  f: Fmt;
  csrf: string;
  viewer: Viewer | null;
  /** the path of this page with its query (for the language links) */
  path: string;
  title: string;
  /** a message above the content: a refusal (error) or a step done (success) */
  notice?: Notice | null;
  children: ReactNode;
}

export function renderPage(node: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(node)}`;
}

const withLang = (path: string, lang: string) => {
  const [p, q = ''] = path.split('?');
  const qs = new URLSearchParams(q);
  qs.set('lang', lang);
  return `${p}?${qs}`;
};

export function Page({ f, csrf, viewer, path, title, notice, children }: PageProps) {
  const { t } = f;
  const isAdmin = viewer?.roles.includes('admin') ?? false;
  const nav: [string, string, boolean][] = viewer
    ? [
        ['/orders', t('nav.orders'), true],
        ['/bank-statements', t('nav.statements'), viewer.roles.includes('finance') || isAdmin],
        ['/documents', t('nav.documents'), viewer.roles.includes('finance') || isAdmin],
        ['/audit', t('nav.audit'), true],
        ['/cases', t('nav.cases'), isAdmin],
        ['/operators', t('nav.operators'), isAdmin],
      ]
    : [];
  const section = '/' + (path.split('?')[0].split('/')[1] ?? '');
  return (
    <html lang={f.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${t('name')}`}</title>
        <link rel="stylesheet" href="/assets/backoffice.css" />
      </head>
      <body>
        <a className="skip" href="#main">{t('skipToContent')}</a>
        <header className="top">
          <p className="brand"><a href="/orders">{t('name')}</a></p>
          {viewer && (
            <nav aria-label={t('nav.label')}>
              <ul>
                {nav.filter(([, , show]) => show).map(([href, label]) => (
                  <li key={href}><a href={href} aria-current={section === href ? 'page' : undefined}>{label}</a></li>
                ))}
              </ul>
            </nav>
          )}
          <div className="who">
            <ul className="langs" aria-label={t('language')}>
              {languages.map((l) => (
                <li key={l}>
                  {l === f.lang
                    ? <span aria-current="true" lang={l}>{l.toUpperCase()}</span>
                    : <a href={withLang(path, l)} lang={l} hrefLang={l} aria-label={f.tAny(`backoffice.languageName.${l}`)}>{l.toUpperCase()}</a>}
                </li>
              ))}
            </ul>
            {viewer && (
              <form method="post" action="/sign-out" className="inline">
                <input type="hidden" name="_csrf" value={csrf} />
                <span className="me"><a href="/me" aria-current={section === '/me' ? 'page' : undefined}>{viewer.email}</a> <span className="roles">({viewer.roles.map((r) => t(`role.${r}`)).join(', ')})</span></span>
                <button type="submit" className="link">{t('signOut')}</button>
              </form>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          <h1>{title}</h1>
          {notice && (
            <p className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>
          )}
          {children}
        </main>
      </body>
    </html>
  );
}

/** A page's only message (a refusal, a page not found) with a way back. */
export function MessageView({ f, text, link }: { f: Fmt; text: string; link?: { href: string; label: string } }) {
  return (
    <div className="card">
      <p>{text}</p>
      {link ? <p><a href={link.href}>{link.label}</a></p> : <p><a href="/orders">{f.t('detail.back')}</a></p>}
    </div>
  );
}
