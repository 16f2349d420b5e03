// The share of a served page that is data for hydration (issue 27: at most half of the document): the
// inline scripts that hand data to the browser (the boot facts, react-router's loader data, streamed
// values and the page's strings), against the whole document as the browser gets it (decompressed).
// Shared by the benchmark (test/bench/hydration/run.ts, production build) and the test that holds the
// goal (test/shop/hydration-share.test.ts): bytes are exact, so both count the same.

/** The goal: hydration data at most this share of the document. */
export const HYDRATION_SHARE_GOAL = 0.5;

export interface HydrationShare {
  /** the whole document in bytes (UTF-8, decompressed) */
  document: number;
  /** the inline scripts that carry data: boot, router data, streamed values, strings */
  data: number;
  /** of which the page's strings (window.__strings) */
  strings: number;
  /** of which the loader data (window.__staticRouterHydrationData and streamed values) */
  loaderData: number;
  share: number;
}

/** Measures one served document. */
export function hydrationShare(html: string): HydrationShare {
  let data = 0;
  let strings = 0;
  let loaderData = 0;
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    // the bootstrap script ends in the entry's start code (~190 bytes of code, not data): not counted
    const body = m[1].replace(/;var s=function\(\)[\s\S]*$/, ';');
    if (!/window\.(__boot|__staticRouterHydrationData|__d|__strings)\b|\(window\.__d=/.test(body)) continue;
    const bytes = Buffer.byteLength(body);
    data += bytes;
    if (body.startsWith('window.__strings=')) strings += bytes;
    else if (/__staticRouterHydrationData|window\.__d\b/.test(body)) loaderData += bytes;
  }
  const document = Buffer.byteLength(html);
  return { document, data, strings, loaderData, share: data / document };
}

/** The pages measured: home in both languages, shop, product, a CMS page, blog, cart, login and contact
 * on the Swiss store. */
export const HYDRATION_PAGES: { name: string; path: string }[] = [
  { name: 'home (de)', path: '/' },
  { name: 'home (en)', path: '/en' },
  { name: 'shop', path: '/shop' },
  { name: 'product', path: '/produkt/kruegerrand-1-unze-gold' },
  { name: 'CMS page', path: '/datenschutz' },
  { name: 'blog', path: '/blog' },
  { name: 'cart', path: '/warenkorb?type=buy' },
  { name: 'login', path: '/login' },
  { name: 'contact', path: '/kontakt' },
];
