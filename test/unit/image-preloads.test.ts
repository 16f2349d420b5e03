// React's early Link header (renderToPipeableStream's onHeaders) read back as the head's image preloads.
import t from 'tap';
import { imagePreloadsOf } from '../../src/storefront/render/image-preloads.ts';
import { documentStart } from '../../src/storefront/render/document.ts';

t.test('the image preloads of a Link header, high priority marked; other hints ignored', async (t) => {
  t.same(imagePreloadsOf(undefined), []);
  t.same(imagePreloadsOf(''), []);
  t.same(
    imagePreloadsOf('<https://fonts.example>; rel=preconnect, </a.svg>; rel=preload; as="image"; fetchpriority="high", </b.svg?x=1&y=2>; rel=preload; as="image", </f.woff2>; rel=preload; as="font"; type="font/woff2"'),
    [{ href: '/a.svg', high: true }, { href: '/b.svg?x=1&y=2', high: false }],
  );
});

t.test('the head: high-priority images after the stylesheet and before the scripts, the others after the scripts, escaped', async (t) => {
  const head = documentStart({
    lang: 'en', title: 'T', canonical: 'https://x/', alternates: [], manifestHref: '/m', nonce: 'n',
    assets: { buildId: 'b', entry: '/build/entry.js', css: ['/build/entry.css'], preload: ['/build/chunk.js'] },
    images: [{ href: '/hero.svg', high: true }, { href: '/b.svg?x=1&y="2"', high: false }],
  });
  const css = head.indexOf('<link rel="stylesheet"');
  const hero = head.indexOf('<link rel="preload" as="image" href="/hero.svg" fetchpriority="high">');
  const script = head.indexOf('<link rel="preload" as="script"');
  const other = head.indexOf('<link rel="preload" as="image" href="/b.svg?x=1&amp;y=&quot;2&quot;">');
  t.ok(css >= 0 && css < hero && hero < script && script < other, 'stylesheet, hero, scripts, other images');
});
