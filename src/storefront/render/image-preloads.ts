// The images a page asks the browser for before it paints (issue 27, phone paint). React collects them while
// it renders the shell: an <img> with fetchPriority="high" (the hero, a product's large picture), and the
// first few other images that are not loading="lazy". Without help it writes their preload links at the top
// of #root, behind the head's script preloads: on a phone the browser's preload scanner reached the largest
// image only after dispatching 30 script requests (171 ms after the document on the throttled phone), and
// over HTTP/1.1 it then waited for one of the six connections the scripts held.
// Decision: the renderer hands React an onHeaders callback (renderToPipeableStream), so React gives those
// preloads as an early Link header instead of body links; the document's head writes them as link elements,
// the high-priority ones right after the stylesheet and before the scripts, the others after the scripts
// (where React's own links sat before). Not sent as an HTTP Link header: the page cache keeps only the body.
export interface ImagePreload {
  href: string;
  high: boolean;
}

/** One `<url>; rel=preload; as="image"; fetchpriority="high"` entry of a Link header, as React writes it. */
const ENTRY = /<([^>]*)>((?:\s*;\s*[a-z-]+(?:="[^"]*"|=[^;,]*)?)*)/g;
const PARAM = /;\s*([a-z-]+)(?:="([^"]*)"|=([^;,]*))?/g;

/** The image preloads of a Link header React gave to onHeaders; anything else in it is ignored. */
export function imagePreloadsOf(link: string | null | undefined): ImagePreload[] {
  if (!link) return [];
  const out: ImagePreload[] = [];
  for (const [, href, params] of link.matchAll(ENTRY)) {
    const p = new Map([...params.matchAll(PARAM)].map(([, k, quoted, bare]) => [k, quoted ?? bare ?? '']));
    if (p.get('rel') !== 'preload' || p.get('as') !== 'image' || !href) continue;
    out.push({ href, high: p.get('fetchpriority') === 'high' });
  }
  return out;
}
