// spec 3: the locale cookie i18n_redirected (365 days), set when a visitor picks a language and honoured at the
// root: over real HTTP, the Austrian root's ?lang= pick sets it (with the lang cookie), and every store's root
// sends a visitor who picked English to /en.
import t from 'tap';
import { startHarness } from './harness.ts';

const h = await startHarness();
t.teardown(() => h.close());

const cookieLines = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

t.test('a pick by ?lang= sets i18n_redirected for 365 days', async (t) => {
  const res = await h.get('at.localhost', '/?lang=en');
  t.equal(res.status, 302);
  t.equal(res.headers.location, '/en');
  const line = cookieLines(res.headers['set-cookie']).find((c) => c.startsWith('i18n_redirected='));
  t.ok(line, 'the locale cookie is set');
  t.match(line, /^i18n_redirected=en;/);
  t.match(line, /Max-Age=31536000/, '365 days');
  t.match(line, /Path=\//);
  t.match(line, /SameSite=Lax/);
  const de = await h.get('at.localhost', '/?lang=de');
  t.match(cookieLines(de.headers['set-cookie']).join('\n'), /i18n_redirected=de;/, 'a German pick too');
});

t.test('the root honours it on every store', async (t) => {
  for (const host of ['ch.localhost', 'de.localhost', 'li.localhost', 'at.localhost']) {
    const en = await h.get(host, '/', { cookie: 'i18n_redirected=en' });
    t.equal(en.status, 302, `${host}: English picked`);
    t.equal(en.headers.location, '/en');
    const de = await h.get(host, '/', { cookie: 'i18n_redirected=de', 'accept-language': 'en-US,en;q=0.9' });
    t.equal(de.status, 200, `${host}: German picked stays German whatever the browser prefers`);
    t.match(String(de.headers.vary), /Cookie/, 'the answer varies by cookie');
  }
  const none = await h.get('ch.localhost', '/');
  t.equal(none.status, 200, 'no pick: the store\'s German root');
  const page = await h.get('ch.localhost', '/datenschutz', { cookie: 'i18n_redirected=en' });
  t.equal(page.status, 200, 'a German page asked for by its address is shown');
});
