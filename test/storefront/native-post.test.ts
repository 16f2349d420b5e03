// A form sent before the page's script took it over is a native POST (method="post" on every form the script
// handles): its fields never travel in a URL, and the storefront answers 303 to the same page without reading
// or logging them (routes/pages.ts).
import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
t.before(async () => {
  h = await startHarness();
});
t.teardown(() => h.close());

const post = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
  request(`http://127.0.0.1:${h.port}${path}`, { method: 'POST', headers: { host: `ch.localhost:${h.port}`, 'content-type': type }, body });

t.test('a login form posted before hydration answers 303 to the same page on the store origin, not 404 or 415', async (t) => {
  const res = await post('/en/login?redirect=%2Fen%2Faccount', 'email=a%40example.com&password=secret-Passw0rd');
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, `http://ch.localhost:${h.port}/en/login?redirect=%2Fen%2Faccount`);
  t.equal(res.headers['cache-control'], 'no-store');
  t.notMatch(await res.body.text(), /secret-Passw0rd/);
  // the page it sends the browser to renders the form again
  const page = await h.get('ch.localhost', '/en/login?redirect=%2Fen%2Faccount');
  t.equal(page.status, 200);
  t.match(page.text, /<form class="form"[^>]*method="post">/);
});

t.test('a path that would leave the store origin stays on it', async (t) => {
  const res = await post('//evil.example/x', 'a=b', 'multipart/form-data; boundary=x');
  t.equal(res.statusCode, 303);
  t.equal(new URL(String(res.headers.location)).host, `ch.localhost:${h.port}`);
  await res.body.dump();
});

t.test('a post to the API is answered by the API (its CSRF check first), never by a page redirect', async (t) => {
  const res = await post('/api/nothing-here', '{}', 'application/json');
  t.equal(res.statusCode, 403);
  t.notOk(res.headers.location);
  await res.body.dump();
});

t.test('every form the script handles is method="post" (a native GET would put its fields in the URL)', async (t) => {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.tsx') ? [p] : [];
  });
  const forms = ['views', 'client'].flatMap(files).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/<form\b[^>]*>/g)].map((m) => ({ f, tag: m[0] })));
  t.ok(forms.length > 20, `${forms.length} forms found`);
  for (const { f, tag } of forms) t.match(tag, /method="(post|get)"/, `${f}: ${tag.slice(0, 80)}`);
  // the GET forms are the ones that are meant to end in a URL: search, filters and sort
  for (const { f, tag } of forms.filter((x) => /method="get"/.test(x.tag))) t.match(tag, /search|filter|sort/, `${f} is a search, filter or sort form`);
});
