import t from 'tap';
import { startHarness } from './harness.ts';

t.test('with MAINTENANCE=on every page but the maintenance page redirects to it; health and files keep working', async (t) => {
  const h = await startHarness({ env: { MAINTENANCE: 'on' } });
  t.teardown(() => h.close());
  for (const [path, target] of [['/', '/maintenance'], ['/shop', '/maintenance'], ['/en/cart?type=buy', '/en/maintenance'], ['/datenschutz', '/maintenance']]) {
    const res = await h.get('ch.localhost', path);
    t.equal(res.status, 302, `${path} redirects`);
    t.equal(res.headers.location, target);
  }
  const page = await h.get('ch.localhost', '/maintenance');
  t.equal(page.status, 200);
  t.match(page.text, /layout-minimal/);
  const en = await h.get('ch.localhost', '/en/maintenance');
  t.equal(en.status, 200);
  t.match(en.text, /<html lang="en"/);
  t.not((await h.get('ch.localhost', '/health')).status, 302, 'health is not redirected');
  t.equal((await h.get('ch.localhost', '/favicon.svg')).status, 200, 'static files are served');
});

t.test('with MAINTENANCE=off the maintenance page redirects home', async (t) => {
  const h = await startHarness({ env: { MAINTENANCE: 'off' } });
  t.teardown(() => h.close());
  const res = await h.get('ch.localhost', '/maintenance');
  t.equal(res.status, 302);
  t.equal(res.headers.location, '/');
  t.equal((await h.get('ch.localhost', '/en/maintenance')).headers.location, '/en');
});
