// The HTML around the React stream: written before the first byte of React's shell, so the head (title,
// canonical, styles, preloads) reaches the browser at once.
import type { Language } from '../../stores.ts';
import { pathFor } from '../../screens.ts';
import type { AssetManifest } from './assets.ts';
import type { ImagePreload } from './image-preloads.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export interface HeadInput {
  lang: Language;
  title: string;
  description?: string;
  canonical: string;
  alternates: { hreflang: string; href: string }[];
  noindex?: boolean;
  /** absolute URL of a raster picture for link previews */
  image?: string;
  manifestHref: string;
  /** schema.org objects, each already serialised safe for a script element */
  jsonLd?: string[];
  assets: AssetManifest;
  nonce: string;
  /** the images the page's shell preloads (React's early preloads, image-preloads.ts) */
  images?: ImagePreload[];
}

/** Link elements for the head: the page's high-priority images (its largest: the hero, a product's picture) or the others. */
function imagePreloadLinks(images: ImagePreload[] | undefined, high: boolean): string {
  return (images ?? [])
    .filter((p) => p.high === high)
    .map((p) => `<link rel="preload" as="image" href="${escapeHtml(p.href)}"${high ? ' fetchpriority="high"' : ''}>`)
    .join('');
}

export function documentStart(h: HeadInput): string {
  const a = h.assets;
  return (
    `<!doctype html><html lang="${h.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(h.title)}</title>` +
    (h.description ? `<meta name="description" content="${escapeHtml(h.description)}">` : '') +
    (h.noindex ? `<meta name="robots" content="noindex">` : '') +
    `<link rel="canonical" href="${escapeHtml(h.canonical)}">` +
    (h.image ? `<meta property="og:image" content="${escapeHtml(h.image)}">` : '') +
    h.alternates.map((x) => `<link rel="alternate" hreflang="${x.hreflang}" href="${escapeHtml(x.href)}">`).join('') +
    // data, not script: the CSP does not apply to it, so it carries no nonce
    (h.jsonLd ?? []).map((j) => `<script type="application/ld+json">${j}</script>`).join('') +
    `<meta name="theme-color" content="#14213d">` +
    `<link rel="manifest" href="${h.manifestHref}">` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    // iOS reads no manifest icons and no SVG: an opaque PNG (made at build, src/raster-images.ts)
    `<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">` +
    a.css.map((c) => `<link rel="stylesheet" href="${c}">`).join('') +
    // the largest image is requested with the stylesheet, before the scripts take the connections (issue 27)
    imagePreloadLinks(h.images, true) +
    // The script is fetched early, after what paints (the stylesheet, the largest image), and only fetched:
    // a plain preload, not modulepreload, which would also parse every module on the main thread before
    // the first paint on a slow phone. It runs after the first paint (ssr.tsx).
    [a.entry, ...a.preload].map((p) => `<link rel="preload" as="script" crossorigin href="${p}" fetchpriority="low" nonce="${h.nonce}">`).join('') +
    imagePreloadLinks(h.images, false) +
    `</head><body><div id="root">`
  );
}

/** The end of the document; `scripts` go after the React root (nothing React hydrates). */
export function documentEnd(scripts = ''): string {
  return `</div>${scripts}</body></html>`;
}

/** A page rendered without React: the 500 page when the shell itself fails, and plain pages for bots. */
export function plainPage(lang: Language, title: string, text: string, assets?: AssetManifest): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">` +
    (assets ? assets.css.map((c) => `<link rel="stylesheet" href="${c}">`).join('') : '') +
    `</head><body><main id="main" class="container page-section"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>` +
    `<p><a href="${pathFor('home', lang)}">${lang === 'en' ? 'Home' : 'Startseite'}</a></p></main></body></html>`
  );
}
