// The CMS editor shows preview pages in its iframe (spec 4 StoryblockUpdated through the preview bridge):
// preview pages, and only they, may be framed, and only by the editor's origins; every other page keeps
// frame-ancestors 'none' and X-Frame-Options DENY (clickjacking).
import t from 'tap';
import { startHarness } from './harness.ts';
import { EDITOR_ORIGINS } from '../../src/contracts/preview-bridge.ts';

t.test('served over HTTP', async (t) => {
  const h = await startHarness();
  t.teardown(() => h.close());
  for (const path of ['/preview/components/data-privacy', '/en/preview/components/trusted-shops-toggle']) {
    const res = await h.get('ch.localhost', path);
    const csp = String(res.headers['content-security-policy']);
    t.match(csp, `frame-ancestors ${EDITOR_ORIGINS.join(' ')}`, `${path}: the editor may frame it`);
    t.notMatch(csp, /frame-ancestors 'none'/);
    t.equal(res.headers['x-frame-options'], undefined);
  }
  for (const path of ['/', '/ankauf', '/previewx', '/kontakt?x=/preview/']) {
    const res = await h.get('ch.localhost', path);
    t.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, `${path}: nobody frames it`);
    t.equal(res.headers['x-frame-options'], 'DENY');
  }
});
